// The cache rules of spec §2.1 through createScraper, on both homes of the default stores, with a clock the tests move.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCacheStores } from '@scrape/cache';
import { LOCKDOWN_MAX_AGE_MS } from '@scrape/cache/internal';
import {
  article,
  createManualClock,
  embeddedHome,
  redisHome,
  REDIS_URL,
  startFixture,
  testedHomes,
  type Fixture,
  type Home,
  type ManualClock,
} from '../../test/cacheHomes.js';
import { createScraper, type Scraper } from '../createScraper.js';
import { ScrapeError } from '../errors.js';
import { rejectionOf } from '@scrape/test-support';

const MINUTE = 60_000;
const DAY = 86_400_000;

const failure = (promise: Promise<unknown>) => rejectionOf(promise, ScrapeError);

const { withRedis, homes } = await testedHomes('scraper cache rules');

let site: Fixture;
beforeAll(async () => {
  site = await startFixture();
  site.set('/page', { body: article('Harbour news', 'The harbour reopened today after the storm.') });
  site.set('/other', { body: article('Other page', 'Something else entirely happened elsewhere.') });
  site.set('/broken', { status: 500, body: article('Broken', 'The database is down.') });
  site.set('/gone', { status: 404, body: article('Gone', 'This page was removed.') });
});
afterAll(() => site.close());

/** A path unique to each test, so homes and tests never share copies or request counts. */
let n = 0;

describe.each(homes)('cache rules on the %s home', (_name, makeHome) => {
  let clock: ManualClock;
  let home: Home;
  let scraper: Scraper;
  beforeEach(() => {
    clock = createManualClock(Date.UTC(2026, 5, 1));
    home = makeHome(clock);
    scraper = home.scraper();
  });
  afterEach(() => home.dispose());

  const fresh = (path = '/page') => `${path}?t=${++n}`;

  it('maxAge: a second scrape is a hit with cachedAt, served from the stored Source for any mix of formats', async () => {
    const path = fresh();
    const first = await scraper.scrape({ url: site.url(path), formats: ['markdown'] });
    expect(first.metadata.cacheState).toBe('miss');
    expect(first.metadata.cachedAt).toBeUndefined();
    clock.advance(MINUTE);
    const second = await scraper.scrape({ url: site.url(path), formats: ['markdown', 'rawHtml', 'links', 'html'] });
    expect(second.metadata).toMatchObject({
      cacheState: 'hit',
      cachedAt: new Date(Date.UTC(2026, 5, 1)).toISOString(),
      statusCode: 200,
    });
    expect(second.markdown).toBe(first.markdown);
    expect(second.rawHtml).toContain('The harbour reopened today');
    expect(site.hits(path)).toBe(1);
  });

  it('maxAge: a copy older than maxAge (default 2 days) is refetched; maxAge 0 bypasses and refreshes the copy', async () => {
    const path = fresh();
    await scraper.scrape({ url: site.url(path) });
    clock.advance(2 * MINUTE);
    expect((await scraper.scrape({ url: site.url(path), maxAge: MINUTE })).metadata.cacheState).toBe('miss');
    expect(site.hits(path)).toBe(2);
    clock.advance(2 * DAY + 1); // the copy from the maxAge:1min miss is now just over 2 days old
    expect((await scraper.scrape({ url: site.url(path) })).metadata.cacheState).toBe('miss');
    expect(site.hits(path)).toBe(3);
    clock.advance(MINUTE);
    const bypass = await scraper.scrape({ url: site.url(path), maxAge: 0 });
    expect(bypass.metadata.cacheState).toBe('miss');
    expect(site.hits(path)).toBe(4);
    const after = await scraper.scrape({ url: site.url(path) });
    expect(after.metadata).toMatchObject({ cacheState: 'hit', cachedAt: new Date(clock.now()).toISOString() });
    expect(site.hits(path)).toBe(4);
  });

  it('key: URL variants (trailing slash, fragment, index.html, host case) share a copy; query and fetch-changing options do not', async () => {
    const q = `t=${++n}`;
    await scraper.scrape({ url: site.url(`/page?${q}`) });
    for (const variant of [`/page?${q}#section`, `/page/?${q}`]) {
      expect((await scraper.scrape({ url: site.url(variant) })).metadata.cacheState, variant).toBe('hit');
    }
    expect(
      (await scraper.scrape({ url: site.url(`/page?${q}`).replace('http://', 'HTTP://') })).metadata.cacheState,
    ).toBe('hit');
    expect((await scraper.scrape({ url: site.url(`/page?${q}&x=1`) })).metadata.cacheState).toBe('miss');
    for (const options of [
      { location: { country: 'DE' } },
      { blockAds: false },
      { proxy: 'basic' },
      { location: { country: 'US', languages: ['fr'] } },
    ]) {
      expect(
        (await scraper.scrape({ url: site.url(`/page?${q}`), ...options })).metadata.cacheState,
        JSON.stringify(options),
      ).toBe('miss');
    }
    // Options that only change the transform share the fetch.
    const transformOnly = await scraper.scrape({
      url: site.url(`/page?${q}`),
      onlyMainContent: false,
      excludeTags: ['h1'],
      formats: ['html'],
    });
    expect(transformOnly.metadata.cacheState).toBe('hit');
  });

  it('minAge: cache only; no copy → 404 SCRAPE_NO_CACHED_DATA without a request; a young copy is not enough; minAge 1 takes any', async () => {
    const path = fresh();
    const none = await failure(scraper.scrape({ url: site.url(path), minAge: 1 }));
    expect(none).toMatchObject({ status: 404, code: 'SCRAPE_NO_CACHED_DATA' });
    expect(none.error).toMatch(/minAge/); // says how to get a fresh scrape
    expect(site.hits(path)).toBe(0);
    await scraper.scrape({ url: site.url(path) });
    expect((await scraper.scrape({ url: site.url(path), minAge: 1 })).metadata.cacheState).toBe('hit'); // stored this very millisecond
    expect(await failure(scraper.scrape({ url: site.url(path), minAge: 10 * MINUTE }))).toMatchObject({
      status: 404,
      code: 'SCRAPE_NO_CACHED_DATA',
    });
    clock.advance(10 * MINUTE);
    expect((await scraper.scrape({ url: site.url(path), minAge: 10 * MINUTE })).metadata.cacheState).toBe('hit');
    // minAge is not bounded by maxAge's 2-day default.
    clock.advance(30 * DAY);
    expect((await scraper.scrape({ url: site.url(path), minAge: 20 * DAY })).metadata.cacheState).toBe('hit');
    expect(site.hits(path)).toBe(1);
  });

  it('lockdown: a miss is 404 SCRAPE_LOCKDOWN_CACHE_MISS with zero requests, no URL in message or logs, nothing stored', async () => {
    const path = fresh();
    const logged: string[] = [];
    const log = (o: object, msg?: string) => void logged.push(JSON.stringify(o) + (msg ?? ''));
    const locked = home.scraper({ logger: { info: log, warn: log, error: log } });
    const before = site.totalHits();
    const miss = await failure(locked.scrape({ url: site.url(path), lockdown: true }));
    expect(miss).toMatchObject({ status: 404, code: 'SCRAPE_LOCKDOWN_CACHE_MISS' });
    expect(miss.error).toMatch(/without lockdown/);
    expect(JSON.stringify(miss.toJSON())).not.toContain(path);
    expect(logged.join('\n')).not.toContain(path);
    expect(site.totalHits()).toBe(before);
    // Nothing was stored by the miss: another cache-only read still misses.
    expect(await failure(locked.scrape({ url: site.url(path), minAge: 1 }))).toMatchObject({
      code: 'SCRAPE_NO_CACHED_DATA',
    });
    expect(site.totalHits()).toBe(before);
  });

  it('lockdown: a hit never fetches, bills 5 credits, and accepts copies up to 2 years old (also with maxAge 0)', async () => {
    const path = fresh();
    await scraper.scrape({ url: site.url(path) });
    clock.advance(300 * DAY);
    const hit = await scraper.scrape({ url: site.url(path), lockdown: true });
    expect(hit.metadata).toMatchObject({ cacheState: 'hit', creditsUsed: 5 });
    expect((await scraper.scrape({ url: site.url(path), lockdown: true, maxAge: 0 })).metadata.cacheState).toBe('hit');
    expect(await failure(scraper.scrape({ url: site.url(path), lockdown: true, maxAge: DAY }))).toMatchObject({
      code: 'SCRAPE_LOCKDOWN_CACHE_MISS',
    });
    clock.set(Date.UTC(2026, 5, 1) + LOCKDOWN_MAX_AGE_MS + 1);
    expect(await failure(scraper.scrape({ url: site.url(path), lockdown: true }))).toMatchObject({
      code: 'SCRAPE_LOCKDOWN_CACHE_MISS',
    });
    expect(site.hits(path)).toBe(1);
  });

  it.each([
    ['storeInCache: false', { storeInCache: false }],
    ['zeroDataRetention', { zeroDataRetention: true }],
    ['headers', { headers: { cookie: 'k=v' } }],
  ])('%s: nothing is written; the page is fetched and later cache-only reads still miss', async (_label, options) => {
    const path = fresh();
    const doc = await scraper.scrape({ url: site.url(path), ...options });
    expect(doc.metadata.cacheState).toBe('miss');
    expect(await failure(scraper.scrape({ url: site.url(path), minAge: 1 }))).toMatchObject({
      code: 'SCRAPE_NO_CACHED_DATA',
    });
    expect(site.hits(path)).toBe(1);
  });

  it('requests with headers or skipTlsVerification: false do not read a stored copy (their fetch differs)', async () => {
    const path = fresh();
    await scraper.scrape({ url: site.url(path) });
    expect((await scraper.scrape({ url: site.url(path), headers: { 'x-a': '1' } })).metadata.cacheState).toBe('miss');
    expect((await scraper.scrape({ url: site.url(path), skipTlsVerification: false })).metadata.cacheState).toBe(
      'miss',
    );
    expect(site.hits(path)).toBe(3);
  });

  it('transient failures (5xx) are not cached; a 404 is (a definite "gone")', async () => {
    const broken = fresh('/broken');
    await scraper.scrape({ url: site.url(broken) });
    expect((await scraper.scrape({ url: site.url(broken) })).metadata.cacheState).toBe('miss');
    expect(site.hits(broken)).toBe(2);
    const gone = fresh('/gone');
    await scraper.scrape({ url: site.url(gone) });
    expect((await scraper.scrape({ url: site.url(gone) })).metadata).toMatchObject({
      cacheState: 'hit',
      statusCode: 404,
    });
  });

  it('concurrent misses for one key share one fetch; requests that may not be stored fetch alone', async () => {
    const path = fresh();
    const release = site.hold();
    const docs = Promise.all(Array.from({ length: 5 }, () => scraper.scrape({ url: site.url(path) })));
    const privateOnes = Promise.all(
      Array.from({ length: 2 }, () => scraper.scrape({ url: site.url(path), storeInCache: false })),
    );
    // Let every request reach the fixture (or join the shared fetch) before answering.
    while (site.hits(path) < 3) await new Promise((r) => setImmediate(r));
    // The five cacheable requests read the cache before joining the shared fetch; give those reads a few turns.
    for (let i = 0; i < 50; i++) await new Promise((r) => setImmediate(r));
    release();
    const results = await docs;
    await privateOnes;
    expect(results.map((d) => d.metadata.cacheState)).toEqual(['miss', 'miss', 'miss', 'miss', 'miss']);
    expect(new Set(results.map((d) => d.markdown)).size).toBe(1);
    expect(site.hits(path)).toBe(3); // one shared fetch + the two storeInCache:false ones
    expect((await scraper.scrape({ url: site.url(path) })).metadata.cacheState).toBe('hit');
  });

  it('when the request that started a shared fetch is aborted, the others fetch for themselves instead of failing', async () => {
    const path = fresh();
    const release = site.hold();
    const leaderAbort = new AbortController();
    const leader = scraper.scrape({ url: site.url(path) }, { signal: leaderAbort.signal });
    while (site.hits(path) < 1) await new Promise((r) => setImmediate(r));
    const follower = scraper.scrape({ url: site.url(path) });
    for (let i = 0; i < 50; i++) await new Promise((r) => setImmediate(r));
    leaderAbort.abort();
    expect(await failure(leader)).toMatchObject({ status: 499, code: 'SCRAPE_ABORTED' });
    while (site.hits(path) < 2) await new Promise((r) => setImmediate(r));
    release();
    const doc = await follower;
    expect(doc.metadata).toMatchObject({ statusCode: 200, cacheState: 'miss' });
    expect(doc.markdown).toContain('The harbour reopened today');
  });

  it('a restarted scraper on the same home finds the copies (embedded: same data dir; Redis: same server)', async () => {
    const path = fresh();
    await scraper.scrape({ url: site.url(path) });
    await scraper.close();
    const again = home.scraper();
    expect((await again.scrape({ url: site.url(path) })).metadata.cacheState).toBe('hit');
    expect(site.hits(path)).toBe(1);
  });

  it('a guarded scraper does not serve a copy of a private address stored by an unguarded one', async () => {
    const path = fresh();
    await scraper.scrape({ url: site.url(path) });
    const guarded = home.scraper({ allowPrivateUrls: false });
    expect(await failure(guarded.scrape({ url: site.url(path) }))).toMatchObject({
      status: 403,
      code: 'SCRAPE_SSRF_BLOCKED',
    });
    expect(await failure(guarded.scrape({ url: site.url(path), lockdown: true }))).toMatchObject({
      status: 403,
      code: 'SCRAPE_SSRF_BLOCKED',
    });
  });
});

describe('artifacts, readiness and failures', () => {
  it('scraper.artifacts reads what the stores hold, by id; unknown ids are null', async () => {
    const clock = createManualClock();
    const home = embeddedHome(clock);
    const scraper = home.scraper();
    try {
      expect(await scraper.artifacts.getArtifact('AAAAAAAAAAAAAAAAAAAAAA')).toBeNull();
      expect(await scraper.artifacts.getArtifact('../../etc/passwd')).toBeNull();
    } finally {
      await home.dispose();
    }
  });

  it.runIf(withRedis)(
    'an artifact put by one process is read through scraper.artifacts of another (Redis)',
    async () => {
      const clock = createManualClock();
      const home = redisHome(clock);
      const prefix = `test:scraper:artifact:${process.pid}:${Date.now()}:`;
      const writer = await createCacheStores({ redisUrl: REDIS_URL, keyPrefix: prefix, clock });
      const reader = createScraper({ redisUrl: REDIS_URL, redisKeyPrefix: prefix, clock });
      try {
        const { id } = await writer.artifacts.putArtifact({ bytes: new Uint8Array([1, 2, 3]), mimeType: 'image/png' });
        const artifact = await reader.artifacts.getArtifact(id);
        expect(artifact).toMatchObject({ id, mimeType: 'image/png', size: 3 });
        expect([...artifact!.bytes]).toEqual([1, 2, 3]);
        expect(await reader.artifacts.statArtifact(id)).toMatchObject({ id, size: 3 });
        clock.advance(DAY + 1);
        expect(await reader.artifacts.getArtifact(id)).toBeNull();
      } finally {
        await writer.close();
        await reader.close();
        await home.dispose();
      }
    },
  );

  it('with cache: false there are no stores: artifacts are null, ready() resolves, minAge/lockdown/changeTracking are 501', async () => {
    const scraper = createScraper({ allowPrivateUrls: true, cache: false });
    try {
      await scraper.ready();
      expect(await scraper.artifacts.getArtifact('AAAAAAAAAAAAAAAAAAAAAA')).toBeNull();
      for (const extra of [{ minAge: 1 }, { lockdown: true }, { formats: ['markdown', 'changeTracking'] }]) {
        expect(await failure(scraper.scrape({ url: site.url('/page'), ...extra }))).toMatchObject({ status: 501 });
      }
    } finally {
      await scraper.close();
    }
  });

  it('an unreachable Redis is a 503 SCRAPE_CACHE_UNAVAILABLE saying how to scrape without the cache; ready() rejects', async () => {
    // Port 1 on loopback: nothing listens there, so the connection is refused at once.
    const scraper = createScraper({ allowPrivateUrls: true, redisUrl: 'redis://127.0.0.1:1' });
    try {
      const down = await failure(scraper.ready());
      expect(down).toMatchObject({ status: 503, error: 'Service Unavailable', code: 'SCRAPE_CACHE_UNAVAILABLE' });
      const scrape = await failure(scraper.scrape({ url: site.url('/page') }));
      expect(scrape).toMatchObject({ status: 503, code: 'SCRAPE_CACHE_UNAVAILABLE' });
      expect(JSON.stringify(scrape.details)).toMatch(/maxAge: 0 and storeInCache: false/);
      const bypass = await scraper.scrape({ url: site.url('/page'), maxAge: 0, storeInCache: false });
      expect(bypass.metadata).toMatchObject({ statusCode: 200, cacheState: 'miss' });
    } finally {
      await scraper.close();
    }
  });
});
