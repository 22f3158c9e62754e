import { BlockList, isIP } from "node:net";
import { env, type TrustedProxies } from "@/lib/env";
import { normalizeAddress, peerAddressFrom } from "./peer-address";

// Forwarded headers (X-Forwarded-For/-Host/-Proto) are anyone's to write; they count only when the hop
// that handed us the request is a proxy FOCAL_TRUST_PROXY names. Without it, the socket peer is the
// client and Host is the host.

function trustedRanges(ranges: string[]): BlockList {
  const list = new BlockList();
  for (const entry of ranges) {
    const [address = "", prefix] = entry.split("/");
    const family = isIP(address) === 6 ? "ipv6" : "ipv4";
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  return list;
}

const rangesCache = new Map<string, BlockList>();

function isTrustedHop(address: string, hopIndex: number, trust: TrustedProxies): boolean {
  if (trust.hops > 0) return hopIndex < trust.hops;
  if (trust.ranges.length === 0) return false;
  const key = trust.ranges.join(",");
  let list = rangesCache.get(key);
  if (!list) {
    list = trustedRanges(trust.ranges);
    rangesCache.set(key, list);
  }
  return list.check(address, isIP(address) === 6 ? "ipv6" : "ipv4");
}

function listValues(header: string | null): string[] {
  return (header ?? "")
    .split(",")
    .map((value) => value.trim())
    .filter(Boolean);
}

/**
 * The client's address: walk from the socket peer leftwards through X-Forwarded-For while the hop is
 * trusted; the first untrusted hop is the client. Null when the peer is unknown (no server hook).
 */
export function clientAddressFrom(headers: Headers, trust: TrustedProxies = env().FOCAL_TRUST_PROXY): string | null {
  const peer = peerAddressFrom(headers);
  if (!peer) return null;
  const chain = [...listValues(headers.get("x-forwarded-for")), peer];
  let at = chain.length - 1;
  let address = peer;
  while (at > 0 && isTrustedHop(address, chain.length - 1 - at, trust)) {
    const next = normalizeAddress(chain[at - 1] ?? "");
    // A trusted proxy writes addresses; anything else came from the client: stop at the last good hop.
    if (!next) break;
    address = next;
    at -= 1;
  }
  return address;
}

/** Whether the hop that handed us the request is a trusted proxy (its forwarded headers count). */
function fromTrustedProxy(headers: Headers, trust: TrustedProxies = env().FOCAL_TRUST_PROXY): boolean {
  const peer = peerAddressFrom(headers);
  return peer !== null && isTrustedHop(peer, 0, trust);
}

/** The host the client addressed: X-Forwarded-Host's nearest value from a trusted proxy, else Host. */
export function requestHostFrom(headers: Headers, trust: TrustedProxies = env().FOCAL_TRUST_PROXY): string | null {
  const forwarded = fromTrustedProxy(headers, trust) ? listValues(headers.get("x-forwarded-host")).at(-1) : undefined;
  return forwarded ?? headers.get("host");
}

/**
 * State-changing requests authenticated by cookie must come from this origin: the Origin header
 * must be present and name the host the request was sent to (CSRF; no Origin → refused).
 */
export function isSameOrigin(headers: Headers, trust: TrustedProxies = env().FOCAL_TRUST_PROXY): boolean {
  const origin = headers.get("origin");
  const host = requestHostFrom(headers, trust);
  if (!origin || !host || origin === "null") return false;
  try {
    return new URL(origin).host === host.toLowerCase();
  } catch {
    return false;
  }
}
