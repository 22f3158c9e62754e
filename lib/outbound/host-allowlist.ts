import { isIP } from "node:net";

// Which hosts an http tool may call (FOCAL_TOOL_HOSTS; docs/decisions.md#tool-output-is-data). An allowlist entry is
//
//   api.example.com         that host, any port
//   api.example.com:8443    that host, that port only
//   *.example.com           any subdomain of example.com (not example.com itself), any port
//   127.0.0.1:4010, [::1]:4010, 10.0.0.7
//                           an IP literal, with or without a port
//
// Private, loopback, link-local and unique-local addresses are refused — whether written in the URL
// or reached through DNS — unless an entry names that exact host (a wildcard never unlocks them).

export interface AllowEntry {
  host: string;
  port: number | null;
  wildcard: boolean;
}

export interface HostDecision {
  allowed: boolean;
  /** Matched by an entry naming this exact host (not a wildcard): may reach a private address. */
  exact: boolean;
}

function normalizeHost(host: string): string {
  return host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, "")
    .replace(/\.$/, "");
}

function parseAllowEntry(raw: string): AllowEntry | null {
  const text = raw.trim().toLowerCase();
  if (!text) return null;
  let host = text;
  let port: number | null = null;
  const bracketed = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(text);
  if (bracketed?.[1]) {
    host = bracketed[1];
    port = bracketed[2] ? Number(bracketed[2]) : null;
  } else if (isIP(text) === 6) {
    host = text;
  } else {
    const withPort = /^([^:]+):(\d{1,5})$/.exec(text);
    if (withPort?.[1]) {
      host = withPort[1];
      port = Number(withPort[2]);
    }
  }
  if (port !== null && (port < 1 || port > 65_535)) return null;
  const wildcard = host.startsWith("*.");
  host = normalizeHost(wildcard ? host.slice(2) : host);
  if (!host || /[/\s@?#*]/.test(host)) return null;
  return { host, port, wildcard };
}

/** FOCAL_TOOL_HOSTS-style list: comma- or whitespace-separated entries; invalid ones are dropped. */
export function parseAllowedHosts(list: string | readonly string[]): AllowEntry[] {
  const items = typeof list === "string" ? list.split(/[\s,]+/) : list;
  return items.map(parseAllowEntry).filter((e): e is AllowEntry => e !== null);
}

function effectivePort(url: URL): number {
  if (url.port) return Number(url.port);
  return url.protocol === "https:" ? 443 : 80;
}

export function checkHost(url: URL, entries: readonly AllowEntry[]): HostDecision {
  const host = normalizeHost(url.hostname);
  const port = effectivePort(url);
  // Wildcards name domains: "*.0.0.1" must not open 10.0.0.1. IP literals need an exact entry.
  const literal = isIP(host) !== 0;
  let allowed = false;
  for (const entry of entries) {
    if (entry.port !== null && entry.port !== port) continue;
    if (!entry.wildcard && entry.host === host) return { allowed: true, exact: true };
    if (entry.wildcard && !literal && host.endsWith(`.${entry.host}`)) allowed = true;
  }
  return { allowed, exact: false };
}

function ipv4Private(address: string): boolean {
  const parts = address.split(".").map(Number);
  if (parts.length !== 4 || parts.some((p) => !Number.isInteger(p) || p < 0 || p > 255)) return true;
  const [a = 0, b = 0, c = 0] = parts;
  return (
    a === 0 || // 0.0.0.0/8 "this network"
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) || // 100.64/10 carrier-grade NAT
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 192 && b === 0 && c === 0) || // 192.0.0.0/24 IETF protocol assignments
    (a === 198 && (b === 18 || b === 19)) || // 198.18/15 benchmarking
    a >= 224 // multicast, reserved, broadcast
  );
}

/** Eight 16-bit groups of an IPv6 address (with an embedded dotted IPv4 tail), or null. */
function ipv6Groups(address: string): number[] | null {
  let text = address.toLowerCase().replace(/%.*$/, "");
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    const octets = dotted[1].split(".").map(Number);
    const hi = (((octets[0] ?? 0) << 8) | (octets[1] ?? 0)).toString(16);
    const lo = (((octets[2] ?? 0) << 8) | (octets[3] ?? 0)).toString(16);
    text = `${text.slice(0, -dotted[1].length)}${hi}:${lo}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(":") : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(":") : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? head.length !== 8 : missing < 1) return null;
  const groups = [...head, ...Array.from({ length: halves.length === 2 ? missing : 0 }, () => "0"), ...tail].map((g) =>
    Number.parseInt(g, 16),
  );
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}

function ipv6Private(address: string): boolean {
  const g = ipv6Groups(address);
  if (!g) return true;
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = g;
  const embeddedV4 = `${g6 >> 8}.${g6 & 0xff}.${g7 >> 8}.${g7 & 0xff}`;
  const zeroPrefix = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0;
  if (zeroPrefix && g5 === 0 && g6 === 0 && (g7 === 0 || g7 === 1)) return true; // :: and ::1
  if (zeroPrefix && g5 === 0xffff) return ipv4Private(embeddedV4); // ::ffff:a.b.c.d
  if (zeroPrefix && g5 === 0) return ipv4Private(embeddedV4); // ::a.b.c.d (deprecated IPv4-compatible)
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return ipv4Private(embeddedV4); // NAT64
  return (
    (g0 & 0xfe00) === 0xfc00 || // fc00::/7 unique local
    (g0 & 0xffc0) === 0xfe80 || // fe80::/10 link-local
    (g0 & 0xffc0) === 0xfec0 || // fec0::/10 site-local (deprecated)
    (g0 & 0xff00) === 0xff00 || // ff00::/8 multicast
    (g0 === 0x2001 && g1 === 0xdb8) // 2001:db8::/32 documentation
  );
}

/** True for loopback, private, link-local, unique-local, CGNAT, multicast and unspecified addresses. */
export function isPrivateAddress(address: string): boolean {
  const ip = normalizeHost(address);
  const family = isIP(ip);
  if (family === 4) return ipv4Private(ip);
  if (family === 6) return ipv6Private(ip);
  return false;
}

export function isIpLiteral(hostname: string): boolean {
  return isIP(normalizeHost(hostname)) !== 0;
}
