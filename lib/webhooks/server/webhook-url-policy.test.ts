import { afterEach, describe, expect, it } from "vitest";
import { checkWebhookUrl } from "./webhook-url-policy";

// The URL check a webhook passes when saved and before every attempt, with DNS answered here.

const resolvesTo =
  (...addresses: string[]) =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
const unresolvable = async () => {
  throw Object.assign(new Error("getaddrinfo ENOTFOUND"), { code: "ENOTFOUND" });
};
const savedHosts = process.env.FOCAL_TOOL_HOSTS;

function allow(hosts: string) {
  process.env.FOCAL_TOOL_HOSTS = hosts;
}
afterEach(() => allow(savedHosts ?? ""));

describe("checkWebhookUrl", () => {
  it("allows a public host by name or address without any allowlist entry", async () => {
    allow("");
    expect(await checkWebhookUrl("https://helpdesk.example.com/hook", resolvesTo("93.184.216.34"))).toEqual({
      ok: true,
    });
    expect(await checkWebhookUrl("http://93.184.216.34:8080/x", unresolvable)).toEqual({ ok: true });
  });

  it("refuses a name that resolves to any private address, or does not resolve", async () => {
    allow("");
    const inward = await checkWebhookUrl("https://sneaky.example.com/", resolvesTo("93.184.216.34", "10.0.0.9"));
    expect(inward).toEqual({ ok: false, reason: expect.stringContaining("resolves to the private address 10.0.0.9") });
    const missing = await checkWebhookUrl("https://nowhere.example.com/", unresolvable);
    expect(missing).toEqual({ ok: false, reason: expect.stringContaining("does not resolve (ENOTFOUND)") });
  });

  it("unlocks a private host only through an entry naming it exactly, never a wildcard", async () => {
    allow("helpdesk.internal");
    expect(await checkWebhookUrl("http://helpdesk.internal/x", resolvesTo("10.0.0.9"))).toEqual({ ok: true });
    allow("*.internal");
    expect((await checkWebhookUrl("http://desk.internal/x", resolvesTo("10.0.0.9"))).ok).toBe(false);
    allow("127.0.0.1:4010");
    expect((await checkWebhookUrl("http://127.0.0.1:4010/x", unresolvable)).ok).toBe(true);
    expect((await checkWebhookUrl("http://127.0.0.1:4011/x", unresolvable)).ok).toBe(false);
  });

  it("refuses other schemes, credentials, and private literals in every spelling", async () => {
    allow("");
    expect(await checkWebhookUrl("file:///etc/passwd", unresolvable)).toEqual({
      ok: false,
      reason: expect.stringContaining("only http and https"),
    });
    expect((await checkWebhookUrl("https://a:b@93.184.216.34/", unresolvable)).ok).toBe(false);
    for (const url of [
      "http://[::1]/",
      "http://[::ffff:127.0.0.1]/",
      "http://[::ffff:0:127.0.0.1]/",
      "http://[2002:7f00:1::]/",
      "http://[64:ff9b:1::7f00:1]/",
      "http://169.254.169.254/",
      "http://0.0.0.0/",
      "http://192.0.2.1/",
      "http://198.51.100.7/",
      "http://203.0.113.9/",
      "http://192.88.99.1/",
      "http://[fd00::1]/",
    ]) {
      expect((await checkWebhookUrl(url, unresolvable)).ok, url).toBe(false);
    }
  });
});
