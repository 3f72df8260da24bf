import { performance } from 'node:perf_hooks';
import { listenLocal, type LocalServer } from '@scrape/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobWorker } from '@scrape/jobs';
import { createScraper, type Scraper } from '../createScraper.js';
import { dropRedisPrefix, redisReachable, REDIS_URL, warnRedisSkipped } from '../../test/cacheHomes.js';

/**
 * Two worker runtimes (each its own scraper, job store connection and handlers, as two processes would have) share
 * one crawl on real Redis. The fixture site measures what the crawl's limits promise: requests in flight at once and
 * the gaps between request arrivals, so the assertions are conditions the server saw, not timing guesses.
 */
const withRedis = await redisReachable();
if (!withRedis) warnRedisSkipped('crawl limits across workers');
const PREFIX = `test:sharedlimits:${process.pid}:${Date.now()}:`;
/** Arrival times are taken in the same process as the workers: a busy event loop may record one a little late. */
const CLOCK_TOLERANCE_MS = 40;
const PAGE_HOLD_MS = 250;

interface Recorder {
  site: LocalServer;
  arrivals: number[];
  maxInFlight: number;
}

const page = (title: string, links: string[]) =>
  `<html><head><title>${title}</title></head><body><nav>${links.map((l) => `<a href="${l}">${l}</a>`).join(' ')}</nav><main><h1>${title}</h1><p>${title} of the polite site.</p></main></body></html>`;

/** A site of a home page linking to `count` pages; every page answers after `holdMs`; robots.txt as given. */
async function recordingSite(count: number, robots: string | null, holdMs = 0): Promise<Recorder> {
  const recorder = { arrivals: [] as number[], maxInFlight: 0 } as Recorder;
  let inFlight = 0;
  const links = Array.from({ length: count }, (_, i) => `/p${i + 1}`);
  recorder.site = await listenLocal((_req, res, path) => {
    if (path === '/robots.txt')
      return void (robots
        ? res.writeHead(200, { 'content-type': 'text/plain' }).end(robots)
        : res.writeHead(404).end());
    if (path !== '/' && !links.includes(path))
      return void res.writeHead(404, { 'content-type': 'text/html' }).end(page('Missing', []));
    recorder.arrivals.push(performance.now());
    inFlight++;
    recorder.maxInFlight = Math.max(recorder.maxInFlight, inFlight);
    setTimeout(() => {
      inFlight--;
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end(page(path === '/' ? 'Home' : `Page ${path}`, path === '/' ? links : []));
    }, holdMs);
  });
  return recorder;
}

const sites: Recorder[] = [];
const scrapers: Scraper[] = [];
const workers: JobWorker[] = [];
/** Pages committed per runtime, to see that both took part. */
const committedBy = [0, 0];

beforeAll(async () => {
  if (!withRedis) return;
  for (const n of [0, 1]) {
    const scraper = createScraper({
      allowPrivateUrls: true,
      redisUrl: REDIS_URL,
      redisKeyPrefix: PREFIX,
      engines: { browser: false },
      pdf: { ocr: false },
    });
    scrapers.push(scraper);
    workers.push(await scraper.jobs.startJobWorker({ concurrency: 4, onCommitted: () => void committedBy[n]++ }));
  }
});
afterAll(async () => {
  await Promise.all(workers.map((w) => w.close()));
  await Promise.all(scrapers.map((s) => s.close()));
  await Promise.all(sites.map((s) => s.site.close()));
  if (withRedis) await dropRedisPrefix(PREFIX);
});

/** Starts a crawl on the first runtime and waits until it is over (either runtime may run any page). */
async function crawlToEnd(body: Record<string, unknown>): Promise<{ completed: number }> {
  const job = await scrapers[0].jobs.startCrawl({ scrapeOptions: { formats: ['markdown'] }, ...body });
  const store = await scrapers[1].jobs.jobs();
  const deadline = Date.now() + 90_000;
  for (;;) {
    const current = await store.getJob(job.id);
    if (current && current.status !== 'running') {
      expect(current.status).toBe('completed');
      return current;
    }
    if (Date.now() > deadline) throw new Error('the crawl did not finish');
    await new Promise((r) => setTimeout(r, 50));
  }
}

const gapsOf = (arrivals: number[]) => arrivals.slice(1).map((t, i) => t - arrivals[i]);

describe.skipIf(!withRedis)('crawl limits across worker processes (Redis)', () => {
  it('maxConcurrency holds for the crawl as a whole, not per worker', async () => {
    const rec = await recordingSite(9, null, PAGE_HOLD_MS);
    sites.push(rec);
    const before = [...committedBy];
    const job = await crawlToEnd({ url: `${rec.site.origin}/`, maxConcurrency: 2, sitemap: 'skip' });
    expect(job.completed).toBe(10);
    expect(rec.arrivals).toHaveLength(10);
    // Two workers of 4 items each could put 8 pages in flight; the crawl allows 2 at once, counted at the site.
    expect(rec.maxInFlight).toBeLessThanOrEqual(2);
    expect(rec.maxInFlight).toBe(2);
    expect(committedBy[0] - before[0]).toBeGreaterThan(0);
    expect(committedBy[1] - before[1]).toBeGreaterThan(0);
  });

  it('`delay` spaces the crawl pages at the site, whichever worker runs them', async () => {
    const rec = await recordingSite(4, null);
    sites.push(rec);
    await crawlToEnd({ url: `${rec.site.origin}/`, delay: 0.6, sitemap: 'skip' });
    expect(rec.arrivals).toHaveLength(5);
    const gaps = gapsOf(rec.arrivals);
    console.log(`delay 600 ms: gaps seen by the site ${gaps.map((g) => Math.round(g)).join(', ')} ms`);
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(600 - CLOCK_TOLERANCE_MS);
  });

  it('robots.txt Crawl-delay is per host across workers too', async () => {
    const rec = await recordingSite(4, 'User-agent: *\nCrawl-delay: 0.6\n');
    sites.push(rec);
    await crawlToEnd({ url: `${rec.site.origin}/`, sitemap: 'skip' });
    expect(rec.arrivals).toHaveLength(5);
    const gaps = gapsOf(rec.arrivals);
    console.log(`Crawl-delay 0.6 s: gaps seen by the site ${gaps.map((g) => Math.round(g)).join(', ')} ms`);
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(600 - CLOCK_TOLERANCE_MS);
  });
});
