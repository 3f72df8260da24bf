// Crawl, batch scrape and map through the Firecrawl JS SDK 4.x as a real client, against a multi-page site on
// 127.0.0.1: robots.txt, sitemap index with a gzip sitemap, depth chains, 404/500 pages, redirects, duplicates.
import Firecrawl from '@mendable/firecrawl-js';
import { WebSocket } from 'undici';
import { listenWebhooks, useStarted, waitFor, webhookSignature } from '@scrape/test-support';
import { describe, expect, it } from 'vitest';
import { scraperOptionsFromEnv } from '@scrape/scraper/config';
import { startCrawlSite } from './crawlSite.js';
import { callApi, startService, TEST_KEY } from './startService.js';

const WEBHOOK_SECRET = 'crawl-e2e-webhook-secret';
const OTHER_KEY = 'e2e-other-team-key-0123456789abcdef';

const env = useStarted(async (own) => {
  const site = own(await startCrawlSite({ slowPages: 12, slowMs: 400 }));
  // As scrape-server passes it: SCRAPE_WEBHOOK_SECRET read by the configuration, handed to the scraper.
  const scraperOptions = scraperOptionsFromEnv({ SCRAPE_WEBHOOK_SECRET: WEBHOOK_SECRET });
  const svc = own(await startService({ apiKeys: [TEST_KEY, OTHER_KEY], scraperOptions }));
  const client = new Firecrawl({ apiKey: TEST_KEY, apiUrl: svc.baseUrl, maxRetries: 1 });
  return { site, svc, client, receiver: own(await listenWebhooks()) };
});

const pathsOf = (docs: { metadata?: { sourceURL?: string } }[]) =>
  docs.map((d) => new URL(d.metadata!.sourceURL!).pathname + new URL(d.metadata!.sourceURL!).search).sort();

describe('crawl through the SDK', () => {
  it('crawls the site: sitemaps (index + gzip), links, robots.txt, de-duplication, file links skipped', async () => {
    const job = await env.client.crawl(env.site.url('/'), {
      limit: 50,
      scrapeOptions: { formats: ['markdown'] },
      pollInterval: 1,
    });
    expect(job.status).toBe('completed');
    const paths = pathsOf(job.data as never);
    // Sitemap-only pages (plain and gzip sitemaps behind the index) are found.
    expect(paths).toContain('/orphan');
    expect(paths).toContain('/gz-only');
    // Fragment and trailing-slash duplicates are one page; query-string variants collapse through their canonical link.
    expect(paths.filter((p) => p.startsWith('/docs/tides'))).toEqual(['/docs/tides']);
    expect(paths.filter((p) => p.startsWith('/blog/moorings'))).toHaveLength(1);
    // A redirect and a link to where it lands are one page.
    const landed = (job.data as { metadata: { url: string } }[]).filter(
      (d) => d.metadata.url === env.site.url('/docs/new-tides'),
    );
    expect(landed).toHaveLength(1);
    expect(paths).toContain('/chain/5');
    expect(new Set(paths).size).toBe(paths.length);
    // robots.txt: never fetched, listed as blocked.
    expect(env.site.hits('/private/ledger')).toBe(0);
    expect(paths).not.toContain('/private/ledger');
    const errors = await env.client.getCrawlErrors(job.id!);
    expect(errors.robotsBlocked).toEqual([env.site.url('/private/ledger')]);
    // Not pages: images and other hosts.
    expect(env.site.hits('/logo.png')).toBe(0);
    const tides = (job.data as { markdown?: string; metadata: { sourceURL: string } }[]).find((d) =>
      d.metadata.sourceURL.endsWith('/docs/tides'),
    );
    expect(tides?.markdown).toContain('High and low water times');
    expect(job.completed).toBe(job.data.length);
    // The two pages that turned out to be duplicates (redirect, canonical) were fetched, and bill like any page.
    expect(job.creditsUsed).toBe(job.data.length + 2);
  });

  it('applies ignoreQueryParameters, includePaths/excludePaths, maxDiscoveryDepth, limit and sitemap modes', async () => {
    const noQuery = await env.client.crawl(env.site.url('/'), {
      limit: 50,
      ignoreQueryParameters: true,
      sitemap: 'skip',
      pollInterval: 1,
    });
    const noQueryPaths = pathsOf(noQuery.data as never);
    expect(noQueryPaths.filter((p) => p.startsWith('/blog/moorings'))).toHaveLength(1);
    expect(noQueryPaths).not.toContain('/orphan');

    const docsOnly = await env.client.crawl(env.site.url('/'), {
      includePaths: ['^/docs/'],
      excludePaths: ['moorings'],
      sitemap: 'skip',
      pollInterval: 1,
    });
    expect(pathsOf(docsOnly.data as never)).toEqual(['/', '/docs/', '/docs/new-tides', '/docs/tides']);

    const shallow = await env.client.crawl(env.site.url('/chain/1'), {
      maxDiscoveryDepth: 2,
      crawlEntireDomain: true,
      includePaths: ['^/chain/'],
      sitemap: 'skip',
      pollInterval: 1,
    });
    expect(pathsOf(shallow.data as never)).toEqual(['/chain/1', '/chain/2', '/chain/3']);

    const limited = await env.client.crawl(env.site.url('/'), { limit: 3, sitemap: 'skip', pollInterval: 1 });
    expect(limited.data).toHaveLength(3);

    const sitemapOnly = await env.client.crawl(env.site.url('/'), { sitemap: 'only', pollInterval: 1 });
    expect(pathsOf(sitemapOnly.data as never)).toEqual(['/', '/docs/tides', '/gz-only', '/orphan']);
  });

  it('pages the results with next, and the SDK follows it', async () => {
    const started = await env.client.startCrawl(env.site.url('/docs/'), { sitemap: 'skip' });
    const done = await waitFor(async () => {
      const s = await callApi(env.svc, 'GET', `/v2/crawl/${started.id}?limit=2`);
      return s.body.status === 'completed' && s;
    }, 'the crawl to complete');
    expect(done.body.data).toHaveLength(2);
    expect(done.body.next).toMatch(new RegExp(`/v2/crawl/${started.id}\\?skip=2`));
    const all = await env.client.getCrawlStatus(started.id);
    expect(all.data.length).toBe(done.body.completed);
    expect(all.data.length).toBeGreaterThan(2);
  });

  it('streams catchup, document and done over the WebSocket the watcher opens (API key as subprotocol)', async () => {
    // undici's WebSocket is what the SDK's watcher() loads on Node without a global WebSocket (it polls when neither).
    const started = await env.client.startCrawl(env.site.url('/docs/'), { sitemap: 'skip' });
    const wsUrl = `${env.svc.baseUrl.replace(/^http/, 'ws')}/v2/crawl/${started.id}`;
    const socket = new WebSocket(wsUrl, TEST_KEY);
    const messages: { type: string; data?: any }[] = [];
    await new Promise<void>((resolve, reject) => {
      socket.onmessage = (ev) => messages.push(JSON.parse(String(ev.data)));
      socket.onerror = () => reject(new Error('WebSocket error'));
      socket.onclose = () => resolve();
    });
    expect(socket.protocol).toBe(TEST_KEY);
    expect(messages[0].type).toBe('catchup');
    expect(messages.at(-1)).toMatchObject({ type: 'done', data: { status: 'completed' } });
    const streamed = [...messages[0].data.data, ...messages.filter((m) => m.type === 'document').map((m) => m.data)];
    expect(pathsOf(streamed)).toEqual(pathsOf((await env.client.getCrawlStatus(started.id)).data as never));
    const refused = new WebSocket(wsUrl, 'not-the-key');
    expect(
      await new Promise((resolve) => {
        refused.onerror = () => resolve('refused');
        refused.onmessage = () => resolve('answered');
      }),
    ).toBe('refused');
  });

  it('feeds the SDK watcher (documents, then done)', async () => {
    const started = await env.client.startCrawl(env.site.url('/docs/'), { sitemap: 'skip' });
    const watcher = env.client.watcher(started.id, { kind: 'crawl', pollInterval: 30 });
    const docs: unknown[] = [];
    watcher.on('document', (d) => docs.push(d));
    const done = new Promise<{ status: string }>((resolve) => watcher.on('done', resolve));
    await watcher.start();
    expect((await done).status).toBe('completed');
    expect(docs.length).toBe((await env.client.getCrawlStatus(started.id)).data.length);
  });

  it('cancel stops the crawl: no page is fetched after it', async () => {
    const slowSite = await startCrawlSite({ slowPages: 12, slowMs: 400 });
    try {
      const started = await env.client.startCrawl(slowSite.url('/'), {
        sitemap: 'skip',
        maxConcurrency: 1,
        includePaths: ['^/$', '^/slow/'],
      });
      await waitFor(() => slowSite.hits('/slow/0') > 0, 'the first slow page');
      expect(await env.client.cancelCrawl(started.id)).toBe(true);
      const fetchedAtCancel = slowSite.paths().filter((p) => p.startsWith('/slow/')).length;
      const status = await env.client.getCrawlStatus(started.id);
      expect(status.status).toBe('cancelled');
      // A barrier: a later crawl runs to completion on the same workers, so any skipped item has been drained.
      await env.client.crawl(env.site.url('/docs/tides'), { sitemap: 'skip', limit: 1, pollInterval: 1 });
      expect(slowSite.paths().filter((p) => p.startsWith('/slow/')).length).toBe(fetchedAtCancel);
      expect(fetchedAtCancel).toBeLessThan(12);
    } finally {
      await slowSite.close();
    }
  });

  it('lists active crawls of the team only', async () => {
    const started = await env.client.startCrawl(env.site.url('/'), {
      sitemap: 'skip',
      maxConcurrency: 1,
      includePaths: ['^/$', '^/slow/'],
    });
    const mine = await env.client.getActiveCrawls();
    expect(mine.crawls.map((c) => c.id)).toContain(started.id);
    expect(mine.crawls.find((c) => c.id === started.id)?.url).toBe(env.site.url('/'));
    const other = new Firecrawl({ apiKey: OTHER_KEY, apiUrl: env.svc.baseUrl, maxRetries: 1 });
    expect((await other.getActiveCrawls()).crawls).toEqual([]);
    await env.client.cancelCrawl(started.id);
  });

  it('sends signed webhooks: started, one page per document, completed, with the metadata echoed', async () => {
    const before = env.receiver.deliveries.length;
    const job = await env.client.crawl(env.site.url('/docs/'), {
      sitemap: 'skip',
      pollInterval: 1,
      webhook: {
        url: `${env.receiver.origin}/hook`,
        metadata: { run: 'w1' },
        events: ['started', 'page', 'completed'],
        headers: { 'x-extra': 'yes' },
      },
    });
    const mine = await waitFor(() => {
      const list = env.receiver.deliveries.slice(before).filter((r) => r.body.id === job.id);
      return list.some((r) => r.body.type === 'crawl.completed') && list;
    }, 'the completed webhook');
    const types = mine.map((r) => r.body.type);
    expect(types[0]).toBe('crawl.started');
    expect(types.filter((t) => t === 'crawl.page')).toHaveLength(job.data.length);
    for (const r of mine) {
      expect(r.headers['x-firecrawl-signature']).toBe(webhookSignature(WEBHOOK_SECRET, r.raw));
      expect(r.headers['x-extra']).toBe('yes');
      expect(r.body.metadata).toEqual({ run: 'w1' });
    }
    expect(mine.find((r) => r.body.type === 'crawl.page')?.body.data[0].markdown).toBeTypeOf('string');
  });

  it('answers bad input with clear errors and stores nothing', async () => {
    const bad = async (body: unknown) => callApi(env.svc, 'POST', '/v2/crawl', body);
    expect(await bad({ url: 'not a url' })).toMatchObject({
      status: 400,
      body: { success: false, code: 'BAD_REQUEST_INVALID_URL' },
    });
    expect(await bad({ url: env.site.url('/'), includePaths: ['(unclosed'] })).toMatchObject({
      status: 400,
      body: { code: 'BAD_REQUEST_INVALID_PATTERN' },
    });
    expect(await bad({ url: env.site.url('/'), excludePaths: ['(a+)+$'] })).toMatchObject({
      status: 400,
      body: { code: 'BAD_REQUEST_INVALID_PATTERN' },
    });
    expect((await bad({ url: env.site.url('/'), limit: 0 })).status).toBe(400);
    expect((await bad({ url: env.site.url('/'), limit: 100_001 })).status).toBe(400);
    expect((await bad({ url: env.site.url('/'), scrapeOptions: { formats: ['nope'] } })).status).toBe(400);
    expect((await bad({ url: env.site.url('/'), unknownOption: 1 })).status).toBe(400);
    expect((await env.client.getActiveCrawls()).crawls).toEqual([]);

    const unknown = await callApi(env.svc, 'GET', '/v2/crawl/00000000-0000-0000-0000-000000000000');
    expect(unknown).toMatchObject({ status: 404, body: { success: false, code: 'JOB_NOT_FOUND' } });
    const started = await env.client.startCrawl(env.site.url('/docs/tides'), { limit: 1, sitemap: 'skip' });
    for (const [method, path] of [
      ['GET', ''],
      ['GET', '/errors'],
      ['DELETE', ''],
    ] as const) {
      const other = await callApi(env.svc, method, `/v2/crawl/${started.id}${path}`, undefined, OTHER_KEY);
      expect(other.status).toBe(404);
      expect(JSON.stringify(other.body)).not.toContain('tides');
    }
    // A crawl id is not a batch id.
    expect((await callApi(env.svc, 'GET', `/v2/batch/scrape/${started.id}`)).status).toBe(404);

    const preview = await callApi(env.svc, 'POST', '/v2/crawl/params-preview', {
      url: env.site.url('/'),
      prompt: 'only the docs',
    });
    expect(preview).toMatchObject({ status: 400, body: { code: 'SCRAPE_LLM_NOT_CONFIGURED' } });
  });

  it('refuses webhooks to private addresses when the SSRF guard is on', async () => {
    const guarded = await startService({ allowPrivateUrls: false, jobConcurrency: 0 });
    try {
      for (const url of ['http://127.0.0.1:9/hook', 'http://10.1.2.3/hook', 'http://169.254.169.254/latest']) {
        const res = await callApi(guarded, 'POST', '/v2/crawl', { url: 'https://example.com/', webhook: url });
        expect(res).toMatchObject({ status: 400, body: { success: false, code: 'BAD_REQUEST_INVALID_WEBHOOK' } });
        const batch = await callApi(guarded, 'POST', '/v2/batch/scrape', {
          urls: ['https://example.com/'],
          webhook: { url },
        });
        expect(batch.status).toBe(400);
      }
      expect((await callApi(guarded, 'GET', '/v2/crawl/active')).body.crawls).toEqual([]);
    } finally {
      await guarded.close();
    }
  });
});

describe('batch scrape through the SDK', () => {
  it('scrapes every URL once, records failures, pages and cancels', async () => {
    const urls = [
      env.site.url('/docs/tides'),
      env.site.url('/orphan'),
      env.site.url('/broken'),
      'http://127.0.0.1:1/refused',
    ];
    const job = await env.client.batchScrape(urls, { options: { formats: ['markdown'] }, pollInterval: 1 });
    expect(job.status).toBe('completed');
    const paths = pathsOf(job.data as never);
    expect(paths).toEqual(expect.arrayContaining(['/docs/tides', '/orphan']));
    const errors = await env.client.getBatchScrapeErrors(job.id!);
    expect(errors.errors.map((e) => e.url)).toContain('http://127.0.0.1:1/refused');
    expect(errors.errors[0]).toMatchObject({ code: expect.any(String), error: expect.any(String) });

    const invalid = await callApi(env.svc, 'POST', '/v2/batch/scrape', {
      urls: ['nope', env.site.url('/orphan')],
      ignoreInvalidURLs: true,
    });
    expect(invalid.body.invalidURLs).toEqual(['nope']);
    expect((await callApi(env.svc, 'POST', '/v2/batch/scrape', { urls: ['nope'] })).body.code).toBe(
      'BAD_REQUEST_INVALID_URL',
    );
    expect((await callApi(env.svc, 'POST', '/v2/batch/scrape', { urls: [] })).status).toBe(400);
  });
});

describe('map through the SDK', () => {
  it('lists the site from sitemaps and links without scraping every page, ranked by search', async () => {
    const before = env.site.hits('/orphan');
    const result = await env.client.map(env.site.url('/'), { search: 'tides' });
    const urls = result.links.map((l) => l.url);
    expect(urls).toEqual(
      expect.arrayContaining([env.site.url('/orphan'), env.site.url('/gz-only'), env.site.url('/chain/1')]),
    );
    expect(urls[0]).toContain('tides');
    expect(urls.some((u) => u.includes('external.invalid'))).toBe(false);
    expect(env.site.hits('/orphan')).toBe(before);
    const limited = await env.client.map(env.site.url('/'), { limit: 2, sitemap: 'only' });
    expect(limited.links).toHaveLength(2);
    expect((await callApi(env.svc, 'POST', '/v2/map', { url: 'ftp://x' })).body.code).toBe('BAD_REQUEST_INVALID_URL');
  });
});
