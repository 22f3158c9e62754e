import { describe, expect, it } from "vitest";
import { refusedAddressReason } from "./address-policy";
import { IPV4_SPECIAL_RANGES, IPV6_SPECIAL_RANGES } from "./special-purpose-ranges";

// One row per entry of the IANA IPv4 and IPv6 Special-Purpose Address Registries (and multicast): an
// address inside, the edges where an off-by-one would open a neighbour, and the public address just
// outside. No host address is passed as this machine's own unless a case says so.

const NONE: ReadonlySet<string> = new Set();
const refused = (address: string, own = NONE) => refusedAddressReason(address, own);

const IPV4_ROWS: [cidr: string, inside: string[], outside: string[]][] = [
  ["0.0.0.0/8", ["0.0.0.0", "0.255.255.255"], ["1.0.0.1"]],
  ["0.0.0.0/32", ["0.0.0.0"], []],
  ["10.0.0.0/8", ["10.0.0.0", "10.1.2.3", "10.255.255.255"], ["11.0.0.1", "9.255.255.255"]],
  ["100.64.0.0/10", ["100.64.0.0", "100.127.255.255"], ["100.63.255.255", "100.128.0.0"]],
  ["127.0.0.0/8", ["127.0.0.1", "127.9.9.9", "127.255.255.255"], ["128.0.0.1"]],
  ["169.254.0.0/16", ["169.254.169.254", "169.254.0.1"], ["169.253.255.255", "169.255.0.1"]],
  ["172.16.0.0/12", ["172.16.0.1", "172.31.255.255"], ["172.15.255.255", "172.32.0.1"]],
  ["192.0.0.0/24", ["192.0.0.1", "192.0.0.255"], ["192.0.1.1"]],
  ["192.0.0.0/29", ["192.0.0.0", "192.0.0.7"], []],
  ["192.0.0.8/32", ["192.0.0.8"], []],
  ["192.0.0.9/32", ["192.0.0.9"], []],
  ["192.0.0.10/32", ["192.0.0.10"], []],
  ["192.0.0.170/32", ["192.0.0.170"], []],
  ["192.0.0.171/32", ["192.0.0.171"], []],
  ["192.0.2.0/24", ["192.0.2.0", "192.0.2.1", "192.0.2.255"], ["192.0.3.1"]],
  ["192.31.196.0/24", ["192.31.196.1"], ["192.31.197.1"]],
  ["192.52.193.0/24", ["192.52.193.1"], ["192.52.194.1"]],
  ["192.88.99.0/24", ["192.88.99.1"], ["192.88.98.255", "192.88.100.1"]],
  ["192.168.0.0/16", ["192.168.0.1", "192.168.255.255"], ["192.169.0.1", "192.167.255.255"]],
  ["192.175.48.0/24", ["192.175.48.1"], ["192.175.49.1"]],
  ["198.18.0.0/15", ["198.18.0.1", "198.19.255.255"], ["198.17.255.255", "198.20.0.1"]],
  ["198.51.100.0/24", ["198.51.100.7"], ["198.51.101.1"]],
  ["203.0.113.0/24", ["203.0.113.9"], ["203.0.114.1", "203.0.112.255"]],
  ["224.0.0.0/4", ["224.0.0.1", "239.255.255.255"], ["223.255.255.255"]],
  ["240.0.0.0/4", ["240.0.0.1", "255.255.255.254"], []],
  ["255.255.255.255/32", ["255.255.255.255"], []],
];

const IPV6_ROWS: [cidr: string, inside: string[], outside: string[]][] = [
  ["::/128", ["::"], []],
  ["::1/128", ["::1", "0:0:0:0:0:0:0:1"], []],
  ["::ffff:0:0/96", ["::ffff:0:0", "::ffff:ffff:ffff"], []],
  ["64:ff9b::/96", ["64:ff9b::", "64:ff9b::808:808"], []],
  ["64:ff9b:1::/48", ["64:ff9b:1::", "64:ff9b:1:ffff:ffff:ffff:ffff:ffff"], []],
  ["100::/64", ["100::", "100::ffff:ffff:ffff:ffff"], []],
  ["100:0:0:1::/64", ["100:0:0:1::1"], []],
  ["2001::/23", ["2001:100::1", "2001:1ff:ffff::1"], ["2001:200::1"]],
  ["2001::/32", ["2001:0:4136:e378:8000:63bf:3fff:fdd2"], []],
  ["2001:1::1/128", ["2001:1::1"], []],
  ["2001:1::2/128", ["2001:1::2"], []],
  ["2001:1::3/128", ["2001:1::3"], []],
  ["2001:2::/48", ["2001:2::1", "2001:2:0:ffff::1"], []],
  ["2001:3::/32", ["2001:3::1"], []],
  ["2001:4:112::/48", ["2001:4:112::1"], []],
  ["2001:10::/28", ["2001:10::1", "2001:1f::1"], []],
  ["2001:20::/28", ["2001:20::1", "2001:2f::1"], []],
  ["2001:30::/28", ["2001:30::1", "2001:3f::1"], []],
  ["2001:db8::/32", ["2001:db8::1", "2001:db8:ffff::1"], ["2001:db9::1"]],
  ["2002::/16", ["2002:808:808::1"], ["2003::1"]],
  ["2620:4f:8000::/48", ["2620:4f:8000::1"], ["2620:4f:8001::1"]],
  ["3fff::/20", ["3fff::1", "3fff:fff:ffff::1"], ["3fff:1000::1"]],
  ["5f00::/16", ["5f00::1"], []],
  ["fc00::/7", ["fc00::1", "fd12:3456::1", "fdff:ffff::1"], []],
  ["fe80::/10", ["fe80::1", "febf::1", "fe80::1%eth0"], []],
  ["ff00::/8", ["ff02::1", "ff0e::1"], []],
];

describe("refusedAddressReason: the IPv4 special-purpose registry", () => {
  it("has a row here for every row of the table", () => {
    expect(IPV4_ROWS.map(([cidr]) => cidr).sort()).toEqual(IPV4_SPECIAL_RANGES.map((row) => row.cidr).sort());
  });

  it.each(IPV4_ROWS)("%s: refuses %j, allows %j", (cidr, inside, outside) => {
    for (const address of inside) expect(refused(address), address).toContain(cidr.split("/")[0]);
    for (const address of outside) expect(refused(address), address).toBeNull();
  });
});

describe("refusedAddressReason: the IPv6 special-purpose registry", () => {
  it("has a row here for every row of the table", () => {
    expect(IPV6_ROWS.map(([cidr]) => cidr).sort()).toEqual(IPV6_SPECIAL_RANGES.map((row) => row.cidr).sort());
  });

  it.each(IPV6_ROWS)("%s: refuses %j, allows %j", (_cidr, inside, outside) => {
    for (const address of inside) expect(refused(address), address).not.toBeNull();
    for (const address of outside) expect(refused(address), address).toBeNull();
  });

  it("names the most specific row", () => {
    expect(refused("2001:1::1")).toBe("Port Control Protocol anycast, 2001:1::1/128");
    expect(refused("192.0.0.9")).toBe("Port Control Protocol anycast, 192.0.0.9/32");
    expect(refused("::1")).toBe("loopback, ::1/128");
  });

  it("refuses what is outside 2000::/3, the global unicast space", () => {
    expect(refused("4000::1")).toContain("outside 2000::/3");
    expect(refused("::2:1")).not.toBeNull();
  });
});

describe("refusedAddressReason: IPv6 forms that carry an IPv4 address", () => {
  it.each([
    ["::ffff:127.0.0.1", "IPv4-mapped", "127.0.0.1"],
    ["::ffff:7f00:1", "IPv4-mapped", "127.0.0.1"],
    ["::ffff:a9fe:a9fe", "IPv4-mapped", "169.254.169.254"],
    ["::ffff:0:127.0.0.1", "IPv4-translated", "127.0.0.1"],
    ["::ffff:0:a00:1", "IPv4-translated", "10.0.0.1"],
    // ipaddr.js reads the dotted "::127.0.0.1" as mapped (refused all the same); the hex form is compatible.
    ["::127.0.0.1", "IPv4-mapped", "127.0.0.1"],
    ["::7f00:1", "IPv4-compatible", "127.0.0.1"],
    ["64:ff9b::7f00:1", "NAT64", "127.0.0.1"],
    ["64:ff9b::a00:1", "NAT64", "10.0.0.1"],
    ["64:ff9b:1::7f00:1", "local-use NAT64", "127.0.0.1"],
    ["64:ff9b:1:7f00:0:100::", "local-use NAT64", "127.0.0.1"],
    ["2002:7f00:1::", "6to4", "127.0.0.1"],
    ["2002:a9fe:a9fe::1", "6to4", "169.254.169.254"],
    ["2001:0:7f00:1::1", "Teredo", "127.0.0.1"],
    ["2001:0:4136:e378:8000:63bf:f5ff:fffe", "Teredo", "10.0.0.1"],
  ])("%s is refused as %s carrying %s", (address, form, ipv4) => {
    const reason = refused(address);
    expect(reason).toContain(form);
    expect(reason).toContain(ipv4);
  });

  it("still refuses the translation and 6to4 ranges when the IPv4 address they carry is public", () => {
    expect(refused("::ffff:8.8.8.8")).toContain("::ffff:0:0/96");
    expect(refused("64:ff9b::8.8.8.8")).toContain("64:ff9b::/96");
    expect(refused("2002:808:808::1")).toContain("2002::/16");
  });
});

describe("refusedAddressReason: this host and public addresses", () => {
  it("refuses the host's own interface addresses, written plainly or carried in IPv6", () => {
    const own = new Set(["93.184.216.34", "2606:4700:0:0:0:0:0:1111"]);
    expect(refused("93.184.216.34", own)).toBe("an address of this host");
    expect(refused("2606:4700::1111", own)).toBe("an address of this host");
    expect(refused("::ffff:93.184.216.34", own)).toContain("an address of this host");
    expect(refused("93.184.216.35", own)).toBeNull();
  });

  it("reads this host's interfaces by default: loopback is one of them anyway", () => {
    expect(refusedAddressReason("127.0.0.1")).not.toBeNull();
  });

  it.each(["8.8.8.8", "1.1.1.1", "93.184.216.34", "172.32.0.1", "2606:4700::1111", "2a00:1450:4001::200e"])(
    "allows the public address %s",
    (address) => {
      expect(refused(address)).toBeNull();
    },
  );

  it.each(["2130706433", "0x7f.0.0.1", "127.1", "localhost", "", "1.2.3.4.5"])("refuses %j as no address", (text) => {
    expect(refused(text)).toBe("not an IP address");
  });
});
