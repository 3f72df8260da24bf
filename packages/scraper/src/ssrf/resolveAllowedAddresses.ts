import { lookup } from 'node:dns/promises';
import { errors } from '../errors.js';
import { isAllowedAddress, type SsrfOptions } from './addressPolicy.js';
import { parseIpAddress } from './parseIpAddress.js';

/**
 * Resolves `hostname` and returns the addresses the guard lets us connect to, in resolver order. An IP literal is
 * checked as is. Throws the 403 `SCRAPE_SSRF_BLOCKED` when none is allowed (a name that resolves to both public and
 * private addresses keeps only the public ones, so DNS answers cannot steer the connection inside), and the 502
 * `SCRAPE_DNS_RESOLUTION_ERROR` when the name does not resolve. A refusal never names the address a name resolved to.
 */
export async function resolveAllowedAddresses(
  hostname: string,
  port: number,
  options: SsrfOptions,
  url = hostname,
): Promise<string[]> {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  if (parseIpAddress(bare)) {
    if (isAllowedAddress(bare, port, options)) return [bare];
    throw errors.ssrfBlocked({ url, address: bare, reason: 'private or reserved address' });
  }
  let resolved: { address: string }[];
  try {
    resolved = options.lookup ? await options.lookup(bare) : await lookup(bare, { all: true, verbatim: true });
  } catch (error) {
    throw errors.dnsResolution(bare, (error as NodeJS.ErrnoException).code ?? String(error));
  }
  if (resolved.length === 0) throw errors.dnsResolution(bare, 'no addresses');
  const allowed = resolved.map((r) => r.address).filter((address) => isAllowedAddress(address, port, options));
  if (allowed.length === 0) {
    // Which address is not said: a tenant could otherwise map the internal DNS one name at a time.
    throw errors.ssrfBlocked({ url, reason: `${bare} resolves to a private or reserved address` });
  }
  return allowed;
}
