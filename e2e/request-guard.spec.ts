import { expect, test } from "@playwright/test";
import { screenshot, signIn } from "./fixtures";

// Over real HTTP, because these failures lived in Next.js itself, before any Focal code ran: it
// decoded server action bodies (500 with part of the body in the log), buffered 20 MB bodies, and
// answered unknown API paths with the console's HTML page. proxy.ts's request guard answers first.

const ACTION_ID = "7f00000000000000000000000000000000000000aa";
const MIB = 1024 * 1024;

test("malformed server action requests → 400 that repeats nothing of the body", async ({ request, baseURL }) => {
  const bodies = ["SECRET {", "", '["$@1"]', `${"[".repeat(10_000)}${"]".repeat(10_000)}`];
  for (const body of bodies) {
    const response = await request.post("/admin", {
      headers: { origin: baseURL ?? "", "next-action": ACTION_ID, "content-type": "text/plain;charset=UTF-8" },
      data: body,
    });
    expect(response.status(), body.slice(0, 20)).toBe(400);
    const text = await response.text();
    expect(JSON.parse(text)).toMatchObject({ ok: false, code: "BAD_REQUEST" });
    expect(text).not.toContain("SECRET");
  }
});

test("20 MB bodies are refused before they are read: server actions, sign-in, REST", async ({ request, baseURL }) => {
  const big = Buffer.alloc(20 * MIB, "a");
  const action = await request.post("/admin", {
    headers: { origin: baseURL ?? "", "next-action": ACTION_ID, "content-type": "text/plain;charset=UTF-8" },
    data: big,
  });
  expect(action.status()).toBe(413);
  const signIn = await request.post("/api/auth/sign-in/email", {
    headers: { origin: baseURL ?? "", "content-type": "application/json" },
    data: Buffer.concat([Buffer.from('{"email":"a@b.c","password":"'), big, Buffer.from('"}')]),
  });
  expect(signIn.status()).toBe(413);
  const rest = await request.post("/api/v1/orchestrator/loop-complete", {
    headers: { "content-type": "application/json" },
    data: big,
  });
  expect(rest.status()).toBe(413);
  expect((await rest.json()).error.code).toBe("PAYLOAD_TOO_LARGE");
  expect((await request.get("/api/health")).status()).toBe(200);
});

test("a NUL in the sign-in email → 400 naming the field", async ({ request, baseURL }) => {
  const response = await request.post("/api/auth/sign-in/email", {
    headers: { origin: baseURL ?? "", "content-type": "application/json" },
    data: '{"email":"a\\u0000b@focal.test","password":"whatever-password"}',
  });
  expect(response.status()).toBe(400);
  expect((await response.json()).errors).toEqual([{ path: "email", message: expect.stringMatching(/NUL/) }]);
});

test("unknown /api paths → JSON 404; a known path with another method → JSON 405 with Allow", async ({ request }) => {
  for (const [method, path] of [
    ["POST", "/api/v1/agents/refund-desk/nothing"],
    ["GET", "/api/v1/nothing"],
    ["DELETE", "/api/nothing/at/all"],
  ] as const) {
    const response = await request.fetch(path, { method });
    expect(response.status(), `${method} ${path}`).toBe(404);
    expect((await response.json()).error.code).toBe("NOT_FOUND");
  }
  const wrong = await request.fetch("/api/v1/agents/refund-desk/export", { method: "POST" });
  expect(wrong.status()).toBe(405);
  expect(wrong.headers().allow).toBe("GET");
  expect((await wrong.json()).error.code).toBe("METHOD_NOT_ALLOWED");
});

test("unreadable cursors and `before` values on pages → 400 naming the parameter", async ({ page }) => {
  await signIn(page);
  const impossibleDate = Buffer.from("2026-02-31 10:00:00.123456+00~0b7e4c2a-1f6d-4c1b-9a7e-5d2f3c4b5a69").toString(
    "base64url",
  );
  for (const path of [
    "/ledger?before=99999999999999999999",
    "/agents/refund-desk/history?before=99999999999999999999",
    `/agents/refund-desk/traces?cursor=${impossibleDate}`,
    `/loops?cursor=2026-01-01%2000:00:00%2B00~${"-".repeat(36)}`,
  ]) {
    const response = await page.request.get(path);
    expect(response.status(), path).toBe(400);
    expect(await response.text(), path).toMatch(/<code>\(query\) (before|cursor)<\/code>:/);
  }
  // In the browser: the parameter named, and a way back to the list's first page.
  await page.goto("/ledger?before=99999999999999999999");
  await expect(page.getByText("(query) before")).toBeVisible();
  await screenshot(page, "bad-page-cursor");
  await page.getByRole("link", { name: "Open the first page instead" }).click();
  await expect(page).toHaveURL(/\/ledger$/);
  // The pages themselves still open, with and without a good value.
  expect((await page.request.get("/ledger?before=5")).status()).toBe(200);
  expect((await page.request.get("/loops")).status()).toBe(200);
});
