import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboundFetch } from "./outbound-fetch";
import { checkOutboundUrl, OutboundRefusedError, outboundTarget, type Resolver } from "./outbound-target";

// The one outbound policy end to end: a receiver on 127.0.0.1 stands in for whatever a name may point
// at, and DNS is answered by each case's resolver.

let server: Server;
let port: number;
let hits = 0;

beforeAll(async () => {
  server = createServer((_request, response) => {
    hits++;
    response.writeHead(200, { "content-type": "text/plain" });
    response.end("reached");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const answers = (...rounds: string[][]): Resolver & { calls: string[] } => {
  const calls: string[] = [];
  const resolve = async (hostname: string) => {
    calls.push(hostname);
    const round = rounds[Math.min(calls.length, rounds.length) - 1] ?? [];
    return round.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
  };
  return Object.assign(resolve, { calls });
};

function lookupOnce(target: ReturnType<typeof outboundTarget>, hostname: string, all: boolean) {
  if (!target.ok) throw new Error(target.reason);
  return new Promise<unknown>((resolve, reject) =>
    target.lookup(hostname, { all }, (error, address, family) =>
      error ? reject(error) : resolve(all ? address : { address, family }),
    ),
  );
}

const signal = () => AbortSignal.timeout(5_000);

describe("outboundTarget", () => {
  it("refuses a DNS rebind: a name public at the check and loopback at the connection never connects", async () => {
    const rebinding = answers(["93.184.216.34"], ["127.0.0.1"]);
    const policy = { allowedHosts: "", listedOnly: false, resolve: rebinding };
    const url = `http://rebind.example.test:${port}/hook`;
    expect(await checkOutboundUrl(url, policy)).toEqual({ ok: true });
    const target = outboundTarget(url, policy);
    expect(target.ok).toBe(true);
    if (!target.ok) return;
    const before = hits;
    await expect(
      outboundFetch(target, { method: "POST", headers: {}, body: "{}", signal: signal() }),
    ).rejects.toBeInstanceOf(OutboundRefusedError);
    expect(rebinding.calls).toEqual(["rebind.example.test", "rebind.example.test"]);
    expect(hits).toBe(before);
  });

  it("connects to the very addresses it checked, in the shape Node asks for", async () => {
    const target = outboundTarget("https://api.example.test/x", {
      allowedHosts: "",
      listedOnly: false,
      resolve: answers(["93.184.216.34", "2606:4700::1111"]),
    });
    expect(await lookupOnce(target, "api.example.test", true)).toEqual([
      { address: "93.184.216.34", family: 4 },
      { address: "2606:4700::1111", family: 6 },
    ]);
    expect(await lookupOnce(target, "api.example.test", false)).toEqual({ address: "93.184.216.34", family: 4 });
  });

  it("refuses a name when any one of its addresses is refused", async () => {
    const target = outboundTarget("https://split.example.test/", {
      allowedHosts: "",
      listedOnly: false,
      resolve: answers(["93.184.216.34", "10.0.0.5"]),
    });
    await expect(lookupOnce(target, "split.example.test", true)).rejects.toThrow(/private address 10\.0\.0\.5/);
  });

  it("refuses a name resolving to this host's own public address", async () => {
    const target = outboundTarget("https://self.example.test/", {
      allowedHosts: "",
      listedOnly: false,
      resolve: answers(["93.184.216.34"]),
      ownAddresses: () => new Set(["93.184.216.34"]),
    });
    await expect(lookupOnce(target, "self.example.test", true)).rejects.toThrow(/an address of this host/);
  });

  it("lets a host named exactly in FOCAL_TOOL_HOSTS reach a loopback receiver, and nothing else", async () => {
    const named = outboundTarget(`http://desk.internal:${port}/`, {
      allowedHosts: `desk.internal:${port}`,
      listedOnly: true,
      resolve: answers(["127.0.0.1"]),
    });
    if (!named.ok) throw new Error(named.reason);
    const response = await outboundFetch(named, { method: "GET", headers: {}, signal: signal() });
    expect(await response.text()).toBe("reached");
    // A wildcard entry never unlocks it; nor may a tool call a host no entry names.
    const wildcard = outboundTarget(`http://desk.internal:${port}/`, {
      allowedHosts: "*.internal",
      listedOnly: true,
      resolve: answers(["127.0.0.1"]),
    });
    await expect(lookupOnce(wildcard, "desk.internal", true)).rejects.toBeInstanceOf(OutboundRefusedError);
    expect(
      outboundTarget("https://other.example.test/", { allowedHosts: "api.example.test", listedOnly: true }),
    ).toEqual({ ok: false, reason: expect.stringContaining("not in the allowed tool hosts") });
  });

  it.each([
    "http://127.0.0.1/",
    "http://[::ffff:0:127.0.0.1]/",
    "http://[2002:7f00:1::]/",
    "http://[64:ff9b:1::7f00:1]/",
    "http://192.0.2.1/",
    "http://198.51.100.1/",
    "http://203.0.113.1/",
    "http://192.88.99.1/",
    "http://2130706433/",
    "http://0x7f.1/",
  ])("refuses the literal %s before any connection", (url) => {
    expect(outboundTarget(url, { allowedHosts: "", listedOnly: false })).toEqual({
      ok: false,
      reason: expect.stringContaining("private address"),
    });
  });

  it("refuses other schemes and credentials", () => {
    expect(outboundTarget("gopher://x.test/", { allowedHosts: "", listedOnly: false }).ok).toBe(false);
    expect(outboundTarget("https://u:p@x.test/", { allowedHosts: "", listedOnly: false }).ok).toBe(false);
  });
});
