// The team usage routes through the Firecrawl SDK as a real client: credits left and used move with real scrapes of
// fixture pages, per month and per key, from the account store (LMDB or Redis); unlimited keys say so.
import Firecrawl from '@mendable/firecrawl-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { keyIdOf } from '../src/accounts/apiKey.js';
import { generateApiKey, hashApiKey, type Account, type Accounts } from '../src/index.js';
import { UNLIMITED_REMAINING } from '../src/routes/registerTeamRoutes.js';
import { callApi, startService, TEST_KEY, type Service } from './startService.js';
import { issueTestKey } from './issueTestKey.js';
import { accountHomes, startAccountService, useSiteWithCleanups } from './accountHomes.js';

const fixture = useSiteWithCleanups();
const { cleanups } = fixture;

/** Usage is read by any valid key: these accounts may call every endpoint. */
const issueKey = (accounts: Accounts, account: Partial<Account> & { id: string }, credits = 0) =>
  issueTestKey(accounts, { endpoints: ['*'], ...account }, credits);

const homes = accountHomes('usage');

const thisMonth = () => new Date().toISOString().slice(0, 7);

describe.each(homes)('team usage: %s', (_name, home) => {
  let service: Service;
  let accounts: Accounts;
  const sdk = (key: string) => new Firecrawl({ apiKey: key, apiUrl: service.baseUrl, maxRetries: 1 });
  beforeAll(async () => {
    const started = await startAccountService(home());
    ({ accounts, service } = started);
    cleanups.push(started.close);
  });

  it('credits left and used move with real scrapes, per month and per key, and match the balance', async () => {
    const first = await issueKey(accounts, { id: 'team-a', concurrency: 3 }, 10);
    const a = sdk(first.key);
    expect(await a.getCreditUsage()).toMatchObject({ remainingCredits: 10 });
    await a.scrape(fixture.site.url('/articles/tidal-energy?usage=1'), { formats: ['markdown'] });
    await a.scrape(fixture.site.url('/articles/tidal-energy?usage=2'), { formats: ['markdown'] });
    expect(await a.getCreditUsage()).toMatchObject({ remainingCredits: 8 });
    expect(await accounts.store.balance('team-a')).toBe(8);

    // A second key of the same team: its credits come from the same balance and are listed under its own id.
    const secondKey = generateApiKey();
    await accounts.store.addKey({
      id: keyIdOf(hashApiKey(secondKey)),
      hash: hashApiKey(secondKey),
      accountId: 'team-a',
      createdAt: new Date().toISOString(),
    });
    await sdk(secondKey).scrape(fixture.site.url('/articles/tidal-energy?usage=3'), { formats: ['markdown'] });

    const raw = await callApi(service, 'GET', '/v2/team/credit-usage', undefined, first.key);
    expect(raw.body.data).toMatchObject({ remainingCredits: 7, unlimited: false, creditsUsedThisMonth: 3 });

    const month = thisMonth();
    const total = await a.getCreditUsageHistorical();
    expect(total.success).toBe(true);
    expect(total.periods).toEqual([
      {
        startDate: `${month}-01T00:00:00.000Z`,
        endDate: expect.stringMatching(new RegExp(`^${month}-\\d\\dT23:59:59\\.999Z$`)),
        creditsUsed: 3,
      },
    ]);
    const byKey = await a.getCreditUsageHistorical(true);
    expect(byKey.periods.map((p) => [p.apiKey, p.creditsUsed]).sort()).toEqual(
      [
        [first.id, 2],
        [keyIdOf(hashApiKey(secondKey)), 1],
      ].sort(),
    );
  });

  it('a failed scrape costs nothing and used credits never exceed what the balance held', async () => {
    const { key } = await issueKey(accounts, { id: 'team-b' }, 1);
    const b = sdk(key);
    await expect(b.scrape('http://127.0.0.1:1/refused', { formats: ['markdown'] })).rejects.toThrow();
    expect(await b.getCreditUsage()).toMatchObject({ remainingCredits: 1 });
    await b.scrape(fixture.site.url('/articles/tidal-energy?usage=b1'), { formats: ['markdown'] });
    await expect(
      b.scrape(fixture.site.url('/articles/tidal-energy?usage=b2'), { formats: ['markdown'] }),
    ).rejects.toMatchObject({ status: 402 });
    expect(await b.getCreditUsage()).toMatchObject({ remainingCredits: 0 });
    expect((await b.getCreditUsageHistorical()).periods.map((p) => p.creditsUsed)).toEqual([1]);
  });

  it('queue status and concurrency report the account limits and the last success', async () => {
    const { key } = await issueKey(accounts, { id: 'team-c', concurrency: 2 }, 5);
    const c = sdk(key);
    expect(await c.getConcurrency()).toEqual({ concurrency: 0, maxConcurrency: 2 });
    const before = await c.getQueueStatus();
    expect(before).toMatchObject({
      success: true,
      jobsInQueue: 0,
      activeJobsInQueue: 0,
      waitingJobsInQueue: 0,
      maxConcurrency: 2,
      mostRecentSuccess: null,
    });
    const started = Date.now();
    await c.scrape(fixture.site.url('/articles/tidal-energy?usage=c1'), { formats: ['markdown'] });
    const after = await c.getQueueStatus();
    expect(Date.parse(after.mostRecentSuccess!)).toBeGreaterThanOrEqual(started - 1000);
  });

  it('unlimited keys say they are unlimited and still count what they used; tokens are not metered', async () => {
    const { key } = await issueKey(accounts, { id: 'team-u', unlimitedCredits: true });
    const u = sdk(key);
    await u.scrape(fixture.site.url('/articles/tidal-energy?usage=u1'), { formats: ['markdown'] });
    const raw = await callApi(service, 'GET', '/v2/team/credit-usage', undefined, key);
    expect(raw.body.data).toMatchObject({
      remainingCredits: UNLIMITED_REMAINING,
      unlimited: true,
      creditsUsedThisMonth: 1,
    });
    expect((await u.getCreditUsageHistorical()).periods.map((p) => p.creditsUsed)).toEqual([1]);
    expect(await u.getTokenUsage()).toMatchObject({ remainingTokens: UNLIMITED_REMAINING });
    expect(await u.getTokenUsageHistorical()).toMatchObject({ success: true, periods: [] });
  });

  it('needs a valid key', async () => {
    const res = await callApi(service, 'GET', '/v2/team/credit-usage', undefined, 'not-a-key');
    expect(res.status).toBe(401);
  });
});

describe('team usage without an account store (SCRAPE_API_KEYS)', () => {
  let service: Service;
  beforeAll(async () => {
    service = await startService();
    cleanups.push(() => service.close());
  });
  it('reports unlimited credits and no concurrency limit', async () => {
    const sdk = new Firecrawl({ apiKey: TEST_KEY, apiUrl: service.baseUrl, maxRetries: 1 });
    expect(await sdk.getCreditUsage()).toMatchObject({ remainingCredits: UNLIMITED_REMAINING });
    expect(await sdk.getQueueStatus()).toMatchObject({ jobsInQueue: 0, maxConcurrency: null, mostRecentSuccess: null });
    expect(await sdk.getCreditUsageHistorical()).toEqual({ success: true, periods: [] });
  });
});
