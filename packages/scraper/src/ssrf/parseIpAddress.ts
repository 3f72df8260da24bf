import { isIPv4, isIPv6 } from 'node:net';

/** An IP address as bytes: 4 for IPv4, 16 for IPv6. */
export type IpBytes = Uint8Array;

/**
 * Parses a literal IPv4 (dotted quad) or IPv6 address (brackets and a `%zone` suffix allowed) into bytes, or
 * returns null. Legacy IPv4 spellings (decimal `2130706433`, octal `0177.0.0.1`, hex `0x7f.1`) are not literals
 * here on purpose: the WHATWG URL parser has already turned them into dotted quads before a host reaches us.
 */
export function parseIpAddress(input: string): IpBytes | null {
  let text = input.trim();
  if (text.startsWith('[') && text.endsWith(']')) text = text.slice(1, -1);
  const zone = text.indexOf('%');
  if (zone !== -1) text = text.slice(0, zone);
  if (isIPv4(text)) return Uint8Array.from(text.split('.').map(Number));
  if (isIPv6(text)) return parseIpv6(text);
  return null;
}

function parseIpv6(text: string): IpBytes {
  const bytes = new Uint8Array(16);
  let groups: number[] = [];
  let tail: number[] = [];
  let rest = text;
  // A trailing dotted quad (::ffff:1.2.3.4) is two groups.
  const lastColon = rest.lastIndexOf(':');
  const maybeV4 = rest.slice(lastColon + 1);
  let v4: number[] = [];
  if (isIPv4(maybeV4)) {
    const [a, b, c, d] = maybeV4.split('.').map(Number);
    v4 = [(a << 8) | b, (c << 8) | d];
    rest = rest.slice(0, lastColon + 1) + '0';
  }
  const [head, after] = rest.includes('::') ? rest.split('::') : [rest, undefined];
  groups = head === '' ? [] : head.split(':').map((g) => parseInt(g, 16));
  tail = after === undefined || after === '' ? [] : after.split(':').map((g) => parseInt(g, 16));
  if (v4.length > 0) {
    // Replace the placeholder group with the two v4 groups.
    if (after !== undefined) tail = tail.slice(0, -1).concat(v4);
    else groups = groups.slice(0, -1).concat(v4);
  }
  const all = after === undefined ? groups : groups.concat(new Array(8 - groups.length - tail.length).fill(0), tail);
  all.forEach((g, i) => {
    bytes[i * 2] = g >> 8;
    bytes[i * 2 + 1] = g & 0xff;
  });
  return bytes;
}

export function formatIpBytes(bytes: IpBytes): string {
  if (bytes.length === 4) return Array.from(bytes).join('.');
  const groups: string[] = [];
  for (let i = 0; i < 16; i += 2) groups.push(((bytes[i] << 8) | bytes[i + 1]).toString(16));
  return groups.join(':');
}
