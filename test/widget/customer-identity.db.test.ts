import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as rotateSecretRoute, GET as secretStatusRoute } from "@/app/api/v1/agents/[key]/identity-secret/route";
import { POST as sessionsRoute } from "@/app/api/v1/agents/[key]/sessions/route";
import { GET as sessionRoute } from "@/app/api/v1/sessions/[id]/route";
import type { DatabaseHandle } from "@/db/client";
import { getAgentByKey } from "@/db/queries/agents";
import { customerIdentitySecrets, customerProfiles, ledgerEvents } from "@/db/schema";
import { startDemoApp, tableCounts } from "../support/focal-test-app";
import { loopApiKey } from "../support/loop-api";
import { callWithKey, type RouteHandler } from "../support/route-call";
import {
  createWidgetKey,
  freshWidgetAgent,
  mintCustomerToken,
  postWidgetTurn,
  startWidgetSession,
} from "../support/widget-requests";

// Who the customer of a widget session is (docs/widget.md#identified-customers): a publishable key never
// names one; the company's server vouches for a signed-in customer with a token signed by the agent's
// identity secret, and everything else is refused with 401 and nothing written.

let handle: DatabaseHandle;
let admin: string;

beforeAll(async () => {
  ({ handle } = await startDemoApp([]));
  admin = await loopApiKey(handle, ["admin"]);
}, 60_000);

afterAll(async () => {
  await handle?.close();
});

async function rotateSecret(agentKey: string) {
  const response = await callWithKey(
    rotateSecretRoute as RouteHandler,
    "POST",
    `/api/v1/agents/${agentKey}/identity-secret`,
    { key: agentKey },
    admin,
  );
  expect(response.status).toBe(201);
  return (await response.json()) as { secret: string; rotated: boolean };
}

/** An agent with a publishable key and an identity secret. */
async function identifiedDesk() {
  const agentKey = await freshWidgetAgent(handle);
  const { key } = await createWidgetKey(admin, agentKey);
  const { secret } = await rotateSecret(agentKey);
  return { agentKey, pk: key, secret };
}

/** The customer reference and profile a session belongs to, read as an admin reads the session. */
async function customerOf(sessionId: string) {
  const response = await callWithKey(
    sessionRoute as RouteHandler,
    "GET",
    `/api/v1/sessions/${sessionId}`,
    { id: sessionId },
    admin,
  );
  const { session } = await response.json();
  return { customerId: session.customer_id as string, profile: session.profile as Record<string, unknown> };
}

/** The victim of the probe: customer 123 with an order in their profile, made by the company's backend. */
async function victimProfile(agentKey: string) {
  const backend = await loopApiKey(handle, ["turns:write"]);
  const made = await callWithKey(
    sessionsRoute as RouteHandler,
    "POST",
    `/api/v1/agents/${agentKey}/sessions`,
    { key: agentKey },
    backend,
    { customer_id: "customer-123" },
  );
  expect(made.status).toBe(201);
  const agent = await getAgentByKey(handle.db, agentKey);
  await handle.db
    .update(customerProfiles)
    .set({ fields: { last_order: "order 123: $75.00, delivered" } })
    .where(eq(customerProfiles.customerRef, "customer-123"));
  return agent?.id;
}

describe("a publishable key never chooses the customer", () => {
  it("a body naming customer_id is refused with 422 naming the field, and nothing is written", async () => {
    const { agentKey, pk } = await identifiedDesk();
    await victimProfile(agentKey);
    const before = await tableCounts(handle);
    const response = await startWidgetSession(agentKey, { pk, body: { customer_id: "customer-123" } });
    expect(response.status).toBe(422);
    const body = await response.json();
    expect(body.errors).toEqual([{ path: "customer_id", message: expect.stringContaining("X-Focal-Customer-Token") }]);
    expect(JSON.stringify(body)).not.toContain("order 123");
    expect(await tableCounts(handle)).toEqual(before);
  });

  it("without a token the session is anonymous: its own empty profile, never another customer's", async () => {
    const { agentKey, pk } = await identifiedDesk();
    await victimProfile(agentKey);
    const response = await startWidgetSession(agentKey, { pk });
    expect(response.status).toBe(201);
    const { session_id } = await response.json();
    const customer = await customerOf(session_id);
    expect(customer.customerId).toMatch(/^widget-/);
    expect(customer.profile).toEqual({});
  });

  it("a secret key may still set customer_id", async () => {
    const agentKey = await freshWidgetAgent(handle);
    await victimProfile(agentKey);
    const [profile] = await handle.db
      .select()
      .from(customerProfiles)
      .where(eq(customerProfiles.customerRef, "customer-123"));
    expect(profile?.fields).toEqual({ last_order: "order 123: $75.00, delivered" });
  });
});

describe("signed identity tokens", () => {
  it("a token the company's server signed starts the session as that customer, with their profile", async () => {
    const { agentKey, pk, secret } = await identifiedDesk();
    await victimProfile(agentKey);
    const token = mintCustomerToken(secret, "customer-123");
    const response = await startWidgetSession(agentKey, { pk, headers: { "x-focal-customer-token": token } });
    expect(response.status).toBe(201);
    const { session_id, session_token } = await response.json();
    expect(await customerOf(session_id)).toEqual({
      customerId: "customer-123",
      profile: { last_order: "order 123: $75.00, delivered" },
    });
    const turn = await postWidgetTurn(session_id, "where is my order?", { pk, token: session_token });
    expect(turn.status).toBe(200);
  });

  it("a customer id with dots, spaces and accents survives the round trip", async () => {
    const { agentKey, pk, secret } = await identifiedDesk();
    const id = "Zoë.O'Brien@example.com 42";
    const token = mintCustomerToken(secret, id);
    const response = await startWidgetSession(agentKey, { pk, headers: { "x-focal-customer-token": token } });
    expect(response.status).toBe(201);
    expect((await customerOf((await response.json()).session_id)).customerId).toBe(id);
  });

  it("a tampered token (another id, another expiry, an altered signature) is 401 CUSTOMER_TOKEN_INVALID, writing nothing", async () => {
    const { agentKey, pk, secret } = await identifiedDesk();
    await victimProfile(agentKey);
    const [version, , expires, signature] = mintCustomerToken(secret, "customer-999").split(".");
    const victimId = Buffer.from("customer-123").toString("base64url");
    const flipped = `${signature?.slice(0, 10)}${signature?.[10] === "A" ? "B" : "A"}${signature?.slice(11)}`;
    const tampered = [
      `${version}.${victimId}.${expires}.${signature}`,
      `${version}.${Buffer.from("customer-999").toString("base64url")}.${Number(expires) + 60}.${signature}`,
      `${version}.${Buffer.from("customer-999").toString("base64url")}.${expires}.${flipped}`,
      mintCustomerToken("cis_a-secret-of-someone-else", "customer-123"),
    ];
    const before = await tableCounts(handle);
    for (const token of tampered) {
      const response = await startWidgetSession(agentKey, { pk, headers: { "x-focal-customer-token": token } });
      expect(response.status).toBe(401);
      expect((await response.json()).error.code).toBe("CUSTOMER_TOKEN_INVALID");
      expect(response.headers.get("access-control-allow-origin")).toBe("https://shop.example.com");
    }
    expect(await tableCounts(handle)).toEqual(before);
  });

  it("an unsigned token (a bare customer id, or no signature) is 401 CUSTOMER_TOKEN_INVALID, writing nothing", async () => {
    const { agentKey, pk } = await identifiedDesk();
    const before = await tableCounts(handle);
    const expires = Math.floor(Date.now() / 1000) + 600;
    for (const token of ["customer-123", `v1.${Buffer.from("customer-123").toString("base64url")}.${expires}`, ""]) {
      const response = await startWidgetSession(agentKey, { pk, headers: { "x-focal-customer-token": token } });
      expect(response.status).toBe(401);
      expect((await response.json()).error.code).toBe("CUSTOMER_TOKEN_INVALID");
    }
    expect(await tableCounts(handle)).toEqual(before);
  });

  it("an expired token is 401 CUSTOMER_TOKEN_EXPIRED, and one good for over a day is refused too, writing nothing", async () => {
    const { agentKey, pk, secret } = await identifiedDesk();
    const before = await tableCounts(handle);
    const expired = await startWidgetSession(agentKey, {
      pk,
      headers: { "x-focal-customer-token": mintCustomerToken(secret, "customer-123", -1) },
    });
    expect(expired.status).toBe(401);
    expect((await expired.json()).error.code).toBe("CUSTOMER_TOKEN_EXPIRED");
    const tooLong = await startWidgetSession(agentKey, {
      pk,
      headers: { "x-focal-customer-token": mintCustomerToken(secret, "customer-123", 25 * 3600) },
    });
    expect(tooLong.status).toBe(401);
    expect((await tooLong.json()).error.code).toBe("CUSTOMER_TOKEN_INVALID");
    expect(await tableCounts(handle)).toEqual(before);
  });

  it("an agent without an identity secret refuses every token: sessions are anonymous only", async () => {
    const agentKey = await freshWidgetAgent(handle);
    const { key } = await createWidgetKey(admin, agentKey);
    const response = await startWidgetSession(agentKey, {
      pk: key,
      headers: { "x-focal-customer-token": mintCustomerToken("cis_guessed", "customer-123") },
    });
    expect(response.status).toBe(401);
    expect((await response.json()).error.code).toBe("CUSTOMER_TOKEN_INVALID");
  });
});

describe("the agent's identity secret", () => {
  it("is shown once, stored sealed, ledgered without the secret; a rotation refuses tokens of the old one", async () => {
    const { agentKey, pk, secret } = await identifiedDesk();
    const agent = await getAgentByKey(handle.db, agentKey);
    const [row] = await handle.db
      .select()
      .from(customerIdentitySecrets)
      .where(eq(customerIdentitySecrets.agentId, agent?.id ?? ""));
    expect(secret).toMatch(/^cis_[A-Za-z0-9_-]{43}$/);
    expect(row?.sealed).not.toContain(secret);
    expect(row?.sealed).not.toContain(secret.slice(4, 20));

    const status = await callWithKey(
      secretStatusRoute as RouteHandler,
      "GET",
      `/api/v1/agents/${agentKey}/identity-secret`,
      { key: agentKey },
      admin,
    );
    const shown = await status.json();
    expect(shown).toMatchObject({ set: true, created_by: expect.any(String) });
    expect(JSON.stringify(shown)).not.toContain(secret);

    const oldToken = mintCustomerToken(secret, "customer-123");
    const rotated = await rotateSecret(agentKey);
    expect(rotated.rotated).toBe(true);
    expect(rotated.secret).not.toBe(secret);
    const refused = await startWidgetSession(agentKey, { pk, headers: { "x-focal-customer-token": oldToken } });
    expect(refused.status).toBe(401);
    const accepted = await startWidgetSession(agentKey, {
      pk,
      headers: { "x-focal-customer-token": mintCustomerToken(rotated.secret, "customer-123") },
    });
    expect(accepted.status).toBe(201);

    const events = (await handle.db.select().from(ledgerEvents).orderBy(ledgerEvents.seq)).filter(
      (e) => (e.payload as { agent_id?: string }).agent_id === agent?.id && e.type.startsWith("CUSTOMER_IDENTITY"),
    );
    expect(events.map((e) => e.type)).toEqual(["CUSTOMER_IDENTITY_SECRET_CREATED", "CUSTOMER_IDENTITY_SECRET_ROTATED"]);
    expect(JSON.stringify(events)).not.toContain(secret.slice(4));
    expect(JSON.stringify(events)).not.toContain(rotated.secret.slice(4));
  });

  it("a secret key without the admin scope can neither read nor rotate it", async () => {
    const agentKey = await freshWidgetAgent(handle);
    const writer = await loopApiKey(handle, ["agents:write", "turns:write"]);
    const before = await tableCounts(handle);
    const path = `/api/v1/agents/${agentKey}/identity-secret`;
    const rotate = await callWithKey(rotateSecretRoute as RouteHandler, "POST", path, { key: agentKey }, writer);
    expect(rotate.status).toBe(403);
    const read = await callWithKey(secretStatusRoute as RouteHandler, "GET", path, { key: agentKey }, writer);
    expect(read.status).toBe(403);
    expect(await tableCounts(handle)).toEqual(before);
  });
});
