// A crawl's pages count against its account's concurrency limit: the site (which records the requests it has in
// flight) never sees more pages of a limit-2 account at once than 2, crawl pages and single scrapes together; a
// single scrape sent while the crawl holds both slots queues (concurrencyLimited) and one past the queue gets 429.
import { listenLocal, useCleanups, useStarted, waitFor } from '@scrape/test-support';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Accounts } from '../src/index.js';
import { accountHomes, startAccountService } from './accountHomes.js';
import { callApi, type Service } from './startService.js';
import { issueTestKey } from './issueTestKey.js';

const PAGE_HOLD_MS = 600;
const PAGES = 8;

let inFlight = 0;
let maxInFlight = 0;

const page = (title: string, links: string[]) =>
  `<html><head><title>${title}</title></head><body><nav>${links.map((l) => `<a href="${l}">${l}</a>`).join(' ')}</nav><main><h1>${title}</h1><p>${title}, slow to answer.</p></main></body></html>`;

const env = useStarted(async (own) => {
  const links = Array.from({ length: PAGES }, (_, i) => `/p${i + 1}`);
  const site = await listenLocal((_req, res, path) => {
    if (path === '/robots.txt' || path === '/sitemap.xml') return void res.writeHead(404).end();
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    setTimeout(() => {
      inFlight--;
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end(page(path === '/' ? 'Home' : `Page ${path}`, path === '/' ? links : []));
    }, PAGE_HOLD_MS);
  });
  return { site: own(site) };
});
const cleanups = useCleanups();

// The accounts' slots in LMDB (one process) and on Redis (shared by every process, the crawl's workers included).
const homes = accountHomes('crawl-conc');

describe.each(homes)('crawl pages and the account concurrency limit: %s', (_name, home) => {
  let service: Service;
  let accounts: Accounts;
  beforeAll(async () => {
    // The job worker runs 8 pages at once: only the account's limit can keep this crawl at 2.
    const started = await startAccountService(home(), { jobConcurrency: 8 });
    ({ accounts, service } = started);
    cleanups.push(started.close);
  });

  it('a limit-2 account never has more than 2 pages in flight; its scrapes queue behind the crawl, then 429', async () => {
    maxInFlight = 0;
    const account = { id: 'crawl-conc', endpoints: ['scrape', 'crawl'], concurrency: 2, queueLimit: 1 };
    const { key } = await issueTestKey(accounts, account, 100);
    const started = await callApi(service, 'POST', '/v2/crawl', { url: `${env.site.origin}/`, sitemap: 'skip' }, key);
    expect(started.status).toBe(200);
    // Both slots are the crawl's once two of its pages are at the site.
    await waitFor(() => inFlight === 2, 'two crawl pages in flight', 60_000, 20);
    const [queued, refused] = await Promise.all([
      callApi(
        service,
        'POST',
        '/v2/scrape',
        { url: `${env.site.origin}/p1?solo=1`, formats: ['markdown'], maxAge: 0 },
        key,
      ),
      // Sent a moment later, so the first one holds the only queue place.
      new Promise((r) => setTimeout(r, 150)).then(() =>
        callApi(service, 'POST', '/v2/scrape', { url: `${env.site.origin}/p2?solo=2`, maxAge: 0 }, key),
      ),
    ]);
    expect(queued.status).toBe(200);
    expect(queued.body.data.metadata.concurrencyLimited).toBe(true);
    expect(queued.body.data.metadata.concurrencyQueueDurationMs).toBeGreaterThan(0);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe('Concurrency limit reached');
    const ended = await waitFor(async () => {
      const s = await callApi(service, 'GET', `/v2/crawl/${started.body.id}`, undefined, key);
      return s.body.status !== 'scraping' && s.body;
    }, 'the crawl to finish');
    expect(ended).toMatchObject({ status: 'completed', completed: PAGES + 1 });
    // Crawl pages and the queued scrape together, as the site counted them.
    expect(maxInFlight).toBe(2);
    expect((await accounts.activity({ id: 'crawl-conc', concurrency: 2 } as never)).active).toBe(0);
  });
});
