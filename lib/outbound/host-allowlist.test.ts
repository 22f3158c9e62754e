import { describe, expect, it } from "vitest";
import { checkHost, parseAllowedHosts } from "./host-allowlist";

describe("FOCAL_TOOL_HOSTS allowlist", () => {
  it("parses FOCAL_TOOL_HOSTS-style lists", () => {
    expect(parseAllowedHosts("api.example.com, *.Shop.Test  127.0.0.1:4010,[::1]:80 ,bad/host, ::1")).toEqual([
      { host: "api.example.com", port: null, wildcard: false },
      { host: "shop.test", port: null, wildcard: true },
      { host: "127.0.0.1", port: 4010, wildcard: false },
      { host: "::1", port: 80, wildcard: false },
      { host: "::1", port: null, wildcard: false },
    ]);
  });

  it("matches exact hosts, ports and subdomain wildcards", () => {
    const entries = parseAllowedHosts(["api.example.com", "*.shop.test", "127.0.0.1:4010", "*.0.0.1"]);
    const check = (url: string) => checkHost(new URL(url), entries);
    expect(check("https://api.example.com/x")).toEqual({ allowed: true, exact: true });
    expect(check("https://API.example.com.:8443/x")).toEqual({ allowed: true, exact: true });
    expect(check("https://eu.shop.test/x")).toEqual({ allowed: true, exact: false });
    expect(check("https://shop.test/x")).toEqual({ allowed: false, exact: false });
    expect(check("https://evilshop.test/x")).toEqual({ allowed: false, exact: false });
    expect(check("http://127.0.0.1:4010/x")).toEqual({ allowed: true, exact: true });
    expect(check("http://127.0.0.1:4011/x")).toEqual({ allowed: false, exact: false });
    // A wildcard never matches an IP literal.
    expect(check("http://10.0.0.1/x")).toEqual({ allowed: false, exact: false });
    expect(check("https://api.example.com.evil.test/x")).toEqual({ allowed: false, exact: false });
  });
});
