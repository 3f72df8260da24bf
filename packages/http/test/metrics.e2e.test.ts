// GET /metrics through the real service: a plain scrape, a cache hit, a browser render, a failed request and a small
// crawl with a webhook, then the exposition read back with a Prometheus text parser: every family present, the
// counters moved by what was done, and no URL, host or key anywhere in it.
import { describe, expect, it } from 'vitest';
import { listenWebhooks, useStarted, waitFor as waitWithin } from '@scrape/test-support';
// @ts-expect-error: the parser ships no types (its output is prom2json's shape, typed below)
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { startCrawlSite } from './crawlSite.js';
import { callApi, startService, TEST_KEY, type Service } from './startService.js';

interface Sample {
  value?: string;
  labels?: Record<string, string>;
  buckets?: Record<string, string>;
  count?: string;
  sum?: string;
}
interface Family {
  name: string;
  type: string;
  metrics: Sample[];
}

const METRICS_TOKEN = 'metrics-e2e-token-0123456789';

/** Crawls and worker processes on two shared cores: a generous bound. */
const waitFor = <T>(probe: () => Promise<T> | T, what: string, timeoutMs = 90_000) =>
  waitWithin(probe, what, timeoutMs);

async function readMetrics(
  svc: Service,
  authorization?: string,
): Promise<{ status: number; text: string; type: string | null }> {
  const res = await fetch(`${svc.baseUrl}/metrics`, { headers: authorization ? { authorization } : {} });
  return { status: res.status, text: await res.text(), type: res.headers.get('content-type') };
}

function familiesOf(text: string): Map<string, Family> {
  return new Map((parsePrometheusTextFormat(text) as Family[]).map((f) => [f.name, f]));
}

/** Sum of the samples of `name` whose labels include `match`. */
function sum(families: Map<string, Family>, name: string, match: Record<string, string> = {}): number {
  const family = families.get(name);
  if (!family) throw new Error(`metric family ${name} missing`);
  return family.metrics
    .filter((s) => Object.entries(match).every(([k, v]) => s.labels?.[k] === v))
    .reduce((total, s) => total + Number(s.value ?? s.count ?? 0), 0);
}

const env = useStarted(
  async (own) => ({
    site: own(await startCrawlSite()),
    receiver: own(await listenWebhooks()),
    svc: own(await startService({ metricsToken: METRICS_TOKEN, jobConcurrency: 2, browser: { maxConcurrency: 2 } })),
  }),
  60_000,
);

describe('GET /metrics', () => {
  it('is protected like the API: an API key or the metrics token, nothing else', async () => {
    expect((await readMetrics(env.svc)).status).toBe(401);
    expect((await readMetrics(env.svc, 'Bearer wrong-token')).status).toBe(401);
    const byToken = await readMetrics(env.svc, `Bearer ${METRICS_TOKEN}`);
    expect(byToken.status).toBe(200);
    expect(byToken.type).toMatch(/^text\/plain; version=0\.0\.4/);
    expect((await readMetrics(env.svc, `Bearer ${TEST_KEY}`)).status).toBe(200);
  });

  it('counts scrapes, cache, browser, crawl, jobs, webhooks and credits, with no URL in any label', async () => {
    // A query of its own per run, so a retried attempt starts with a cache miss too.
    const page = env.site.url(`/docs/?run=${Date.now()}`);
    const first = await env.svc.scrape({ url: page, formats: ['markdown'] });
    expect(first.status).toBe(200);
    expect(first.body.data.metadata.cacheState).toBe('miss');
    const again = await env.svc.scrape({ url: page, formats: ['markdown'] });
    expect(again.body.data.metadata.cacheState).toBe('hit');
    const rendered = await env.svc.scrape({ url: env.site.url('/'), formats: ['markdown', 'screenshot'], maxAge: 0 });
    expect(rendered.status).toBe(200);
    expect(rendered.body.data.metadata.engine).toBe('browser');
    const bad = await env.svc.scrape({ url: 'not a url' });
    expect(bad.status).toBe(400);
    // Zero data retention: counted, and nothing it sent may show up.
    const zdr = await env.svc.scrape({
      url: env.site.url('/docs/tides'),
      formats: ['markdown'],
      zeroDataRetention: true,
      maxAge: 0,
    });
    expect(zdr.status).toBe(200);

    const started = await callApi(env.svc, 'POST', '/v2/crawl', {
      url: env.site.url('/'),
      limit: 3,
      sitemap: 'skip',
      webhook: { url: `${env.receiver.origin}/hook`, events: ['completed'] },
    });
    expect(started.status).toBe(200);
    const done = await waitFor(async () => {
      const s = await callApi(env.svc, 'GET', `/v2/crawl/${started.body.id}`);
      return s.body.status === 'completed' && s.body;
    }, 'the crawl to complete');
    expect(done.completed).toBeGreaterThanOrEqual(1);
    await waitFor(
      () => env.receiver.deliveries.some((h) => h.raw.includes('crawl.completed')),
      'the completed webhook',
    );

    // The delivered webhook is counted once the sender has seen the answer; wait for the figure rather than a time.
    const { text, status } = await waitFor(async () => {
      const r = await readMetrics(env.svc, `Bearer ${METRICS_TOKEN}`);
      return sum(familiesOf(r.text), 'scrape_webhook_deliveries_total', { result: 'delivered' }) >= 1 && r;
    }, 'the webhook delivery in /metrics');
    expect(status).toBe(200);
    const families = familiesOf(text);

    const expected = [
      'scrape_http_requests_total',
      'scrape_http_request_duration_seconds',
      'scrape_scrapes_total',
      'scrape_cache_lookups_total',
      'scrape_cache_hit_bytes_total',
      'scrape_credits_charged_total',
      'scrape_browser_pool_size',
      'scrape_browser_pages_in_use',
      'scrape_browser_queue_length',
      'scrape_browser_pages_retained',
      'scrape_browser_up',
      'scrape_browser_launches_total',
      'scrape_browser_renders_total',
      'scrape_browser_queue_wait_seconds_total',
      'scrape_pdf_workers',
      'scrape_pdf_workers_busy',
      'scrape_pdf_queue_length',
      'scrape_pdf_parses_total',
      'scrape_ocr_pages_active',
      'scrape_ocr_pages_total',
      'scrape_job_queue_items',
      'scrape_job_items_committed_total',
      'scrape_jobs_finished_total',
      'scrape_webhook_deliveries_total',
      'scrape_webhook_deliveries_pending',
      'nodejs_eventloop_lag_seconds',
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
    ];
    expect(expected.filter((name) => !families.has(name))).toEqual([]);

    // Requests by route pattern, never by URL.
    expect(sum(families, 'scrape_http_requests_total', { route: '/v2/scrape', method: 'POST', status: '200' })).toBe(4);
    expect(sum(families, 'scrape_http_requests_total', { route: '/v2/scrape', method: 'POST', status: '400' })).toBe(1);
    expect(
      sum(families, 'scrape_http_requests_total', { route: '/v2/crawl/:id', method: 'GET' }),
    ).toBeGreaterThanOrEqual(1);
    // (parse-prometheus-text-format 1.1 drops the labels of histogram samples, so the per-route count is read from the
    // line.)
    expect(families.get('scrape_http_request_duration_seconds')!.type).toBe('HISTOGRAM');
    const count = /^scrape_http_request_duration_seconds_count\{route="\/v2\/scrape",method="POST"\} (\d+)$/m.exec(
      text,
    );
    expect(Number(count?.[1])).toBe(5);
    // Scrapes by engine and outcome; the bad request by its error code.
    expect(sum(families, 'scrape_scrapes_total', { source: 'scrape', engine: 'fetch', outcome: 'ok' })).toBe(3);
    expect(sum(families, 'scrape_scrapes_total', { source: 'scrape', engine: 'browser', outcome: 'ok' })).toBe(1);
    expect(sum(families, 'scrape_scrapes_total', { source: 'scrape', outcome: bad.body.code })).toBe(1);
    expect(sum(families, 'scrape_scrapes_total', { source: 'crawl', outcome: 'ok' })).toBe(done.completed);
    expect(sum(families, 'scrape_cache_lookups_total', { result: 'hit' })).toBeGreaterThanOrEqual(1);
    expect(sum(families, 'scrape_cache_lookups_total', { result: 'miss' })).toBeGreaterThanOrEqual(3);
    expect(sum(families, 'scrape_cache_hit_bytes_total')).toBeGreaterThan(100);
    expect(sum(families, 'scrape_credits_charged_total', { source: 'scrape' })).toBeGreaterThanOrEqual(4);
    expect(sum(families, 'scrape_credits_charged_total', { source: 'crawl' })).toBe(done.creditsUsed);
    // The browser pool after a render; the crawl's items and the job's end; the webhook.
    expect(sum(families, 'scrape_browser_pool_size')).toBe(2);
    expect(sum(families, 'scrape_browser_renders_total')).toBeGreaterThanOrEqual(1);
    expect(sum(families, 'scrape_browser_launches_total')).toBeGreaterThanOrEqual(1);
    expect(sum(families, 'scrape_job_items_committed_total', { kind: 'crawl', outcome: 'ok' })).toBe(done.completed);
    expect(sum(families, 'scrape_jobs_finished_total', { kind: 'crawl', status: 'completed' })).toBe(1);
    expect(
      families
        .get('scrape_job_queue_items')!
        .metrics.filter((s) => s.labels?.kind === 'crawl')
        .map((s) => s.labels?.state)
        .sort(),
    ).toEqual(['active', 'delayed', 'waiting']);
    expect(sum(families, 'scrape_job_queue_items', { kind: 'crawl' })).toBe(0);
    expect(sum(families, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(sum(families, 'process_resident_memory_bytes')).toBeGreaterThan(10_000_000);

    // Nothing a request sent: no URL, host, port, path, key or token; no team label unless asked for.
    const { port } = new URL(env.site.origin);
    for (const secret of [
      env.site.origin,
      '127.0.0.1',
      `:${port}`,
      '/docs/tides',
      'not a url',
      TEST_KEY,
      METRICS_TOKEN,
      env.receiver.origin,
      'http://',
    ]) {
      expect(text).not.toContain(secret);
    }
    for (const family of families.values())
      for (const s of family.metrics) expect(Object.keys(s.labels ?? {})).not.toContain('team');
  }, 240_000);
});

describe('GET /metrics with authentication off', () => {
  it('is open to loopback callers, and team labels are hashed when SCRAPE_METRICS_TEAMS asks for them', async () => {
    const keyless = await startService({ apiKeys: [], metricsTeams: true, jobConcurrency: 0 });
    try {
      const page = await keyless.scrape({ url: env.site.url('/docs/'), formats: ['markdown'] });
      expect(page.status).toBe(200);
      const { status, text } = await readMetrics(keyless);
      expect(status).toBe(200);
      const teams = familiesOf(text)
        .get('scrape_scrapes_total')!
        .metrics.map((s) => s.labels?.team);
      expect(teams).toEqual(['none']);
    } finally {
      await keyless.close();
    }
    const keyed = await startService({ metricsTeams: true, jobConcurrency: 0 });
    try {
      await keyed.scrape({ url: env.site.url('/docs/'), formats: ['markdown'] });
      const { text } = await readMetrics(keyed, `Bearer ${TEST_KEY}`);
      const teams = familiesOf(text)
        .get('scrape_scrapes_total')!
        .metrics.map((s) => s.labels?.team);
      expect(teams).toHaveLength(1);
      expect(teams[0]).toMatch(/^[0-9a-f]{12}$/);
      expect(text).not.toContain(TEST_KEY);
    } finally {
      await keyed.close();
    }
  }, 120_000);
});
