import type { RequestVerdict } from '@scrape/browser';
import type { SsrfOptions } from './addressPolicy.js';
import { resolveAllowedAddresses } from './resolveAllowedAddresses.js';

/**
 * Default ports of the schemes a page may open connections with; anything else (file:, data: fetched by the network
 * stack) is refused.
 */
export const NETWORK_SCHEMES: Readonly<Record<string, number>> = { 'http:': 80, 'https:': 443, 'ws:': 80, 'wss:': 443 };

/** The port a URL connects to: its own, or its scheme's default. */
export function portOf(url: URL): number {
  return Number(url.port) || NETWORK_SCHEMES[url.protocol] || 80;
}

/**
 * The browser's SSRF hook for one render or session: resolves each request's host, keeps the addresses the policy
 * allows, and hands them to the browser's guard proxy as the only ones it may dial (so DNS rebinding cannot slip in
 * between the check and the connection). One resolution per host and port.
 */
export function createAllowRequest(ssrf: SsrfOptions): (url: string) => Promise<RequestVerdict> {
  const byHost = new Map<string, Promise<RequestVerdict>>();
  return (raw) => {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return Promise.resolve({ allow: false });
    }
    const defaultPort = NETWORK_SCHEMES[url.protocol];
    if (defaultPort === undefined) return Promise.resolve({ allow: false });
    const port = Number(url.port) || defaultPort;
    const key = `${url.hostname}:${port}`;
    let verdict = byHost.get(key);
    if (!verdict) {
      verdict = resolveAllowedAddresses(url.hostname, port, ssrf, raw).then(
        (addresses) => ({ allow: true, addresses }),
        () => ({ allow: false }),
      );
      byHost.set(key, verdict);
    }
    return verdict;
  };
}
