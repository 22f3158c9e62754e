import { describe, expect, it } from "vitest";
import { checkHost, isPrivateAddress, parseAllowedHosts } from "./host-policy";

describe("tool host policy", () => {
  it.each([
    "10.1.2.3",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "127.0.0.1",
    "127.9.9.9",
    "169.254.169.254",
    "0.0.0.0",
    "100.64.0.1",
    "255.255.255.255",
    "::1",
    "::",
    "[::1]",
    "fc00::1",
    "fd12:3456::1",
    "fe80::1",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:a9fe:a9fe",
    "64:ff9b::a00:1",
  ])("treats %s as private", (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each(["8.8.8.8", "172.32.0.1", "93.184.216.34", "2606:4700::1111", "::ffff:8.8.8.8"])(
    "treats %s as public",
    (address) => {
      expect(isPrivateAddress(address)).toBe(false);
    },
  );

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
