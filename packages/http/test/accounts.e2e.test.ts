// Accounts through the real service: keys issued in the account store (LMDB or Redis), credits charged from the
// documents, permissions, per-minute rate limit and the concurrency queue, against real fixture pages.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '@scrape/test-support';
import { openAccounts, type Accounts } from '../src/index.js';
import { startService, TEST_KEY, type Service } from './startService.js';
import { issueTestKey } from './issueTestKey.js';
import { accountHomes, startAccountService, useSiteWithCleanups } from './accountHomes.js';

const fixture = useSiteWithCleanups();
const { cleanups } = fixture;

const issueKey = issueTestKey;

const homes = accountHomes('acct');

describe.each(homes)('accounts through the service: %s', (_name, home) => {
  let service: Service;
  let accounts: Accounts;
  const as = (key: string) => ({ headers: { authorization: `Bearer ${key}` } });
  beforeAll(async () => {
    const started = await startAccountService(home());
    ({ accounts, service } = started);
    cleanups.push(started.close);
  });

  it('401 for a missing, malformed, unknown or revoked key; SCRAPE_API_KEYS keys still work (unlimited)', async () => {
    const { key, id } = await issueKey(accounts, { id: 'auth' }, 5);
    const body = { url: fixture.site.url('/articles/tidal-energy') };
    expect((await service.scrape(body, as(key))).status).toBe(200);
    for (const authorization of ['', 'Bearer', `Basic ${key}`, `Bearer ${key}x`, 'Bearer fc-0000']) {
      const r = await service.scrape(body, { headers: { authorization } });
      expect([authorization, r.status, r.body]).toEqual([
        authorization,
        401,
        { success: false, error: 'Unauthorized: Invalid token', code: 'UNAUTHORIZED' },
      ]);
    }
    await accounts.store.revokeKey(id, new Date().toISOString());
    expect((await service.scrape(body, as(key))).status).toBe(401);
    const legacy = await service.scrape(body, as(TEST_KEY));
    expect(legacy.status).toBe(200);
    expect(legacy.body.data.metadata.concurrencyLimited).toBeUndefined();
  });

  it('403 Forbidden for zeroDataRetention without the feature (nothing charged); allowed with it', async () => {
    const plain = await issueKey(accounts, { id: 'nozdr' }, 5);
    const zdr = await issueKey(accounts, { id: 'zdr', features: ['zeroDataRetention'] }, 5);
    const body = { url: fixture.site.url('/articles/tidal-energy'), zeroDataRetention: true };
    const refused = await service.scrape(body, as(plain.key));
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ success: false, error: 'Forbidden' });
    expect(await accounts.store.balance('nozdr')).toBe(5);
    const ok = await service.scrape(body, as(zdr.key));
    expect(ok.status).toBe(200);
    expect(await accounts.store.balance('zdr')).toBe(4);
    const noEndpoint = await issueKey(accounts, { id: 'noscrape', endpoints: ['crawl'] }, 5);
    expect((await service.scrape({ url: fixture.site.url('/notes.txt') }, as(noEndpoint.key))).status).toBe(403);
  });

  it('charges metadata.creditsUsed on success, nothing on failure, 1 on a lockdown miss, 5 on a lockdown hit; 402 when short', async () => {
    const { key } = await issueKey(accounts, { id: 'bill', features: ['zeroDataRetention'] }, 8);
    const url = fixture.site.url('/articles/tidal-energy') + `?bill=${randomUUID()}`;
    const ok = await service.scrape({ url }, as(key));
    expect(ok.body.data.metadata.creditsUsed).toBe(1);
    expect(await accounts.store.balance('bill')).toBe(7);
    // A failure (refused connection: 200 success:false, a permanent target failure) costs nothing.
    const refused = await service.scrape({ url: 'http://127.0.0.1:9/' }, as(key));
    expect([refused.status, refused.body.success, refused.body.code]).toEqual([
      200,
      false,
      'SCRAPE_CONNECTION_REFUSED',
    ]);
    expect(await accounts.store.balance('bill')).toBe(7);
    // A validation error costs nothing either.
    expect((await service.scrape({ url, timeout: 5 }, as(key))).status).toBe(400);
    expect(await accounts.store.balance('bill')).toBe(7);
    const miss = await service.scrape({ url: url + '&never-cached', lockdown: true }, as(key));
    expect(miss.body.code).toBe('SCRAPE_LOCKDOWN_CACHE_MISS');
    expect(await accounts.store.balance('bill')).toBe(6);
    const hit = await service.scrape({ url, lockdown: true }, as(key));
    expect(hit.body.data.metadata).toMatchObject({ cacheState: 'hit', creditsUsed: 5 });
    expect(await accounts.store.balance('bill')).toBe(1);
    // One credit left: a lockdown request (which may cost 5) is refused up front; a plain scrape is not.
    const short = await service.scrape({ url, lockdown: true }, as(key));
    expect([short.status, short.body]).toEqual([
      402,
      { success: false, error: 'Payment Required: Insufficient credits', code: 'INSUFFICIENT_CREDITS' },
    ]);
    expect((await service.scrape({ url }, as(key))).status).toBe(200);
    expect(await accounts.store.balance('bill')).toBe(0);
    expect((await service.scrape({ url }, as(key))).status).toBe(402);
  });

  it('100 parallel requests against a balance of 10: exactly 10 answered, 90 are 402, balance 0', async () => {
    const { key } = await issueKey(accounts, { id: 'race' }, 10);
    const url = fixture.site.url('/notes.txt');
    const results = await Promise.all(Array.from({ length: 100 }, () => service.scrape({ url }, as(key))));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 402)).toHaveLength(90);
    expect(await accounts.store.balance('race')).toBe(0);
  });

  it('rate limit: the 4th request in a minute is 429 Rate limit exceeded with Retry-After in seconds', async () => {
    const { key } = await issueKey(accounts, { id: 'rate', ratePerMinute: 3 }, 100);
    const url = fixture.site.url('/notes.txt');
    const statuses: number[] = [];
    let limited: Awaited<ReturnType<Service['scrape']>> | undefined;
    for (let i = 0; i < 5; i++) {
      const r = await service.scrape({ url }, as(key));
      statuses.push(r.status);
      if (r.status === 429) limited = r;
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect(limited?.body).toEqual({ success: false, error: 'Rate limit exceeded', code: 'RATE_LIMIT_EXCEEDED' });
    const retryAfter = Number(limited?.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Refused requests are not charged.
    expect(await accounts.store.balance('rate')).toBe(97);
  });

  it('concurrency: over the limit requests wait (metadata says so); past the queue or the timeout they are 429', async () => {
    const { key } = await issueKey(accounts, { id: 'conc', concurrency: 1, queueLimit: 1 }, 100);
    const slow = (ms: number) => ({
      url: fixture.site.url(`/articles/slow-tide?ms=${ms}&r=${randomUUID()}`),
      timeout: 5_000,
    });
    const first = service.scrape(slow(600), as(key));
    await new Promise((r) => setTimeout(r, 100));
    const second = service.scrape(slow(50), as(key));
    await new Promise((r) => setTimeout(r, 100));
    const third = await service.scrape(slow(50), as(key));
    expect([third.status, third.body]).toEqual([
      429,
      { success: false, error: 'Concurrency limit reached', code: 'CONCURRENCY_LIMIT_REACHED' },
    ]);
    const [a, b] = await Promise.all([first, second]);
    expect(a.body.data.metadata.concurrencyLimited).toBe(false);
    expect(a.body.data.metadata.concurrencyQueueDurationMs).toBeUndefined();
    expect(b.body.data.metadata.concurrencyLimited).toBe(true);
    expect(b.body.data.metadata.concurrencyQueueDurationMs).toBeGreaterThanOrEqual(300);
    // A wait longer than the request's timeout: 429 at the deadline, not a scrape after it.
    const hold = service.scrape({ ...slow(2_500), timeout: 5_000 }, as(key));
    await new Promise((r) => setTimeout(r, 100));
    const started = Date.now();
    const late = await service.scrape({ ...slow(50), timeout: 1_000 }, as(key));
    expect(late.status).toBe(429);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect((await hold).status).toBe(200);
    // Only the three scrapes that ran were charged.
    expect(await accounts.store.balance('conc')).toBe(97);
  });
});

describe('keyless loopback mode with an empty account store', () => {
  it('serves without a key until the first key is issued, then requires keys', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'scrape-acct-keyless-'));
    const accounts = await openAccounts({ dataDir });
    const service = await startService({ accounts, apiKeys: [] });
    try {
      const body = { url: fixture.site.url('/notes.txt') };
      expect((await service.scrape(body, { headers: { authorization: '' } })).status).toBe(200);
      const first = await issueKey(accounts, { id: 'first' }, 1);
      // The new key is billed from its first request, before the keyless check notices the store has keys.
      expect((await service.scrape(body, { headers: { authorization: `Bearer ${first.key}` } })).status).toBe(200);
      expect(await accounts.store.balance('first')).toBe(0);
      expect((await service.scrape(body, { headers: { authorization: `Bearer ${first.key}` } })).status).toBe(402);
      // The store is re-checked every 2 s while keyless: keyless requests are served until that check sees the key.
      await waitFor(
        async () => (await service.scrape(body, { headers: { authorization: '' } })).status === 401,
        'keyless requests to be refused (401)',
        30_000,
        200,
      );
    } finally {
      await service.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
