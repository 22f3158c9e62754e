import { networkInterfaces } from "node:os";
import ipaddr, { type IPv4, type IPv6 } from "ipaddr.js";
import { embeddedIpv4 } from "./embedded-ipv4";
import {
  IPV4_SPECIAL_RANGES,
  IPV6_GLOBAL_UNICAST,
  IPV6_SPECIAL_RANGES,
  type SpecialRange,
} from "./special-purpose-ranges";

// Which addresses an outbound request (webhook, http tool, and whatever else Focal fetches from a URL a
// designer typed) may connect to: none in a special-purpose range, none outside IPv6 global unicast,
// none of this host's own interfaces (a server listening on every interface answers on its public
// address too), and no IPv6 form that carries a refused IPv4 address. CIDR parsing and matching is
// ipaddr.js's; the table is ours (special-purpose-ranges.ts).

type Parsed<A> = SpecialRange & { range: [A, number] };

const IPV4_TABLE: Parsed<IPv4>[] = IPV4_SPECIAL_RANGES.map((row) => ({
  ...row,
  range: ipaddr.IPv4.parseCIDR(row.cidr),
}));
const IPV6_TABLE: Parsed<IPv6>[] = IPV6_SPECIAL_RANGES.map((row) => ({
  ...row,
  range: ipaddr.IPv6.parseCIDR(row.cidr),
}));
const GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR(IPV6_GLOBAL_UNICAST);

/** The longest-prefix row holding `address`: the refusal names the most specific registry entry. */
function rowOf<A extends IPv4 | IPv6>(address: A, table: readonly Parsed<A>[]): Parsed<A> | null {
  let best: Parsed<A> | null = null;
  for (const row of table) {
    if ((address as IPv4).match(row.range as [IPv4, number]) && (!best || row.range[1] > best.range[1])) best = row;
  }
  return best;
}

/** This host's interface addresses, normalised; read at each check, as interfaces come and go. */
export function ownInterfaceAddresses(): Set<string> {
  const own = new Set<string>();
  for (const list of Object.values(networkInterfaces())) {
    for (const entry of list ?? []) {
      const text = entry.address.replace(/%.*$/, "");
      if (ipaddr.isValid(text)) own.add(ipaddr.parse(text).toNormalizedString());
    }
  }
  return own;
}

function ipv4Reason(address: IPv4, own: ReadonlySet<string>): string | null {
  const row = rowOf(address, IPV4_TABLE);
  if (row) return `${row.name}, ${row.cidr}`;
  if (own.has(address.toNormalizedString())) return "an address of this host";
  return null;
}

/**
 * Why an outbound request may not connect to `address` ("loopback, 127.0.0.0/8"), or null when it may.
 * Anything that does not parse as an IP address is refused.
 */
export function refusedAddressReason(
  address: string,
  own: ReadonlySet<string> = ownInterfaceAddresses(),
): string | null {
  const text = address.trim().replace(/^\[|\]$/g, "");
  // Only the standard notations: "2130706433" or "0x7f.1" are names to a resolver, never addresses here.
  if (!ipaddr.IPv4.isValidFourPartDecimal(text) && !ipaddr.IPv6.isValid(text)) return "not an IP address";
  const parsed = ipaddr.parse(text);
  if (parsed.kind() === "ipv4") return ipv4Reason(parsed as IPv4, own);
  const v6 = parsed as IPv6;
  const embedded = embeddedIpv4(v6);
  // A zero candidate is a suffix left empty, not the address carried: named last.
  const candidates = [...(embedded?.ipv4 ?? [])].sort((a, b) => Number(a === "0.0.0.0") - Number(b === "0.0.0.0"));
  for (const carried of candidates) {
    const why = ipv4Reason(ipaddr.IPv4.parse(carried), own);
    if (why) return `${embedded?.form} carrying ${carried}: ${why}`;
  }
  const row = rowOf(v6, IPV6_TABLE);
  if (row) return `${row.name}, ${row.cidr}`;
  if (!v6.match(GLOBAL_UNICAST)) return `outside ${IPV6_GLOBAL_UNICAST}, the global unicast space`;
  if (own.has(v6.toNormalizedString())) return "an address of this host";
  return null;
}
