import { errors } from '../errors.js';
import type { ProxyEndpoint } from './engine.js';

/** The spec's proxy tiers (§2.1 `proxy`); `auto` is basic first, enhanced when basic is blocked. */
export type ProxyTier = 'basic' | 'enhanced';

/** The operator's proxies: SCRAPE_PROXY_BASIC (absent: direct) and SCRAPE_PROXY_ENHANCED (absent: no enhanced tier). */
export interface ProxySettings {
  basic?: ProxyEndpoint;
  enhanced?: ProxyEndpoint;
}

/** One fetch attempt: the tier reported as `metadata.proxyUsed` and the proxy to go through (absent: direct). */
export interface ProxyAttempt {
  tier: ProxyTier;
  proxy?: ProxyEndpoint;
}

export const ENHANCED_PROXY_SETTING = 'SCRAPE_PROXY_ENHANCED';

/** Parses `http://[user:pass@]host:port`; throws an Error naming `setting` for anything else. */
export function parseProxyUrl(raw: string, setting: string): ProxyEndpoint {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new Error(
      `${setting} must be an http:// proxy URL like http://user:pass@proxy.example:8080, got an unparsable value`,
    );
  }
  if (url.protocol !== 'http:' || !url.hostname) {
    throw new Error(
      `${setting} must be an http:// proxy URL like http://user:pass@proxy.example:8080 (HTTPS and SOCKS proxies are ` +
        `not supported)`,
    );
  }
  const endpoint: ProxyEndpoint = { server: `http://${url.host}` };
  if (url.username) endpoint.username = decodeURIComponent(url.username);
  if (url.password) endpoint.password = decodeURIComponent(url.password);
  return endpoint;
}

/** 400 before any traffic: `enhanced` asked for and no enhanced proxy configured. */
export function checkProxyMode(mode: 'basic' | 'enhanced' | 'auto', settings: ProxySettings): void {
  if (mode === 'enhanced' && !settings.enhanced) {
    throw errors.badRequest(
      `proxy "enhanced" needs an enhanced proxy and this server has none: set ${ENHANCED_PROXY_SETTING}, or send ` +
        `proxy "basic" or "auto"`,
      { option: 'proxy', setting: ENHANCED_PROXY_SETTING },
      'SCRAPE_PROXY_NOT_CONFIGURED',
    );
  }
}

/** The attempts of one scrape, in order. `auto` without an enhanced proxy is just basic. */
export function planProxyAttempts(mode: 'basic' | 'enhanced' | 'auto', settings: ProxySettings): ProxyAttempt[] {
  checkProxyMode(mode, settings);
  const basic: ProxyAttempt = { tier: 'basic', proxy: settings.basic };
  const enhanced: ProxyAttempt = { tier: 'enhanced', proxy: settings.enhanced };
  if (mode === 'enhanced') return [enhanced];
  if (mode === 'auto' && settings.enhanced) return [basic, enhanced];
  return [basic];
}
