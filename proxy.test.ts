import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { peerHeader } from "@/test/support/auth-requests";
import { proxy } from "./proxy";

function action(headers: Record<string, string>): NextRequest {
  return new NextRequest("http://focal.test/agents/refund-desk/rules", {
    method: "POST",
    headers: { host: "focal.test", "next-action": "7f00aa", ...peerHeader("198.51.100.3"), ...headers },
    body: "[]",
  });
}

describe("proxy: server actions", () => {
  it.each([
    ["a foreign Origin", { origin: "https://evil.example" }],
    ["no Origin", {}],
    ["Origin null", { origin: "null" }],
    ["a forwarded host from an untrusted peer", { origin: "https://evil.example", "x-forwarded-host": "evil.example" }],
  ])("refuses %s with a 403 before Next.js handles the action", async (_, headers) => {
    const response = proxy(action(headers));
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ ok: false, code: "FORBIDDEN" });
  });

  it("passes a same-origin action and other POSTs on", () => {
    expect(proxy(action({ origin: "http://focal.test" })).status).toBe(200);
    const form = new NextRequest("http://focal.test/api/v1/agents", {
      method: "POST",
      headers: { host: "focal.test" },
      body: "{}",
    });
    expect(proxy(form).status).toBe(200);
  });
});
