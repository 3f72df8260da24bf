// Test kit: the two homes of the stores (embedded in a temp dir, Redis under a per-run key prefix), a manual clock,
// and a fixture server whose pages, statuses and request counts the tests control.
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createManualClock, type ManualClock } from '@scrape/cache/internal';
import {
  dropRedisPrefix as dropRedisPrefixAt,
  redisReachable as redisReachableAt,
  useStarted,
} from '@scrape/test-support';
import { afterEach, beforeEach } from 'vitest';
import { createScraper, type Scraper, type ScraperOptions } from '../src/index.js';

export const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const RUN_PREFIX = `test:scraper:${process.pid}:${Date.now()}:`;

/** Whether the test Redis answers. */
export const redisReachable = () => redisReachableAt(REDIS_URL);

/** Deletes every key under `prefix` in the test Redis. */
export const dropRedisPrefix = (prefix: string) => dropRedisPrefixAt(prefix, REDIS_URL);

export function warnRedisSkipped(suite: string): void {
  console.warn(
    `\n${'!'.repeat(100)}\n!!! Redis is unreachable at ${REDIS_URL}: the REDIS half of "${suite}" is SKIPPED.\n!!! Start Redis (or set REDIS_URL) to test the distributed home.\n${'!'.repeat(100)}\n`,
  );
}

export interface Home {
  name: 'embedded' | 'redis';
  /** Options that put a scraper's stores in this home; every call of `scraper()` on one home shares the same data. */
  scraper(options?: ScraperOptions): Scraper;
  dispose(): Promise<void>;
}

let homeCounter = 0;

export function embeddedHome(clock: ManualClock): Home {
  const dataDir = mkdtempSync(join(tmpdir(), 'scrape-scraper-cache-'));
  const opened: Scraper[] = [];
  return {
    name: 'embedded',
    scraper(options = {}) {
      const s = createScraper({ allowPrivateUrls: true, dataDir, clock, ...options });
      opened.push(s);
      return s;
    },
    async dispose() {
      await Promise.all(opened.map((s) => s.close()));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function redisHome(clock: ManualClock): Home {
  const prefix = `${RUN_PREFIX}${++homeCounter}:`;
  const opened: Scraper[] = [];
  return {
    name: 'redis',
    scraper(options = {}) {
      const s = createScraper({
        allowPrivateUrls: true,
        redisUrl: REDIS_URL,
        redisKeyPrefix: prefix,
        clock,
        ...options,
      });
      opened.push(s);
      return s;
    },
    async dispose() {
      await Promise.all(opened.map((s) => s.close()));
      await dropRedisPrefix(prefix);
    },
  };
}

export { createManualClock, type ManualClock };

/** A home's name and how to open it on a clock, as `describe.each` takes them. */
export type HomeCase = [string, (clock: ManualClock) => Home];

/**
 * The homes a suite runs on: the embedded one always, Redis when it answers (with a loud warning when it does not, so
 * a skipped half is never silent).
 */
export async function testedHomes(suite: string): Promise<{ withRedis: boolean; homes: HomeCase[] }> {
  const withRedis = await redisReachable();
  if (!withRedis) warnRedisSkipped(suite);
  const homes: HomeCase[] = [['embedded', embeddedHome]];
  if (withRedis) homes.push(['redis', redisHome]);
  return { withRedis, homes };
}

/** A page the fixture serves: body, status and content type can change between requests. */
export interface FixturePage {
  body: string;
  status?: number;
  type?: string;
}

export interface Fixture {
  url(path: string): string;
  /** Requests seen for `path` (query included). */
  hits(path: string): number;
  totalHits(): number;
  set(path: string, page: FixturePage): void;
  /** Holds every response until the returned function is called (to line up concurrent misses without sleeping). */
  hold(): () => void;
  close(): Promise<void>;
}

export async function startFixture(): Promise<Fixture> {
  const pages = new Map<string, FixturePage>();
  const counts = new Map<string, number>();
  let gate: Promise<void> | null = null;
  const server = http.createServer(async (req, res) => {
    const path = req.url ?? '/';
    counts.set(path, (counts.get(path) ?? 0) + 1);
    if (gate) await gate;
    const page = pages.get(path.split('?')[0]) ?? {
      status: 404,
      body: '<html><head><title>Missing</title></head><body><h1>Not here</h1></body></html>',
    };
    res.writeHead(page.status ?? 200, {
      'content-type': page.type ?? 'text/html; charset=utf-8',
      'set-cookie': 'session=secret',
    });
    res.end(page.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: (path) => base + path,
    hits: (path) => counts.get(path) ?? 0,
    totalHits: () => [...counts.values()].reduce((a, b) => a + b, 0),
    set: (path, page) => void pages.set(path, page),
    hold() {
      let release!: () => void;
      gate = new Promise<void>((r) => (release = r));
      return () => {
        gate = null;
        release();
      };
    },
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((r) => server.close(() => r()));
    },
  };
}

/** The fixture server for the file's tests with `pages` set, started before them and closed after them. */
export function useFixture(pages: Record<string, FixturePage> = {}): Readonly<{ site: Fixture }> {
  return useStarted(async (own) => {
    const site = own(await startFixture());
    for (const [path, page] of Object.entries(pages)) site.set(path, page);
    return { site };
  });
}

/**
 * For each test of the enclosing block: a manual clock at `start`, a fresh home of `makeHome` on it and that home's
 * scraper; the home is disposed after the test. Read the fields inside the tests (a test that restarts the scraper
 * sets `scraper` anew).
 */
export function useHomePerTest(
  makeHome: HomeCase[1],
  start: number,
): { readonly clock: ManualClock; readonly home: Home; scraper: Scraper } {
  const env = {} as { clock: ManualClock; home: Home; scraper: Scraper };
  beforeEach(() => {
    env.clock = createManualClock(start);
    env.home = makeHome(env.clock);
    env.scraper = env.home.scraper();
  });
  afterEach(() => env.home.dispose());
  return env;
}

/** An HTML article whose main text is `text` (long enough for the main-content extractor to keep it). */
export function article(title: string, ...paragraphs: string[]): string {
  return `<!doctype html><html><head><title>${title}</title></head><body><main><article><h1>${title}</h1>${paragraphs
    .map((p) => `<p>${p} This sentence makes the paragraph long enough to count as real content on the page.</p>`)
    .join('')}</article></main></body></html>`;
}
