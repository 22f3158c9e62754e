import { randomBytes } from "node:crypto";
import { isIP } from "node:net";

// Next.js 16 hands route handlers and proxy.ts no socket address (NextRequest.ip is gone), and
// `next start` fills X-Forwarded-For from the socket only when the client sent none
// (`x-forwarded-for ??= socket.remoteAddress` in its base server), so a client's own header cannot be
// told from the socket's. The Node server hook (node-hooks/server-request-hook.ts) therefore writes the
// socket's address into this header on every request, replacing whatever the client sent, prefixed
// with a token made once per process: a header the hook did not write (hook missing, or a client
// guessing the name) carries no valid token and reads as "peer unknown".
export const PEER_ADDRESS_HEADER = "x-focal-peer-address";

// globalThis: the hook, proxy.ts and the route handlers are separate bundles in one process.
declare global {
  var __focalPeerToken: string | undefined;
}
const slot = globalThis;

function processToken(): string {
  slot.__focalPeerToken ??= randomBytes(16).toString("hex");
  return slot.__focalPeerToken;
}

/** The header value the server hook writes for a socket address (undefined: the socket has none). */
export function peerAddressHeaderValue(socketAddress: string | undefined): string {
  return `${processToken()} ${socketAddress ?? "-"}`;
}

/** The socket peer's address as the server hook recorded it, or null when it did not. */
export function peerAddressFrom(headers: Headers): string | null {
  const value = headers.get(PEER_ADDRESS_HEADER);
  const token = slot.__focalPeerToken;
  if (!value || !token) return null;
  const [given, address] = value.split(" ");
  if (given !== token || !address) return null;
  return normalizeAddress(address);
}

/** "::ffff:10.0.0.1" → "10.0.0.1"; anything that is not an IP address → null. */
export function normalizeAddress(raw: string): string | null {
  const address = raw.trim().toLowerCase();
  const mapped = address.startsWith("::ffff:") ? address.slice(7) : address;
  if (isIP(mapped) === 4) return mapped;
  return isIP(address) === 6 ? address : null;
}

/**
 * The unit one client controls: an IPv4 address, or an IPv6 /64 (one subscriber line or host usually
 * gets a whole /64, so counting single IPv6 addresses would hand it 2^64 fresh buckets).
 */
export function addressBucket(address: string): string {
  if (isIP(address) !== 6) return address;
  const [head = "", tail = ""] = address.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = address.includes("::")
    ? [...left, ...Array(8 - left.length - right.length).fill("0"), ...right]
    : left;
  const prefix = groups.slice(0, 4).map((group) => Number.parseInt(group || "0", 16).toString(16));
  return `${prefix.join(":")}::/64`;
}
