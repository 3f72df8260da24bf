// Crawls against accounts: every page bills a credit and a crawl stops cleanly when the balance runs out; zero data
// retention keeps nothing once the results were read; a webhook target that fails is retried.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listenLocal, waitFor, type LocalServer } from '@scrape/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAccounts, type Account, type Accounts } from '../src/index.js';
import { startCrawlSite, type CrawlSite } from './crawlSite.js';
import { callApi, startService, type Service } from './startService.js';
import { issueTestKey } from './issueTestKey.js';

let site: CrawlSite;
let service: Service;
let accounts: Accounts;
let dataDir: string;

const issueKey = async (account: Partial<Account> & { id: string }, credits: number) =>
  (await issueTestKey(accounts, { endpoints: ['scrape', 'crawl'], ...account }, credits)).key;

beforeAll(async () => {
  site = await startCrawlSite();
  dataDir = mkdtempSync(join(tmpdir(), 'scrape-crawl-acct-'));
  accounts = await openAccounts({ dataDir });
  service = await startService({ accounts });
});
afterAll(async () => {
  await service?.close();
  await site?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('crawl and accounts', () => {
  it('bills one credit per page and stops the crawl cleanly when the balance runs out', async () => {
    const key = await issueKey({ id: 'crawl-credits' }, 3);
    const started = await callApi(
      service,
      'POST',
      '/v2/crawl',
      { url: site.url('/'), sitemap: 'skip', maxConcurrency: 1 },
      key,
    );
    expect(started.status).toBe(200);
    const ended = await waitFor(async () => {
      const s = await callApi(service, 'GET', `/v2/crawl/${started.body.id}`, undefined, key);
      return s.body.status !== 'scraping' && s.body;
    }, 'the crawl to stop');
    expect(ended).toMatchObject({
      status: 'failed',
      completed: 3,
      creditsUsed: 3,
      error: 'Insufficient credits to scrape more pages',
    });
    expect(ended.data).toHaveLength(3);
    expect(await accounts.store.balance('crawl-credits')).toBe(0);
    const again = await callApi(service, 'POST', '/v2/crawl', { url: site.url('/') }, key);
    expect(again).toMatchObject({ status: 402, body: { success: false } });
    expect((await callApi(service, 'POST', '/v2/batch/scrape', { urls: [site.url('/')] }, key)).status).toBe(402);
  });

  it('refuses zero data retention without the feature, and keeps nothing after the results were read with it', async () => {
    const plain = await issueKey({ id: 'crawl-nozdr' }, 10);
    expect(
      (await callApi(service, 'POST', '/v2/crawl', { url: site.url('/docs/'), zeroDataRetention: true }, plain)).status,
    ).toBe(403);
    const key = await issueKey({ id: 'crawl-zdr', features: ['zeroDataRetention'] }, 10);
    const started = await callApi(
      service,
      'POST',
      '/v2/crawl',
      { url: site.url('/docs/'), sitemap: 'skip', zeroDataRetention: true },
      key,
    );
    const done = await waitFor(async () => {
      const s = await callApi(service, 'GET', `/v2/crawl/${started.body.id}?limit=1000`, undefined, key);
      return s.body.status === 'completed' && s.body;
    }, 'the ZDR crawl');
    expect(done.data.length).toBeGreaterThan(0);
    expect((await callApi(service, 'GET', `/v2/crawl/${started.body.id}`, undefined, key)).status).toBe(404);
  });

  it('retries a webhook delivery that failed', async () => {
    const key = await issueKey({ id: 'crawl-hook' }, 10);
    let calls = 0;
    const delivered: any[] = [];
    const receiver: LocalServer = await listenLocal((req, res) => {
      let raw = '';
      req.on('data', (c) => (raw += c));
      req.on('end', () => {
        calls++;
        if (calls === 1) return void res.writeHead(503).end('busy');
        delivered.push(JSON.parse(raw));
        res.writeHead(200).end('ok');
      });
    });
    try {
      const started = await callApi(
        service,
        'POST',
        '/v2/crawl',
        {
          url: site.url('/docs/tides'),
          limit: 1,
          sitemap: 'skip',
          webhook: { url: `${receiver.origin}/hook`, events: ['started'] },
        },
        key,
      );
      await waitFor(() => delivered.find((d) => d.id === started.body.id), 'the retried started webhook');
      expect(calls).toBe(2);
      expect(delivered[0]).toMatchObject({ type: 'crawl.started', success: true });
    } finally {
      await receiver.close();
    }
  });
});
