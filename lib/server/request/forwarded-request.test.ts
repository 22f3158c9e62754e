import { once } from "node:events";
import { createServer, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { installServerRequestHook } from "../node-hooks/server-request-hook";
import { clientAddressFrom, isSameOrigin, requestHostFrom } from "./forwarded-request";
import { addressBucket, PEER_ADDRESS_HEADER, peerAddressFrom, peerAddressHeaderValue } from "./peer-address";

const NONE = { hops: 0, ranges: [] };
const ONE_HOP = { hops: 1, ranges: [] };
const TWO_HOPS = { hops: 2, ranges: [] };
const LAN = { hops: 0, ranges: ["10.0.0.0/8", "fd00::/8", "192.0.2.1"] };

function from(peer: string | null, extra: Record<string, string> = {}): Headers {
  const headers = new Headers(extra);
  if (peer) headers.set(PEER_ADDRESS_HEADER, peerAddressHeaderValue(peer));
  return headers;
}

describe("clientAddressFrom", () => {
  it("is the socket peer when no proxy is trusted, whatever X-Forwarded-For says", () => {
    expect(clientAddressFrom(from("203.0.113.5", { "x-forwarded-for": "1.2.3.4" }), NONE)).toBe("203.0.113.5");
    expect(clientAddressFrom(from("::ffff:203.0.113.5"), NONE)).toBe("203.0.113.5");
  });

  it("is unknown when the server hook did not record the peer (a forged header has no token)", () => {
    expect(clientAddressFrom(from(null, { "x-forwarded-for": "1.2.3.4" }), ONE_HOP)).toBeNull();
    expect(clientAddressFrom(from(null, { [PEER_ADDRESS_HEADER]: "guess 1.2.3.4" }), NONE)).toBeNull();
  });

  it("skips exactly the trusted hop count from the right", () => {
    const chain = { "x-forwarded-for": "6.6.6.6, 198.51.100.4, 10.0.0.9" };
    expect(clientAddressFrom(from("10.0.0.2", chain), ONE_HOP)).toBe("10.0.0.9");
    expect(clientAddressFrom(from("10.0.0.2", chain), TWO_HOPS)).toBe("198.51.100.4");
    // Fewer entries than hops: the leftmost there is.
    expect(clientAddressFrom(from("10.0.0.2", { "x-forwarded-for": "198.51.100.4" }), TWO_HOPS)).toBe("198.51.100.4");
  });

  it("walks trusted addresses and CIDRs and stops at the first untrusted hop", () => {
    const chain = { "x-forwarded-for": "6.6.6.6, 198.51.100.4, 10.1.2.3" };
    expect(clientAddressFrom(from("10.0.0.2", chain), LAN)).toBe("198.51.100.4");
    expect(clientAddressFrom(from("192.0.2.1", chain), LAN)).toBe("198.51.100.4");
    expect(clientAddressFrom(from("fd12::1", chain), LAN)).toBe("198.51.100.4");
    // A peer outside the list is the client itself; its header is ignored.
    expect(clientAddressFrom(from("198.51.100.77", chain), LAN)).toBe("198.51.100.77");
  });

  it("never returns a non-address the client slipped into the chain", () => {
    expect(clientAddressFrom(from("10.0.0.2", { "x-forwarded-for": "unknown" }), ONE_HOP)).toBe("10.0.0.2");
    expect(clientAddressFrom(from("10.0.0.2", { "x-forwarded-for": "1.2.3.4:80" }), LAN)).toBe("10.0.0.2");
  });
});

describe("addressBucket", () => {
  it("keeps an IPv4 address and reduces IPv6 to its /64", () => {
    expect(addressBucket("203.0.113.5")).toBe("203.0.113.5");
    expect(addressBucket("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(addressBucket("2001:0db8:0001:0002:ffff:ffff:ffff:fffe")).toBe("2001:db8:1:2::/64");
    expect(addressBucket("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressBucket("::1")).toBe("0:0:0:0::/64");
  });
});

describe("requestHostFrom and isSameOrigin", () => {
  const spoofed = { host: "focal.test", "x-forwarded-host": "evil.example", origin: "https://evil.example" };

  it("ignore X-Forwarded-Host from an untrusted peer", () => {
    expect(requestHostFrom(from("198.51.100.1", spoofed), NONE)).toBe("focal.test");
    expect(isSameOrigin(from("198.51.100.1", spoofed), NONE)).toBe(false);
    expect(isSameOrigin(from("198.51.100.1", spoofed), LAN)).toBe(false);
    expect(isSameOrigin(from(null, spoofed), ONE_HOP)).toBe(false);
  });

  it("use the nearest X-Forwarded-Host from a trusted proxy", () => {
    const headers = { host: "10.0.0.5", "x-forwarded-host": "evil.example, console.example" };
    expect(requestHostFrom(from("10.0.0.2", headers), LAN)).toBe("console.example");
    expect(isSameOrigin(from("10.0.0.2", { ...headers, origin: "https://console.example" }), LAN)).toBe(true);
  });

  it("refuse a missing, null or malformed Origin", () => {
    expect(isSameOrigin(from("198.51.100.1", { host: "focal.test" }), NONE)).toBe(false);
    expect(isSameOrigin(from("198.51.100.1", { host: "focal.test", origin: "null" }), NONE)).toBe(false);
    expect(isSameOrigin(from("198.51.100.1", { host: "focal.test", origin: "focal.test" }), NONE)).toBe(false);
    expect(isSameOrigin(from("198.51.100.1", { host: "focal.test", origin: "http://focal.test" }), NONE)).toBe(true);
  });
});

describe("the server hook", () => {
  it("records the socket address over whatever the client sent under that header", async () => {
    installServerRequestHook();
    const seen: Headers[] = [];
    const server = createServer((req, res) => {
      seen.push(new Headers(req.headers as Record<string, string>));
      res.end("ok");
    });
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    const { port } = server.address() as AddressInfo;
    try {
      await new Promise<void>((resolve, reject) => {
        const req = httpRequest(
          {
            port,
            host: "127.0.0.1",
            headers: { [PEER_ADDRESS_HEADER]: "forged 6.6.6.6", "x-forwarded-for": "6.6.6.6" },
          },
          (res) => res.resume().on("end", resolve),
        );
        req.on("error", reject);
        req.end();
      });
    } finally {
      server.close();
    }
    expect(seen).toHaveLength(1);
    expect(peerAddressFrom(seen[0] as Headers)).toBe("127.0.0.1");
    expect(clientAddressFrom(seen[0] as Headers, NONE)).toBe("127.0.0.1");
  });
});
