// Shared by index.mjs (full run) and smoke.mjs (CI): what GET /metrics costs. The hot path (one response observed,
// and one scrape) per call, and the price of a /metrics scrape with a realistic number of series, all on the built
// @scrape/http metrics module and a real scraper with no stores.
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const { createServiceMetrics } = await import(join(ROOT, 'packages/http/dist/metrics/createServiceMetrics.js'));
const { createScraper } = await import(join(ROOT, 'packages/scraper/dist/index.js'));

const ROUTES = [
  '/v2/scrape',
  '/v2/crawl',
  '/v2/crawl/:id',
  '/v2/batch/scrape',
  '/v2/map',
  '/v2/search',
  '/health',
  'unmatched',
];
const STATUSES = [200, 400, 401, 402, 404, 429, 500, 503];
const CODES = ['ok', 'SCRAPE_TIMEOUT', 'SCRAPE_SSRF_BLOCKED', 'BAD_REQUEST', 'SCRAPE_DNS_RESOLUTION_ERROR'];

export async function measure({ observations, renders }) {
  const scraper = createScraper({ cache: false, search: { localIndex: false } });
  try {
    const metrics = createServiceMetrics({ scraper });
    // Warm every series the hot path will touch, as a long-running server has.
    for (const route of ROUTES) for (const status of STATUSES) metrics.observeRequest(route, 'POST', status, 0.05);
    for (const code of CODES)
      for (const engine of ['fetch', 'browser']) metrics.observeScrape({ source: 'scrape', engine, outcome: code });
    let started = performance.now();
    for (let i = 0; i < observations; i++) {
      metrics.observeRequest(ROUTES[i % ROUTES.length], 'POST', STATUSES[i % STATUSES.length], (i % 1000) / 1000);
      metrics.observeScrape({
        source: 'scrape',
        engine: 'fetch',
        outcome: CODES[i % CODES.length],
        cacheState: 'miss',
        credits: 1,
      });
    }
    const observeNs = ((performance.now() - started) * 1e6) / observations;
    let text = '';
    started = performance.now();
    for (let i = 0; i < renders; i++) text = await metrics.render();
    const renderMs = (performance.now() - started) / renders;
    const series = text.split('\n').filter((l) => l && !l.startsWith('#')).length;
    return { observeNs, renderMs, bytes: Buffer.byteLength(text), series };
  } finally {
    await scraper.close();
  }
}

export function print(r) {
  console.log(`hot path (one response + one scrape observed): ${(r.observeNs / 1000).toFixed(2)} µs per request`);
  console.log(
    `GET /metrics body: ${r.series} series, ${(r.bytes / 1024).toFixed(1)} KB, rendered in ${r.renderMs.toFixed(2)} ms`,
  );
}
