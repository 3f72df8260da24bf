import { createRequire } from 'node:module';

interface ParsedRobots {
  isAllowed(url: string, ua?: string): boolean | undefined;
  getCrawlDelay(ua?: string): number | undefined;
  getSitemaps(): string[];
}
// robots-parser is CommonJS with a default-export typing NodeNext cannot call; require gives the function itself.
const robotsParser = createRequire(import.meta.url)('robots-parser') as (url: string, text: string) => ParsedRobots;
import { LRUCache } from 'lru-cache';
import type { FetchRaw } from './fetchRaw.js';

/** Google's documented limit: rules after the first 500 KiB of a robots.txt are ignored. */
const ROBOTS_MAX_BYTES = 500 * 1024;
const ROBOTS_CACHE_ORIGINS = 1_000;
const ROBOTS_CACHE_TTL_MS = 10 * 60 * 1000;
/** The token we match robots.txt groups with when the crawl names none. */
export const DEFAULT_ROBOTS_USER_AGENT = 'FirecrawlAgent';

export interface RobotsRules {
  isAllowed(url: string): boolean;
  /** Crawl-delay for our agent, in ms (0 when none). */
  crawlDelayMs(): number;
  sitemaps(): string[];
}

const ALLOW_ALL = (): RobotsRules => ({ isAllowed: () => true, crawlDelayMs: () => 0, sitemaps: () => [] });

/**
 * robots.txt per origin, parsed by robots-parser (the RFC 9309 matching: longest rule wins, `*` and `$`), fetched once
 * per origin and kept a few minutes. A robots.txt that is missing (4xx) allows everything; one that cannot be read
 * (5xx, network) also allows, as most crawlers do, rather than stalling a crawl on a flaky server.
 */
export function createRobotsRules(fetchRaw: FetchRaw) {
  const cache = new LRUCache<string, Promise<string | null>>({ max: ROBOTS_CACHE_ORIGINS, ttl: ROBOTS_CACHE_TTL_MS });
  return async function rulesFor(
    pageUrl: string,
    userAgent: string | null,
    signal?: AbortSignal,
  ): Promise<RobotsRules> {
    const origin = new URL(pageUrl).origin;
    let text = cache.get(origin);
    if (!text) {
      text = fetchRaw(`${origin}/robots.txt`, signal).then((r) =>
        r && r.status >= 200 && r.status < 300 ? r.body.subarray(0, ROBOTS_MAX_BYTES).toString('utf8') : null,
      );
      cache.set(origin, text);
    }
    const body = await text;
    if (body === null) return ALLOW_ALL();
    const robots = robotsParser(`${origin}/robots.txt`, body);
    const ua = userAgent || DEFAULT_ROBOTS_USER_AGENT;
    return {
      isAllowed: (url) => robots.isAllowed(url, ua) !== false,
      crawlDelayMs: () => Math.max(0, (robots.getCrawlDelay(ua) ?? 0) * 1000),
      sitemaps: () => robots.getSitemaps(),
    };
  };
}
export type RulesFor = ReturnType<typeof createRobotsRules>;
