import type { ProfileState } from '@scrape/browser';
import type { Source } from '../source.js';
import type { ScrapePlan } from '../steps/plan.js';

/**
 * An engine turns a plan into a Source. The HTTP engine (`fetch`) is built in; a browser engine plugs in through
 * `createScraper({ engines: { browser } })` and is picked when the plan needs one (see pickEngine).
 */
export interface Engine {
  /** `metadata.engine` of what it fetches. */
  readonly name: string;
  /** Fetches `plan.url`; must honour `signal` (the whole-scrape timeout) and the SSRF policy. Throws ScrapeError. */
  acquire(plan: ScrapePlan, signal: AbortSignal, options?: AcquireOptions): Promise<Source>;
  close(): Promise<void>;
}

/** Per-attempt choices the acquire step makes (proxy tier). */
export interface AcquireOptions {
  /** Send the fetch through this HTTP proxy; absent: connect directly. */
  proxy?: ProxyEndpoint;
  /** A browser profile to load (`state`) and, with `onState`, the context's state to hand back after the render. */
  profile?: { state?: ProfileState; onState?: (state: ProfileState) => void };
}

/** An HTTP forward proxy, from SCRAPE_PROXY_BASIC / SCRAPE_PROXY_ENHANCED (`http://user:pass@host:port`). */
export interface ProxyEndpoint {
  /** `http://host:port` (credentials split out). */
  server: string;
  username?: string;
  password?: string;
}

export interface Engines {
  fetch: Engine;
  browser?: Engine;
}
