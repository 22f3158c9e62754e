import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/db/client";
import { signInThrottles } from "@/db/schema";
import { peerHeader, postSignIn } from "@/test/support/auth-requests";
import { fileEnv } from "@/test/support/file-env";
import { addOperator, startTestApp } from "@/test/support/focal-test-app";
import { HOST, ORIGIN } from "@/test/support/request-headers";
import { handleAuthRequest } from "./handle-auth-request";

// Real route handler, real better-auth, real database: every request carries the socket peer the
// server hook would have recorded.
let handle: DatabaseHandle;
const LIMIT = 5;
const environment = fileEnv();

beforeAll(async () => {
  environment.set({ FOCAL_SIGN_IN_LIMIT_PER_MINUTE: String(LIMIT), FOCAL_TRUST_PROXY: undefined });
  handle = await startTestApp();
});
afterAll(async () => {
  await handle?.close();
});
beforeEach(async () => {
  await handle.db.delete(signInThrottles);
});

function trustProxy(value: string | undefined) {
  environment.set({ FOCAL_TRUST_PROXY: value });
}

/** Lets the account's current backoff run out without waiting for it. */
async function skipBackoff(email: string) {
  await handle.db
    .update(signInThrottles)
    .set({ blockedUntil: sql`now() - interval '1 second'` })
    .where(eq(signInThrottles.key, `account:${email}`));
}

describe("per-address limit", () => {
  it("counts the socket peer, not X-Forwarded-For: a new spoofed address per attempt still hits 429", async () => {
    const who = await addOperator(handle, "spoof@focal.test", "admin");
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const response = await postSignIn(who.email, "wrong-password", {
        peer: "203.0.113.7",
        headers: { "x-forwarded-for": `198.51.100.${i + 1}` },
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, LIMIT).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(LIMIT).every((s) => s === 429)).toBe(true);
    const right = await postSignIn(who.email, who.password, {
      peer: "203.0.113.7",
      headers: { "x-forwarded-for": "192.0.2.200" },
    });
    expect(right.status).toBe(429);
    expect(Number(right.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("counts an IPv6 client by its /64, so rotating addresses inside it does not reset the count", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 2; i++) {
      statuses.push((await postSignIn(`v6-${i}@focal.test`, "guess", { peer: `2001:db8:7:7::${i + 1}` })).status);
    }
    expect(statuses.slice(LIMIT)).toEqual([429, 429]);
    expect((await postSignIn("v6@focal.test", "guess", { peer: "2001:db8:7:8::1" })).status).toBe(401);
  });

  it("limits every spelling of the sign-in path alike", async () => {
    const who = await addOperator(handle, "paths@focal.test", "admin");
    for (let i = 0; i < LIMIT; i++) await postSignIn(who.email, "wrong-password", { peer: "203.0.113.8" });
    for (const path of [
      "/api/auth/sign-in/email/",
      "/api/auth//sign-in/email",
      "/api/auth/%73ign-in/email",
      "/api/auth/Sign-In/email",
    ]) {
      const response = await handleAuthRequest(
        new Request(`${ORIGIN}${path}`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: ORIGIN, host: HOST, ...peerHeader("203.0.113.8") },
          body: JSON.stringify({ email: who.email, password: who.password }),
        }),
      );
      expect(response.status, path).toBe(429);
    }
  });

  it("gives each client address its own bucket: one address's failures lock nobody else out", async () => {
    const victim = await addOperator(handle, "victim@focal.test", "admin");
    for (let i = 0; i < LIMIT + 3; i++) await postSignIn("someone@focal.test", "guess", { peer: "198.51.100.66" });
    expect((await postSignIn("someone@focal.test", "guess", { peer: "198.51.100.66" })).status).toBe(429);
    expect((await postSignIn(victim.email, victim.password, { peer: "192.0.2.10" })).status).toBe(200);
  });

  it("with FOCAL_TRUST_PROXY=1 the proxy's appended address is the client; the client's own entries are not", async () => {
    trustProxy("1");
    try {
      const who = await addOperator(handle, "hop@focal.test", "designer");
      const statuses: number[] = [];
      for (let i = 0; i < LIMIT + 1; i++) {
        const response = await postSignIn(who.email, "wrong-password", {
          peer: "10.0.0.2",
          headers: { "x-forwarded-for": `198.51.100.${i + 1}, 203.0.113.9` },
        });
        statuses.push(response.status);
      }
      expect(statuses.at(-1)).toBe(429);
      // Another real client behind the same proxy is unaffected.
      const other = await postSignIn(who.email, who.password, {
        peer: "10.0.0.2",
        headers: { "x-forwarded-for": "203.0.113.10" },
      });
      expect(other.status).toBe(200);
    } finally {
      trustProxy(undefined);
    }
  });
});

describe("per-account backoff", () => {
  it("slows guessing from many addresses with capped, growing delays, even for the right password", async () => {
    const who = await addOperator(handle, "target@focal.test", "admin");
    for (let i = 0; i < 5; i++) {
      expect((await postSignIn(who.email, "wrong-password", { peer: `198.18.0.${i + 1}` })).status).toBe(401);
    }
    const delays: number[] = [];
    for (let i = 0; i < 8; i++) {
      expect((await postSignIn(who.email, "wrong-password", { peer: `198.18.1.${i + 1}` })).status).toBe(401);
      const blocked = await postSignIn(who.email, who.password, { peer: `198.18.2.${i + 1}` });
      expect(blocked.status).toBe(429);
      delays.push(Number(blocked.headers.get("retry-after")));
      await skipBackoff(who.email);
    }
    // 2, 4, 8, 16, 32 s, then capped at a minute (±1 s of clock rounding).
    expect(delays.slice(0, 5).map((d, i) => Math.abs(d - 2 ** (i + 1)) <= 1)).toEqual([true, true, true, true, true]);
    expect(delays.slice(5).every((d) => d >= 59 && d <= 60)).toBe(true);
    // Once the wait is over the right password works and clears the backoff.
    expect((await postSignIn(who.email, who.password, { peer: "198.18.3.1" })).status).toBe(200);
    const [row] = await handle.db
      .select()
      .from(signInThrottles)
      .where(eq(signInThrottles.key, `account:${who.email}`));
    expect(row).toBeUndefined();
  });

  it("lets the operator in from an address they signed in from before while strangers keep the account blocked", async () => {
    const who = await addOperator(handle, "usual@focal.test", "admin");
    expect((await postSignIn(who.email, who.password, { peer: "192.0.2.50" })).status).toBe(200);
    for (let i = 0; i < 7; i++) await postSignIn(who.email, "wrong-password", { peer: `198.19.0.${i + 1}` });
    expect((await postSignIn(who.email, who.password, { peer: "198.19.9.9" })).status).toBe(429);
    expect((await postSignIn(who.email, who.password, { peer: "192.0.2.50" })).status).toBe(200);
  });

  it("admits one of many concurrent attempts once the free ones are used", async () => {
    const who = await addOperator(handle, "burst@focal.test", "viewer");
    for (let i = 0; i < 5; i++) await postSignIn(who.email, "wrong-password", { peer: `198.20.0.${i + 1}` });
    const statuses = await Promise.all(
      Array.from({ length: 6 }, (_, i) => postSignIn(who.email, "wrong-password", { peer: `198.20.1.${i + 1}` })),
    ).then((responses) => responses.map((r) => r.status));
    expect(statuses.filter((s) => s === 401)).toHaveLength(1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
  });
});

/** The device cookie a successful sign-in set, as a Cookie header. */
function deviceCookieOf(response: Response): Record<string, string> {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("focal_device="));
  if (!cookie) throw new Error("no device cookie");
  return { cookie: cookie.split(";")[0] ?? "" };
}

describe("the right password is never locked out by wrong ones", () => {
  it("after 16 wrong passwords from the operator's own address, the browser with its device cookie signs in", async () => {
    const who = await addOperator(handle, "device@focal.test", "admin");
    const first = await postSignIn(who.email, who.password, { peer: "203.0.113.60" });
    expect(first.status).toBe(200);
    const setCookie = first.headers.getSetCookie().find((c) => c.startsWith("focal_device=")) ?? "";
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Strict/i);
    const device = deviceCookieOf(first);

    // Someone else at the same address (a shared proxy): 10 wrong for the account from a known
    // address, then 5 more as a stranger, then refused.
    const statuses: number[] = [];
    for (let i = 0; i < 17; i++)
      statuses.push((await postSignIn(who.email, "wrong-password", { peer: "203.0.113.60" })).status);
    expect(statuses.slice(0, 15).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(15)).toEqual([429, 429]);

    const again = await postSignIn(who.email, who.password, { peer: "203.0.113.60", headers: device });
    expect(again.status).toBe(200);
    // And from anywhere else too, where strangers have run the account's backoff up.
    for (let i = 0; i < 8; i++) await postSignIn(who.email, "wrong-password", { peer: `198.18.9.${i + 1}` });
    expect((await postSignIn(who.email, who.password, { peer: "192.0.2.99" })).status).toBe(429);
    expect((await postSignIn(who.email, who.password, { peer: "192.0.2.99", headers: device })).status).toBe(200);
  });

  it("6 wrong passwords for any accounts from an address leave an operator who signed in from there before", async () => {
    const who = await addOperator(handle, "known-address@focal.test", "designer");
    expect((await postSignIn(who.email, who.password, { peer: "203.0.113.61" })).status).toBe(200);
    for (let i = 0; i < 6; i++) await postSignIn(`guess-${i}@focal.test`, "guess", { peer: "203.0.113.61" });
    expect((await postSignIn("guess-7@focal.test", "guess", { peer: "203.0.113.61" })).status).toBe(429);
    // No cookie (another browser on the same machine): the address it signed in from still counts.
    expect((await postSignIn(who.email, who.password, { peer: "203.0.113.61" })).status).toBe(200);
  });

  it("counts only wrong passwords against an address: right ones are taken back", async () => {
    const who = await addOperator(handle, "right-ones@focal.test", "viewer");
    const others = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((i) => addOperator(handle, `colleague-${i}@focal.test`, "viewer")),
    );
    // Six colleagues behind one address sign in for the first time: none is a wrong attempt.
    for (const other of others)
      expect((await postSignIn(other.email, other.password, { peer: "203.0.113.62" })).status).toBe(200);
    expect((await postSignIn(who.email, who.password, { peer: "203.0.113.62" })).status).toBe(200);
  });

  it("binds the device cookie to its account: it does not help another account", async () => {
    const owner = await addOperator(handle, "cookie-owner@focal.test", "viewer");
    const other = await addOperator(handle, "cookie-other@focal.test", "viewer");
    const device = deviceCookieOf(await postSignIn(owner.email, owner.password, { peer: "203.0.113.63" }));
    for (let i = 0; i < 6; i++) await postSignIn(`nobody-${i}@focal.test`, "guess", { peer: "198.51.100.63" });
    expect((await postSignIn(other.email, other.password, { peer: "198.51.100.63", headers: device })).status).toBe(
      429,
    );
    expect((await postSignIn(owner.email, owner.password, { peer: "198.51.100.63", headers: device })).status).toBe(
      200,
    );
  });

  it("limits a device's own wrong passwords to 10 in 15 minutes, then treats it as a stranger", async () => {
    const who = await addOperator(handle, "own-guesses@focal.test", "viewer");
    const device = deviceCookieOf(await postSignIn(who.email, who.password, { peer: "203.0.113.64" }));
    for (let i = 0; i < 10; i++) {
      const wrong = await postSignIn(who.email, "wrong-password", { peer: "198.51.100.64", headers: device });
      expect(wrong.status).toBe(401);
    }
    // Past its 10 the cookie vouches for nothing: from an address strangers have used up, it waits too.
    for (let i = 0; i < 6; i++) await postSignIn(`nobody-${i}@focal.test`, "guess", { peer: "198.51.100.65" });
    expect((await postSignIn(who.email, who.password, { peer: "198.51.100.65", headers: device })).status).toBe(429);
    // Another browser of the operator's, from a fresh address, is not held up by that device's guesses.
    expect((await postSignIn(who.email, who.password, { peer: "192.0.2.64" })).status).toBe(200);
  });
});

describe("Origin", () => {
  it("refuses sign-in without an Origin, or from another origin, with a 403 that says why", async () => {
    const who = await addOperator(handle, "origin@focal.test", "admin");
    const headerSets: Record<string, string>[] = [
      { host: HOST },
      { host: HOST, origin: "null" },
      { host: HOST, origin: "https://evil.example" },
      // A forwarded host from an untrusted peer does not make a foreign Origin same-origin.
      { host: HOST, origin: "https://evil.example", "x-forwarded-host": "evil.example" },
    ];
    for (const headers of headerSets) {
      const response = await handleAuthRequest(
        new Request(`${ORIGIN}/api/auth/sign-in/email`, {
          method: "POST",
          headers: { "content-type": "application/json", ...headers },
          body: JSON.stringify({ email: who.email, password: who.password }),
        }),
      );
      expect(response.status).toBe(403);
      expect((await response.json()).message).toMatch(/Origin/);
      expect(response.headers.getSetCookie()).toEqual([]);
    }
  });

  it("honours X-Forwarded-Host only from a trusted proxy", async () => {
    const who = await addOperator(handle, "fwd@focal.test", "admin");
    const behindProxy = {
      origin: "https://console.example",
      "x-forwarded-host": "console.example",
      host: "10.0.0.5:3000",
    };
    expect((await postSignIn(who.email, who.password, { peer: "10.0.0.2", headers: behindProxy })).status).toBe(403);
    trustProxy("10.0.0.0/8");
    try {
      expect((await postSignIn(who.email, who.password, { peer: "10.0.0.2", headers: behindProxy })).status).toBe(200);
      expect((await postSignIn(who.email, who.password, { peer: "198.51.100.1", headers: behindProxy })).status).toBe(
        403,
      );
    } finally {
      trustProxy(undefined);
    }
  });
});
