import type { IPv6 } from "ipaddr.js";

// IPv6 forms that carry an IPv4 address inside them. A request to one of them can reach that IPv4
// address (a NAT64 gateway, a 6to4 relay, a Teredo relay, or the host's own dual stack), so the policy
// checks the IPv4 address they carry as if it had been written.

interface EmbeddedIpv4 {
  form: string;
  /** Every IPv4 address the form may carry (the local-use NAT64 prefix has two places for it). */
  ipv4: string[];
}

const dotted = (high: number, low: number) => `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;

export function embeddedIpv4(address: IPv6): EmbeddedIpv4 | null {
  const [p0 = 0, p1 = 0, p2 = 0, p3 = 0, p4 = 0, p5 = 0, p6 = 0, p7 = 0] = address.parts;
  const last32 = dotted(p6, p7);
  const zeroTo = (n: number) => address.parts.slice(0, n).every((part) => part === 0);
  if (zeroTo(5) && p5 === 0xffff) return { form: "IPv4-mapped (::ffff:a.b.c.d)", ipv4: [last32] };
  if (zeroTo(4) && p4 === 0xffff && p5 === 0) return { form: "IPv4-translated (::ffff:0:a.b.c.d)", ipv4: [last32] };
  // ::a.b.c.d, deprecated by RFC 4291 but still routed by some stacks; :: and ::1 are their own rows.
  if (zeroTo(6) && !(p6 === 0 && p7 <= 1)) return { form: "IPv4-compatible (::a.b.c.d)", ipv4: [last32] };
  if (p0 === 0x64 && p1 === 0xff9b && p2 === 0 && p3 === 0 && p4 === 0 && p5 === 0) {
    return { form: "NAT64 (64:ff9b::/96)", ipv4: [last32] };
  }
  if (p0 === 0x64 && p1 === 0xff9b && p2 === 1) {
    // RFC 6052 lets the local-use prefix be any length up to /96: a /48 puts the address in bits
    // 48–63 and 72–87 (bits 64–71 are zero), a /96 in the last 32 bits.
    return { form: "local-use NAT64 (64:ff9b:1::/48)", ipv4: [last32, dotted(p3, ((p4 & 0xff) << 8) | (p5 >> 8))] };
  }
  if (p0 === 0x2002) return { form: "6to4 (2002::/16)", ipv4: [dotted(p1, p2)] };
  if (p0 === 0x2001 && p1 === 0) {
    // Teredo: the server's address in bits 32–63, the client's in the last 32 bits, inverted.
    return { form: "Teredo (2001::/32)", ipv4: [dotted(p2, p3), dotted(p6 ^ 0xffff, p7 ^ 0xffff)] };
  }
  return null;
}
