import type { AllowCheck } from '../installRequestGuard.js';
import type { UpstreamProxy } from '../types.js';

/** Upstream connect limit; the render's own timeout is usually shorter. */
export const UPSTREAM_TIMEOUT_MS = 30_000;

/** Where a registration's allowed traffic goes when it has an upstream proxy, with its credentials as a header. */
export interface UpstreamRoute {
  host: string;
  port: number;
  authorization?: string;
}

/** One context's claim on the guard proxy: the check its requests pass, who hears refusals, its upstream proxy. */
export interface Registration {
  released?: boolean;
  check: AllowCheck;
  onRefused: (url: string, tunnel: boolean) => void;
  upstream?: UpstreamRoute;
}

/** The render's upstream proxy as host, port and a Basic `Proxy-Authorization` value (credentials in the URL count). */
export function parseUpstream(proxy: UpstreamProxy): UpstreamRoute {
  const url = new URL(proxy.server.includes('://') ? proxy.server : `http://${proxy.server}`);
  const username = proxy.username ?? decodeURIComponent(url.username);
  const password = proxy.password ?? decodeURIComponent(url.password);
  return {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: Number(url.port) || 80,
    authorization: username ? `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}` : undefined,
  };
}
