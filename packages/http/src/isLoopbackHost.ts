import { isIP } from 'node:net';

/**
 * True when `host` (a bind address or a socket's local address) can only be reached from this machine:
 * 127.0.0.0/8, ::1, the IPv4-mapped forms of those, and the name `localhost`.
 * Keyless mode is only allowed on such addresses, so a wildcard (0.0.0.0, ::) or a public address is never loopback.
 */
export function isLoopbackHost(host: string): boolean {
  let h = host.trim().toLowerCase();
  if (h.startsWith('[') && h.endsWith(']')) h = h.slice(1, -1);
  if (h === 'localhost' || h.endsWith('.localhost')) return true;
  const zone = h.indexOf('%');
  if (zone !== -1) h = h.slice(0, zone);
  const family = isIP(h);
  if (family === 4) return h.split('.')[0] === '127';
  if (family === 6) {
    if (expandIpv6(h) === '0000:0000:0000:0000:0000:0000:0000:0001') return true;
    // ::ffff:127.x.y.z (dotted or hex tail) is IPv4 loopback seen through a dual-stack socket.
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(h);
    if (mapped) return mapped[1].split('.')[0] === '127';
    const full = expandIpv6(h);
    return full.startsWith('0000:0000:0000:0000:0000:ffff:7f');
  }
  return false;
}

/** Eight 4-digit groups, so differently abbreviated spellings of one address compare equal. */
function expandIpv6(address: string): string {
  let a = address;
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(a);
  if (v4) {
    const [, p, q, r, s] = v4.map(Number);
    a = a.slice(0, v4.index) + ((p << 8) | q).toString(16) + ':' + ((r << 8) | s).toString(16);
  }
  const [head, tail] = a.includes('::') ? a.split('::') : [a, undefined];
  const left = head ? head.split(':') : [];
  const right = tail !== undefined && tail !== '' ? tail.split(':') : [];
  const missing = 8 - left.length - right.length;
  const groups = [...left, ...Array(tail === undefined ? 0 : missing).fill('0'), ...right];
  return groups.map((g) => g.padStart(4, '0')).join(':');
}
