import { parseIpAddress, type IpBytes } from './parseIpAddress.js';

/** [prefix, length] ranges of IPv4 space that is not public unicast (IANA special-purpose registry). */
const BLOCKED_V4: [number[], number][] = [
  [[0, 0, 0, 0], 8], //         "this network", unspecified
  [[10, 0, 0, 0], 8], //        private
  [[100, 64, 0, 0], 10], //     CGNAT shared address space
  [[127, 0, 0, 0], 8], //       loopback
  [[169, 254, 0, 0], 16], //    link-local (cloud metadata lives here)
  [[172, 16, 0, 0], 12], //     private
  [[192, 0, 0, 0], 24], //      IETF protocol assignments
  [[192, 0, 2, 0], 24], //      TEST-NET-1
  [[192, 88, 99, 0], 24], //    6to4 relay anycast (deprecated)
  [[192, 168, 0, 0], 16], //    private
  [[198, 18, 0, 0], 15], //     benchmarking
  [[198, 51, 100, 0], 24], //   TEST-NET-2
  [[203, 0, 113, 0], 24], //    TEST-NET-3
  [[224, 0, 0, 0], 4], //       multicast
  [[240, 0, 0, 0], 4], //       reserved, broadcast
];

/** IPv6 inside global unicast (2000::/3) that is still not public. Everything outside 2000::/3 is blocked outright. */
const BLOCKED_V6_GLOBAL: [number[], number][] = [
  [[0x20, 0x01, 0x00, 0x00], 23], // IETF protocol assignments (Teredo, ORCHID, benchmarking...)
  [[0x20, 0x01, 0x0d, 0xb8], 32], // documentation
  [[0x3f, 0xff, 0x00, 0x00], 20], // documentation (2024)
];

/**
 * True when `address` (an IP literal) is a public unicast address. Loopback, private, link-local, CGNAT, multicast,
 * reserved, unspecified, documentation ranges, and IPv6 forms that embed such an IPv4 address (mapped `::ffff:a.b.c.d`,
 * compatible `::a.b.c.d`, NAT64 `64:ff9b::/96`, 6to4 `2002::/16`) are not. Anything unparsable is not public.
 */
export function isPublicAddress(address: string): boolean {
  const bytes = parseIpAddress(address);
  if (!bytes) return false;
  return bytes.length === 4 ? isPublicV4(bytes) : isPublicV6(bytes);
}

function isPublicV4(bytes: IpBytes): boolean {
  return !BLOCKED_V4.some(([prefix, length]) => inPrefix(bytes, prefix, length));
}

function isPublicV6(bytes: IpBytes): boolean {
  const embedded = embeddedV4(bytes);
  if (embedded) return isPublicV4(embedded);
  // Only 2000::/3 is allocated global unicast; ULA (fc00::/7), link-local (fe80::/10), multicast (ff00::/8),
  // loopback, unspecified, discard (100::/64) and the rest of the reserved space fall outside it.
  if ((bytes[0] & 0xe0) !== 0x20) return false;
  return !BLOCKED_V6_GLOBAL.some(([prefix, length]) => inPrefix(bytes, prefix, length));
}

/** The IPv4 address an IPv6 form carries, when the form routes to that IPv4 host. */
function embeddedV4(bytes: IpBytes): IpBytes | null {
  const zeros = (from: number, to: number) => bytes.subarray(from, to).every((b) => b === 0);
  // ::ffff:a.b.c.d (mapped) and ::a.b.c.d (compatible; also covers :: and ::1 → 0.0.0.0 / 0.0.0.1, both blocked).
  if (zeros(0, 10) && ((bytes[10] === 0xff && bytes[11] === 0xff) || (bytes[10] === 0 && bytes[11] === 0)))
    return bytes.subarray(12, 16);
  // ::ffff:0:a.b.c.d (SIIT translated).
  if (zeros(0, 8) && bytes[8] === 0xff && bytes[9] === 0xff && bytes[10] === 0 && bytes[11] === 0)
    return bytes.subarray(12, 16);
  // 64:ff9b::a.b.c.d (NAT64 well-known prefix) and 64:ff9b:1::/48 (local NAT64: always internal).
  if (bytes[0] === 0x00 && bytes[1] === 0x64 && bytes[2] === 0xff && bytes[3] === 0x9b) {
    if (zeros(4, 12)) return bytes.subarray(12, 16);
    return Uint8Array.of(127, 0, 0, 1);
  }
  // 2002:a.b.c.d::/48 (6to4).
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return bytes.subarray(2, 6);
  return null;
}

function inPrefix(bytes: IpBytes, prefix: number[], length: number): boolean {
  for (let bit = 0; bit < length; bit++) {
    const i = bit >> 3;
    const mask = 0x80 >> (bit & 7);
    if ((bytes[i] & mask) !== ((prefix[i] ?? 0) & mask)) return false;
  }
  return true;
}
