// Limits a key holder could skip (issue #20, items 3, 6 and 13) attacked through the public API. Loopback only.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listenPage, type LocalServer } from '@scrape/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAccounts, type Account, type Accounts } from '../../src/index.js';
import { callApi, startService, type Service } from '../startService.js';
import { issueTestKey } from '../issueTestKey.js';
import { WARM_HOOK_MS, warmSessionBrowser } from '../warmSessionBrowser.js';

let site: LocalServer;
let origin = '';
let svc: Service;
let accounts: Accounts;
let dataDir = '';

const issueKey = async (account: Partial<Account> & { id: string }, credits: number) =>
  (await issueTestKey(accounts, account, credits)).key;

beforeAll(async () => {
  site = await listenPage(
    '<!doctype html><html><head><title>Limits</title></head><body><h1>Limits</h1><p>A page for the limit ' +
      'tests.</p></body></html>',
  );
  origin = site.origin;
  dataDir = mkdtempSync(join(tmpdir(), 'scrape-limits-e2e-'));
  accounts = await openAccounts({ dataDir });
  svc = await startService({ accounts });
  // An account of its own: the tests' accounts start with no calls made.
  await warmSessionBrowser(svc, await issueKey({ id: 'warm-up', endpoints: ['scrape', 'browser'] }, 100));
}, WARM_HOOK_MS);

afterAll(async () => {
  await svc?.close();
  rmSync(dataDir, { recursive: true, force: true });
  site?.close();
});

const scrape = (key: string, body: unknown) => callApi(svc, 'POST', '/v2/scrape', body, key);

describe('interact goes through the account limits', () => {
  it('a 3-per-minute account gets 429 on its 4th call in the minute, interact calls included', async () => {
    const key = await issueKey({ id: 'interact-rate', ratePerMinute: 3 }, 100);
    const scraped = await scrape(key, { url: `${origin}/`, formats: ['markdown'] });
    expect(scraped.status).toBe(200);
    const id = scraped.body.data.metadata.scrapeId as string;
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push(
        (await callApi(svc, 'POST', `/v2/scrape/${id}/interact`, { code: 'await page.title()' }, key)).status,
      );
    // One scrape and two interact calls fill the minute; the next calls are refused like a scrape would be.
    expect(statuses).toEqual([200, 200, 429, 429]);
    const limited = await callApi(svc, 'POST', `/v2/scrape/${id}/interact`, { code: 'await page.title()' }, key);
    expect(limited.body).toMatchObject({ success: false, error: 'Rate limit exceeded' });
  });

  it('standalone browser sessions count against the same per-minute limit', async () => {
    const key = await issueKey({ id: 'browser-rate', ratePerMinute: 2, endpoints: ['scrape', 'browser'] }, 100);
    const created = await callApi(svc, 'POST', '/v2/browser', {}, key);
    expect(created.status).toBe(200);
    const id = created.body.id as string;
    const execute = () => callApi(svc, 'POST', `/v2/browser/${id}/execute`, { code: '1 + 1' }, key);
    expect((await execute()).status).toBe(200);
    const limited = await execute();
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ success: false, error: 'Rate limit exceeded' });
  });

  it('a running interact call holds one of the account concurrency slots', async () => {
    const key = await issueKey({ id: 'interact-conc', concurrency: 1, queueLimit: 0 }, 100);
    const scraped = await scrape(key, { url: `${origin}/`, formats: ['markdown'] });
    const id = scraped.body.data.metadata.scrapeId as string;
    const slow = callApi(
      svc,
      'POST',
      `/v2/scrape/${id}/interact`,
      { code: 'await page.waitForTimeout(4000); return "slow"' },
      key,
    );
    // While it runs, a scrape of the same account finds no slot and no queue room.
    let refused: number | undefined;
    for (let i = 0; i < 40 && refused === undefined; i++) {
      const other = await scrape(key, { url: `${origin}/?n=${i}`, formats: ['markdown'] });
      if (other.status === 429) refused = other.status;
      else await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(refused).toBe(429);
    expect((await slow).body.result).toBe('slow');
    await callApi(svc, 'DELETE', `/v2/scrape/${id}/interact`, undefined, key);
  });
});

describe('sizes capped where the bytes arrive', () => {
  it('an executeJavascript action returning 105 MB is refused inside the page, with a clear error', async () => {
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    const out = await svc.scrape({
      url: `${origin}/big`,
      formats: ['markdown'],
      actions: [{ type: 'executeJavascript', script: "'x'.repeat(105 * 1024 * 1024)" }],
      timeout: 60_000,
    });
    clearInterval(sampler);
    expect(out.status).toBeGreaterThanOrEqual(400);
    expect(out.status).toBeLessThan(500);
    expect(JSON.stringify(out.body)).toMatch(/more than 1000000 characters/);
    expect(peak - before).toBeLessThan(100 * 1024 * 1024);
  });

  it('a small executeJavascript result still comes back', async () => {
    const out = await svc.scrape({
      url: `${origin}/small`,
      formats: ['markdown'],
      actions: [{ type: 'executeJavascript', script: 'document.title' }],
    });
    expect(out.status).toBe(200);
    expect(out.body.data.actions.javascriptReturns).toEqual([{ type: 'string', value: 'Limits' }]);
  });
});

describe('WebRTC', () => {
  it('a page gets no ICE candidates: no local addresses and no UDP past the guard', async () => {
    const script = `return await new Promise((resolve) => {
      const found = [];
      const pc = new RTCPeerConnection({ iceServers: [] });
      pc.createDataChannel('probe');
      pc.onicecandidate = (e) => { if (e.candidate) found.push(e.candidate.candidate); else resolve(found); };
      pc.createOffer().then((offer) => pc.setLocalDescription(offer));
      setTimeout(() => resolve(found), 3000);
    })`;
    const out = await svc.scrape({
      url: `${origin}/rtc`,
      formats: ['markdown'],
      actions: [{ type: 'executeJavascript', script }],
    });
    expect(out.status).toBe(200);
    expect(out.body.data.actions.javascriptReturns).toEqual([{ type: 'array', value: [] }]);
  });
});
