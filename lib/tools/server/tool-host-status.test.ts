import { describe, expect, it } from "vitest";
import { toolHostStatus } from "./tool-host-status";

describe("toolHostStatus", () => {
  const ALLOWED = "api.example.com, *.shop.test 127.0.0.1:4010";

  it("allows a listed host, a wildcard subdomain and an exactly listed private address", () => {
    expect(toolHostStatus("https://api.example.com/orders/{order_id}", ALLOWED)).toMatchObject({
      state: "allowed",
      host: "api.example.com",
    });
    expect(toolHostStatus("https://eu.shop.test/x", ALLOWED).message).toContain("through a wildcard entry");
    expect(toolHostStatus("http://127.0.0.1:4010/x", ALLOWED)).toMatchObject({ state: "allowed" });
  });

  it("warns about an unlisted host, naming the allowed ones", () => {
    const status = toolHostStatus("https://evil.example.org/x", ALLOWED);
    expect(status).toMatchObject({ state: "not_allowed", host: "evil.example.org" });
    expect(status.message).toContain("allowed: api.example.com, *.shop.test, 127.0.0.1:4010");
    expect(toolHostStatus("http://127.0.0.1:4011/x", ALLOWED).state).toBe("not_allowed");
    expect(toolHostStatus("https://api.example.com/x", "").message).toContain("FOCAL_TOOL_HOSTS is empty");
  });

  it("judges a host made of an input by its shape, as the runner fills it first", () => {
    expect(toolHostStatus("https://{region}.shop.test/x", ALLOWED).state).toBe("allowed");
  });

  it("says when the URL is not one yet", () => {
    expect(toolHostStatus("api.example.com/x", ALLOWED)).toMatchObject({ state: "invalid", host: null });
    expect(toolHostStatus("ftp://api.example.com/x", ALLOWED).message).toContain("not ftp:");
  });
});
