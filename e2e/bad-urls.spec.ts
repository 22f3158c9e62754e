import { expect, test } from "@playwright/test";
import { signIn } from "./fixtures";

// Over real HTTP, because the failure lived in Next.js itself: a path segment that is not
// percent-encoded UTF-8 ("%ED%A0%80", a lone surrogate) made its decoding of [params] throw, a bare
// 500 before any handler ran. proxy.ts refuses such URLs, and ones that decode to NUL, with a 404.

const API_PATHS = [
  "/api/v1/sessions/%ED%A0%80",
  "/api/v1/sessions/%ED%A0%80/turns",
  "/api/v1/turns/%ED%B0%80",
  "/api/v1/agents/%FF/export",
  "/api/v1/agents/%00/export",
  "/orchestrator/guardrails-status/%ED%A0%80",
  "/api/v1/orchestrator/guardrails-status/loop%00",
];

test("undecodable or NUL path segments → 404 with the API's error body, anonymous or signed in", async ({
  page,
  request,
}) => {
  for (const path of API_PATHS) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
    expect(await response.json(), path).toMatchObject({
      error: { code: "NOT_FOUND" },
      errors: [{ path: "(url path)", message: expect.stringMatching(/segment/) }],
    });
  }
  const post = await request.post("/orchestrator/override-guardrails/%ED%A0%80", {
    data: { override_fatigue: true, override_by: "x", override_reason: "y" },
  });
  expect(post.status()).toBe(404);

  await signIn(page);
  for (const path of [...API_PATHS, "/agents/%ED%A0%80/rules", "/agents/%00/rules", "/loops/%ED%A0%80"]) {
    const response = await page.request.get(path);
    expect(response.status(), `${path} signed in`).toBe(404);
  }
  const query = await page.request.get("/agents/refund-desk/traces?q=a%00b");
  expect(query.status()).toBe(400);
});
