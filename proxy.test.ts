import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { peerHeader } from "@/test/support/auth-requests";
import { proxy } from "./proxy";

function action(headers: Record<string, string>, body: BodyInit = "[]"): NextRequest {
  return new NextRequest("http://focal.test/agents/refund-desk/rules", {
    method: "POST",
    headers: { host: "focal.test", "next-action": "7f00aa", ...peerHeader("198.51.100.3"), ...headers },
    body,
  });
}

const SAME_ORIGIN = { origin: "http://focal.test" };

describe("proxy: server actions", () => {
  it.each([
    ["a foreign Origin", { origin: "https://evil.example" }],
    ["no Origin", {}],
    ["Origin null", { origin: "null" }],
    ["a forwarded host from an untrusted peer", { origin: "https://evil.example", "x-forwarded-host": "evil.example" }],
  ])("refuses %s with a 403 before Next.js handles the action", async (_, headers) => {
    const response = await proxy(action(headers));
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ ok: false, code: "FORBIDDEN" });
  });

  it("passes a same-origin action and other POSTs on", async () => {
    expect((await proxy(action({ origin: "http://focal.test" }))).status).toBe(200);
    const form = new NextRequest("http://focal.test/api/v1/agents", {
      method: "POST",
      headers: { host: "focal.test" },
      body: "{}",
    });
    expect((await proxy(form)).status).toBe(200);
  });
});

// What React's client never sends and Next.js answered with a 500 (and a log line quoting the body).
const MALFORMED_ACTION_BODIES: Record<string, string> = {
  "text that is not JSON": "SECRET {",
  "an empty body": "",
  "a promise in a part the body does not carry": '["$@1"]',
  "a reference to a missing part": '[{"a":"$Q2"}]',
  "a malformed bigint": '["$nNOPE"]',
  "arguments that are not a list": '{"a":1}',
  "10,000 nested lists": `${"[".repeat(10_000)}${"]".repeat(10_000)}`,
};

describe("proxy: malformed server action bodies", () => {
  it.each(Object.entries(MALFORMED_ACTION_BODIES))("refuses %s with a 400 that does not repeat it", async (_, body) => {
    const response = await proxy(action(SAME_ORIGIN, body));
    expect(response.status).toBe(400);
    const answer = await response.json();
    expect(answer).toMatchObject({ ok: false, code: "BAD_REQUEST" });
    expect(JSON.stringify(answer)).not.toMatch(/SECRET|NOPE|\$@1|\$Q2/);
  });

  it("passes what React sends: inline values, and multipart parts that refer to each other", async () => {
    const inline = '[{"name":"$$dollar","when":"$D2026-01-01T00:00:00.000Z","n":"$n12","u":"$undefined","x":"$-0"}]';
    expect((await proxy(action(SAME_ORIGIN, inline))).status).toBe(200);
    const form = new FormData();
    form.set("0", '["$@1",{"k":"$K2"}]');
    form.set("1", '"resolved"');
    form.set("2_name", "x");
    expect((await proxy(action(SAME_ORIGIN, form))).status).toBe(200);
    form.delete("1");
    expect((await proxy(action(SAME_ORIGIN, form))).status).toBe(400);
  });

  it("refuses a body over 1 MiB with a 413 before reading it all", async () => {
    const response = await proxy(action(SAME_ORIGIN, `["${"a".repeat(1024 * 1024 + 10)}"]`));
    expect(response.status).toBe(413);
  });
});
