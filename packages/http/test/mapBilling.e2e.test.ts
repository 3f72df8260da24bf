// Map is billed 1 credit per call through the scrape's credit path (held, then settled; 402 when the balance is out),
// and the team usage routes count it, through the Firecrawl SDK as a real client.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Firecrawl from '@mendable/firecrawl-js';
import { useStarted } from '@scrape/test-support';
import { describe, expect, it } from 'vitest';
import { openAccounts } from '../src/index.js';
import { MAP_CREDITS } from '../src/routes/registerCrawlRoutes.js';
import { startCrawlSite } from './crawlSite.js';
import { callApi, startService } from './startService.js';
import { issueTestKey } from './issueTestKey.js';

const env = useStarted(async (own) => {
  const site = own(await startCrawlSite());
  const dataDir = mkdtempSync(join(tmpdir(), 'scrape-map-billing-'));
  own({ close: () => rmSync(dataDir, { recursive: true, force: true }) });
  const accounts = await openAccounts({ dataDir });
  const service = own(await startService({ accounts, jobConcurrency: 0 }));
  return { site, accounts, service };
});

const thisMonth = () => new Date().toISOString().slice(0, 7);

describe('map billing', () => {
  it('costs 1 credit per call, refuses with 402 when the balance is out, and shows in team usage', async () => {
    expect(MAP_CREDITS).toBe(1);
    const { key } = await issueTestKey(env.accounts, { id: 'map-billed', endpoints: ['scrape', 'map'] }, 2);
    const sdk = new Firecrawl({ apiKey: key, apiUrl: env.service.baseUrl, maxRetries: 1 });
    const first = await sdk.map(env.site.url('/'));
    expect(first.links.length).toBeGreaterThan(1);
    expect(await env.accounts.store.balance('map-billed')).toBe(1);
    // A map that fails on bad input costs nothing.
    const bad = await callApi(env.service, 'POST', '/v2/map', { url: 'not a url' }, key);
    expect(bad.status).toBe(400);
    expect(await env.accounts.store.balance('map-billed')).toBe(1);
    await sdk.map(env.site.url('/'));
    expect(await env.accounts.store.balance('map-billed')).toBe(0);
    const refused = await callApi(env.service, 'POST', '/v2/map', { url: env.site.url('/') }, key);
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({ success: false, error: 'Payment Required: Insufficient credits' });
    expect(await sdk.getCreditUsage()).toMatchObject({ remainingCredits: 0 });
    const usage = await callApi(env.service, 'GET', '/v2/team/credit-usage', undefined, key);
    expect(usage.body.data.creditsUsedThisMonth).toBe(2);
    const historical = await callApi(env.service, 'GET', '/v2/team/credit-usage/historical', undefined, key);
    expect(historical.body.periods).toEqual([expect.objectContaining({ creditsUsed: 2 })]);
    expect(historical.body.periods[0].startDate).toContain(thisMonth());
  });

  it('an unlimited account is not refused; its map calls are counted in usage', async () => {
    const { key } = await issueTestKey(env.accounts, {
      id: 'map-unlimited',
      endpoints: ['scrape'],
      unlimitedCredits: true,
    });
    for (let i = 0; i < 3; i++)
      expect((await callApi(env.service, 'POST', '/v2/map', { url: env.site.url('/') }, key)).status).toBe(200);
    const usage = await callApi(env.service, 'GET', '/v2/team/credit-usage', undefined, key);
    expect(usage.body.data).toMatchObject({ unlimited: true, creditsUsedThisMonth: 3 });
  });
});
