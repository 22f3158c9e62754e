import { afterEach, describe, expect, it } from "vitest";
import { env } from "./env";

const saved = process.env.FOCAL_TRUST_PROXY;
afterEach(() => {
  if (saved === undefined) delete process.env.FOCAL_TRUST_PROXY;
  else process.env.FOCAL_TRUST_PROXY = saved;
});

function trustProxy(value: string | undefined) {
  if (value === undefined) delete process.env.FOCAL_TRUST_PROXY;
  else process.env.FOCAL_TRUST_PROXY = value;
  return env().FOCAL_TRUST_PROXY;
}

describe("FOCAL_TRUST_PROXY", () => {
  it("trusts no proxy when unset, empty, 0 or false", () => {
    for (const value of [undefined, "", "0", "false"]) expect(trustProxy(value)).toEqual({ hops: 0, ranges: [] });
  });

  it("reads a hop count or a list of addresses and CIDRs", () => {
    expect(trustProxy("1")).toEqual({ hops: 1, ranges: [] });
    expect(trustProxy(" 10.0.0.0/8, 192.0.2.7 ,fd00::/8,::1 ")).toEqual({
      hops: 0,
      ranges: ["10.0.0.0/8", "192.0.2.7", "fd00::/8", "::1"],
    });
  });

  it("refuses a bare true and anything that is not an address, naming the bad entry", () => {
    expect(() => trustProxy("true")).toThrow(/FOCAL_TRUST_PROXY: name a hop count.*not true/);
    expect(() => trustProxy("10.0.0.0/8,proxy.internal")).toThrow(/not proxy\.internal/);
    expect(() => trustProxy("10.0.0.0/33")).toThrow(/FOCAL_TRUST_PROXY/);
  });
});
