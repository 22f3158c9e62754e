import { z } from "zod";
import registries from "./special-purpose-ranges.json";

// Every row of the IANA IPv4 and IPv6 Special-Purpose Address Registries (RFC 6890 and the RFCs each
// row names), plus the multicast blocks, which have registries of their own. An outbound request to
// any of them is refused unless FOCAL_TOOL_HOSTS names the host exactly (outbound-target.ts). Rows
// inside a larger row (192.0.0.8/32 inside 192.0.0.0/24, 2001:1::1/128 inside 2001::/23) are kept so
// a refusal names the most specific one and the table can be read against the registry line by line.
// The rows are data (special-purpose-ranges.json), one a line, in the registries' order.

const SpecialRange = z.object({ cidr: z.string(), name: z.string() });
export type SpecialRange = z.infer<typeof SpecialRange>;

const Registries = z.object({ ipv4: z.array(SpecialRange), ipv6: z.array(SpecialRange) });
const { ipv4, ipv6 } = Registries.parse(registries);

export const IPV4_SPECIAL_RANGES: readonly SpecialRange[] = ipv4;
export const IPV6_SPECIAL_RANGES: readonly SpecialRange[] = ipv6;

// Everything routable on the IPv6 internet is inside 2000::/3 (the IANA IPv6 address space); the rest
// is reserved, and holds forms no registry row names, such as the IPv4-translated ::ffff:0:a.b.c.d.
export const IPV6_GLOBAL_UNICAST = "2000::/3";
