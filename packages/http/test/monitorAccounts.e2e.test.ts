// Monitors against accounts and time: a check bills like the scrapes it makes, `skipped_no_credits` once the balance
// is out, `skipped_overlap` while the previous check still runs; a crawl target marks a page no longer reached
// `removed`; the embedded scheduler catches up a due time missed while the server was down, once.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Firecrawl from '@mendable/firecrawl-js';
import { listenLocal, type LocalServer, waitFor } from '@scrape/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAccounts, type Accounts } from '../src/index.js';
import { issueTestKey } from './issueTestKey.js';
import { startService, TEST_KEY, type Service } from './startService.js';

let site: LocalServer;
let service: Service;
let accounts: Accounts;
let dataDir: string;
/** Requests to /slow wait here until the test lets them go (then every later one answers at once). */
const slowWaiting: (() => void)[] = [];
let slowOpen = false;
const releaseSlow = () => {
  slowOpen = true;
  for (const release of slowWaiting.splice(0)) release();
};
let linkB = true;

beforeAll(async () => {
  site = await listenLocal((_req, res, path) => {
    const html = (body: string) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(`<html><body>${body}</body></html>`);
    };
    if (path === '/slow')
      return void (slowOpen ? Promise.resolve() : new Promise<void>((r) => slowWaiting.push(r))).then(() =>
        html('<p>slow at last</p>'),
      );
    if (path === '/site/')
      return html(
        `<p>Home: ${linkB ? 'A and B' : 'only A'}</p><a href="/site/a">A</a>${linkB ? '<a href="/site/b">B</a>' : ''}`,
      );
    if (path === '/site/a' || path === '/site/b') return html(`<p>Page ${path}</p>`);
    if (path === '/robots.txt' || path.endsWith('.xml')) return void res.writeHead(404).end();
    html(`<p>Plain page ${path}</p>`);
  });
  dataDir = mkdtempSync(join(tmpdir(), 'scrape-monitor-acct-'));
  accounts = await openAccounts({ dataDir });
  service = await startService({ accounts, monitor: { minIntervalMs: 2_000 } });
});
afterAll(async () => {
  releaseSlow();
  await service?.close();
  await site?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function finished(client: Firecrawl, monitorId: string, checkId: string) {
  return waitFor(async () => {
    const check = await client.getMonitorCheck(monitorId, checkId);
    return check.status === 'running' ? null : check;
  }, `check ${checkId}`);
}

describe('monitor billing, overlap and crawl targets', () => {
  it('bills each check like its scrapes and skips with skipped_no_credits when the balance is out', {
    timeout: 120_000,
  }, async () => {
    const { key } = await issueTestKey(accounts, { id: 'monitor-credits' }, 2);
    const client = new Firecrawl({ apiKey: key, apiUrl: service.baseUrl, maxRetries: 1 });
    const monitor = await client.createMonitor({
      name: 'billed',
      schedule: { text: 'hourly' },
      targets: [{ type: 'scrape', urls: [`${site.origin}/billed`] }],
    });
    const first = await finished(client, monitor.id, (await client.runMonitor(monitor.id)).id);
    expect(first).toMatchObject({ status: 'completed', billingStatus: 'confirmed', actualCredits: 1 });
    expect(await accounts.store.balance('monitor-credits')).toBe(1);
    const second = await finished(client, monitor.id, (await client.runMonitor(monitor.id)).id);
    expect(second.status).toBe('completed');
    expect(await accounts.store.balance('monitor-credits')).toBe(0);
    const third = await client.runMonitor(monitor.id);
    expect(third).toMatchObject({ status: 'skipped_no_credits' });
    expect((await client.getMonitorCheck(monitor.id, third.id)).pages).toEqual([]);
    expect(await accounts.store.balance('monitor-credits')).toBe(0);
    // A search target needs the search permission, as POST /v2/search does (this key has `scrape` only).
    const search = client.createMonitor({
      name: 's',
      schedule: { text: 'hourly' },
      targets: [{ type: 'search', queries: ['q'] }],
    });
    await expect(search).rejects.toMatchObject({ status: 403, code: 'FORBIDDEN' });
  });

  it('answers skipped_overlap while the previous check of the monitor still runs', { timeout: 120_000 }, async () => {
    slowOpen = false;
    const client = new Firecrawl({ apiKey: TEST_KEY, apiUrl: service.baseUrl, maxRetries: 1 });
    const monitor = await client.createMonitor({
      name: 'slow',
      schedule: { text: 'hourly' },
      targets: [{ type: 'scrape', urls: [`${site.origin}/slow`] }],
    });
    const first = await client.runMonitor(monitor.id);
    expect(first.status).toBe('running');
    await waitFor(() => slowWaiting.length > 0, 'the slow page to be requested');
    expect((await client.getMonitor(monitor.id)).currentCheckId).toBe(first.id);
    const second = await client.runMonitor(monitor.id);
    expect(second).toMatchObject({ status: 'skipped_overlap', trigger: 'manual' });
    releaseSlow();
    expect((await finished(client, monitor.id, first.id)).summary).toMatchObject({ new: 1 });
    expect((await client.getMonitor(monitor.id)).currentCheckId).toBeNull();
  });

  it('a crawl target reports a page the crawl no longer reaches as removed', { timeout: 120_000 }, async () => {
    linkB = true;
    const client = new Firecrawl({ apiKey: TEST_KEY, apiUrl: service.baseUrl, maxRetries: 1 });
    const monitor = await client.createMonitor({
      name: 'site',
      schedule: { text: 'daily' },
      targets: [{ type: 'crawl', url: `${site.origin}/site/`, crawlOptions: { limit: 10, sitemap: 'skip' } }],
    });
    const first = await finished(client, monitor.id, (await client.runMonitor(monitor.id)).id);
    expect(first.summary).toMatchObject({ totalPages: 3, new: 3 });
    expect(first.targetResults?.[0]).toMatchObject({ type: 'crawl', crawlId: expect.any(String) });
    linkB = false;
    const second = await finished(client, monitor.id, (await client.runMonitor(monitor.id)).id);
    const byUrl = Object.fromEntries(second.pages.map((p) => [new URL(p.url).pathname, p.status]));
    expect(byUrl).toEqual({ '/site/': 'changed', '/site/a': 'same', '/site/b': 'removed' });
  });
});

describe('embedded scheduler restart', () => {
  it('catches up a due time missed while the server was down, once (not once per missed slot)', {
    timeout: 120_000,
  }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'scrape-monitor-restart-'));
    const options = { dataDir: dir, monitor: { minIntervalMs: 2_000 } };
    try {
      let svc = await startService(options);
      let client = new Firecrawl({ apiKey: TEST_KEY, apiUrl: svc.baseUrl, maxRetries: 1 });
      const create = () =>
        client.createMonitor({
          name: 'restart',
          schedule: { text: 'every 2 seconds' },
          targets: [{ type: 'scrape', urls: [`${site.origin}/restart`] }],
        });
      let monitor = await create();
      // A due time too close to stop before would run here, not after the restart: take one further away.
      while (Date.parse(monitor.nextRunAt!) - Date.now() < 1_500) {
        await client.deleteMonitor(monitor.id);
        monitor = await create();
      }
      await svc.close();
      const missed = Date.parse(monitor.nextRunAt!);
      // Down across three due times (the wait is for time to pass; the assertion is on what runs after it).
      await waitFor(() => Date.now() > missed + 4_500, 'three missed due times', 30_000);
      const restartedAt = Date.now();
      svc = await startService(options);
      client = new Firecrawl({ apiKey: TEST_KEY, apiUrl: svc.baseUrl, maxRetries: 1 });
      const caughtUp = await waitFor(async () => {
        const checks = await client.listMonitorChecks(monitor.id, { limit: 100 });
        return checks.find((c) => c.status === 'completed') ?? null;
      }, 'the catch-up check');
      expect(caughtUp).toMatchObject({ trigger: 'scheduled', scheduledFor: new Date(missed).toISOString() });
      // Let the next regular due time run too, then count: one check for all the missed slots.
      await waitFor(
        async () =>
          (await client.listMonitorChecks(monitor.id, { limit: 100 })).filter((c) => c.status === 'completed').length >=
          2
            ? true
            : null,
        'a regular check',
      );
      await client.updateMonitor(monitor.id, { status: 'paused' });
      await svc.app.monitors()!.idle();
      const checks = await client.listMonitorChecks(monitor.id, { limit: 100 });
      const before = checks.filter((c) => Date.parse(c.scheduledFor!) < restartedAt);
      expect(before.map((c) => c.scheduledFor)).toEqual([new Date(missed).toISOString()]);
      expect(
        checks
          .filter((c) => Date.parse(c.scheduledFor!) >= restartedAt)
          .every((c) => Date.parse(c.scheduledFor!) % 2_000 === 0),
      ).toBe(true);
      await svc.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
