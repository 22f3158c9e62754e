// Every row of the IANA IPv4 and IPv6 Special-Purpose Address Registries (RFC 6890 and the RFCs each
// row names), plus the multicast blocks, which have registries of their own. An outbound request to
// any of them is refused unless FOCAL_TOOL_HOSTS names the host exactly (outbound-target.ts). Rows
// inside a larger row (192.0.0.8/32 inside 192.0.0.0/24, 2001:1::1/128 inside 2001::/23) are kept so
// a refusal names the most specific one and the table can be read against the registry line by line.

export interface SpecialRange {
  cidr: string;
  name: string;
}

export const IPV4_SPECIAL_RANGES: readonly SpecialRange[] = [
  { cidr: "0.0.0.0/8", name: '"this network"' },
  { cidr: "0.0.0.0/32", name: '"this host on this network"' },
  { cidr: "10.0.0.0/8", name: "private-use" },
  { cidr: "100.64.0.0/10", name: "shared address space (carrier-grade NAT)" },
  { cidr: "127.0.0.0/8", name: "loopback" },
  { cidr: "169.254.0.0/16", name: "link-local" },
  { cidr: "172.16.0.0/12", name: "private-use" },
  { cidr: "192.0.0.0/24", name: "IETF protocol assignments" },
  { cidr: "192.0.0.0/29", name: "IPv4 service continuity prefix" },
  { cidr: "192.0.0.8/32", name: "IPv4 dummy address" },
  { cidr: "192.0.0.9/32", name: "Port Control Protocol anycast" },
  { cidr: "192.0.0.10/32", name: "TURN anycast" },
  { cidr: "192.0.0.170/32", name: "NAT64/DNS64 discovery" },
  { cidr: "192.0.0.171/32", name: "NAT64/DNS64 discovery" },
  { cidr: "192.0.2.0/24", name: "documentation (TEST-NET-1)" },
  { cidr: "192.31.196.0/24", name: "AS112-v4" },
  { cidr: "192.52.193.0/24", name: "AMT" },
  { cidr: "192.88.99.0/24", name: "deprecated 6to4 relay anycast" },
  { cidr: "192.168.0.0/16", name: "private-use" },
  { cidr: "192.175.48.0/24", name: "direct delegation AS112 service" },
  { cidr: "198.18.0.0/15", name: "benchmarking" },
  { cidr: "198.51.100.0/24", name: "documentation (TEST-NET-2)" },
  { cidr: "203.0.113.0/24", name: "documentation (TEST-NET-3)" },
  { cidr: "224.0.0.0/4", name: "multicast" },
  { cidr: "240.0.0.0/4", name: "reserved" },
  { cidr: "255.255.255.255/32", name: "limited broadcast" },
];

export const IPV6_SPECIAL_RANGES: readonly SpecialRange[] = [
  { cidr: "::/128", name: "unspecified" },
  { cidr: "::1/128", name: "loopback" },
  { cidr: "::ffff:0:0/96", name: "IPv4-mapped" },
  { cidr: "64:ff9b::/96", name: "IPv4-IPv6 translation" },
  { cidr: "64:ff9b:1::/48", name: "local-use IPv4-IPv6 translation" },
  { cidr: "100::/64", name: "discard-only" },
  { cidr: "100:0:0:1::/64", name: "dummy IPv6 prefix" },
  { cidr: "2001::/23", name: "IETF protocol assignments" },
  { cidr: "2001::/32", name: "Teredo" },
  { cidr: "2001:1::1/128", name: "Port Control Protocol anycast" },
  { cidr: "2001:1::2/128", name: "TURN anycast" },
  { cidr: "2001:1::3/128", name: "DNS-SD service registration protocol anycast" },
  { cidr: "2001:2::/48", name: "benchmarking" },
  { cidr: "2001:3::/32", name: "AMT" },
  { cidr: "2001:4:112::/48", name: "AS112-v6" },
  { cidr: "2001:10::/28", name: "deprecated ORCHID" },
  { cidr: "2001:20::/28", name: "ORCHIDv2" },
  { cidr: "2001:30::/28", name: "drone remote ID entity tags" },
  { cidr: "2001:db8::/32", name: "documentation" },
  { cidr: "2002::/16", name: "6to4" },
  { cidr: "2620:4f:8000::/48", name: "direct delegation AS112 service" },
  { cidr: "3fff::/20", name: "documentation" },
  { cidr: "5f00::/16", name: "segment routing (SRv6) SIDs" },
  { cidr: "fc00::/7", name: "unique-local" },
  { cidr: "fe80::/10", name: "link-local" },
  { cidr: "ff00::/8", name: "multicast" },
];

// Everything routable on the IPv6 internet is inside 2000::/3 (the IANA IPv6 address space); the rest
// is reserved, and holds forms no registry row names, such as the IPv4-translated ::ffff:0:a.b.c.d.
export const IPV6_GLOBAL_UNICAST = "2000::/3";
