// The cache rules of spec §2.1 through createScraper, on both homes of the default stores, with a clock the tests move.
import { describe, expect, it } from 'vitest';
import { createCacheStores } from '@scrape/cache';
import { LOCKDOWN_MAX_AGE_MS } from '@scrape/cache/internal';
import {
  article,
  createManualClock,
  embeddedHome,
  redisHome,
  REDIS_URL,
  testedHomes,
  useFixture,
  useHomePerTest,
} from '../../test/cacheHomes.js';
import { createScraper } from '../createScraper.js';
import { ScrapeError } from '../errors.js';
import { rejectionOf } from '@scrape/test-support';

const MINUTE = 60_000;
const DAY = 86_400_000;

const failure = (promise: Promise<unknown>) => rejectionOf(promise, ScrapeError);

const { withRedis, homes } = await testedHomes('scraper cache rules');

const env = useFixture({
  '/page': { body: article('Harbour news', 'The harbour reopened today after the storm.') },
  '/other': { body: article('Other page', 'Something else entirely happened elsewhere.') },
  '/broken': { status: 500, body: article('Broken', 'The database is down.') },
  '/gone': { status: 404, body: article('Gone', 'This page was removed.') },
});

/** A path unique to each test, so homes and tests never share copies or request counts. */
let n = 0;

describe.each(homes)('cache rules on the %s home', (_name, makeHome) => {
  const t = useHomePerTest(makeHome, Date.UTC(2026, 5, 1));

  const fresh = (path = '/page') => `${path}?t=${++n}`;

  it('maxAge: a second scrape is a hit with cachedAt, served from the stored Source for any mix of formats', async () => {
    const path = fresh();
    const first = await t.scraper.scrape({ url: env.site.url(path), formats: ['markdown'] });
    expect(first.metadata.cacheState).toBe('miss');
    expect(first.metadata.cachedAt).toBeUndefined();
    t.clock.advance(MINUTE);
    const second = await t.scraper.scrape({
      url: env.site.url(path),
      formats: ['markdown', 'rawHtml', 'links', 'html'],
    });
    expect(second.metadata).toMatchObject({
      cacheState: 'hit',
      cachedAt: new Date(Date.UTC(2026, 5, 1)).toISOString(),
      statusCode: 200,
    });
    expect(second.markdown).toBe(first.markdown);
    expect(second.rawHtml).toContain('The harbour reopened today');
    expect(env.site.hits(path)).toBe(1);
  });

  it('maxAge: a copy older than maxAge (default 2 days) is refetched; maxAge 0 bypasses and refreshes the copy', async () => {
    const path = fresh();
    await t.scraper.scrape({ url: env.site.url(path) });
    t.clock.advance(2 * MINUTE);
    expect((await t.scraper.scrape({ url: env.site.url(path), maxAge: MINUTE })).metadata.cacheState).toBe('miss');
    expect(env.site.hits(path)).toBe(2);
    t.clock.advance(2 * DAY + 1); // the copy from the maxAge:1min miss is now just over 2 days old
    expect((await t.scraper.scrape({ url: env.site.url(path) })).metadata.cacheState).toBe('miss');
    expect(env.site.hits(path)).toBe(3);
    t.clock.advance(MINUTE);
    const bypass = await t.scraper.scrape({ url: env.site.url(path), maxAge: 0 });
    expect(bypass.metadata.cacheState).toBe('miss');
    expect(env.site.hits(path)).toBe(4);
    const after = await t.scraper.scrape({ url: env.site.url(path) });
    expect(after.metadata).toMatchObject({ cacheState: 'hit', cachedAt: new Date(t.clock.now()).toISOString() });
    expect(env.site.hits(path)).toBe(4);
  });

  it('key: URL variants (trailing slash, fragment, index.html, host case) share a copy; query and fetch-changing options do not', async () => {
    const q = `t=${++n}`;
    await t.scraper.scrape({ url: env.site.url(`/page?${q}`) });
    for (const variant of [`/page?${q}#section`, `/page/?${q}`]) {
      expect((await t.scraper.scrape({ url: env.site.url(variant) })).metadata.cacheState, variant).toBe('hit');
    }
    expect(
      (await t.scraper.scrape({ url: env.site.url(`/page?${q}`).replace('http://', 'HTTP://') })).metadata.cacheState,
    ).toBe('hit');
    expect((await t.scraper.scrape({ url: env.site.url(`/page?${q}&x=1`) })).metadata.cacheState).toBe('miss');
    for (const options of [
      { location: { country: 'DE' } },
      { blockAds: false },
      { proxy: 'basic' },
      { location: { country: 'US', languages: ['fr'] } },
    ]) {
      expect(
        (await t.scraper.scrape({ url: env.site.url(`/page?${q}`), ...options })).metadata.cacheState,
        JSON.stringify(options),
      ).toBe('miss');
    }
    // Options that only change the transform share the fetch.
    const transformOnly = await t.scraper.scrape({
      url: env.site.url(`/page?${q}`),
      onlyMainContent: false,
      excludeTags: ['h1'],
      formats: ['html'],
    });
    expect(transformOnly.metadata.cacheState).toBe('hit');
  });

  it('minAge: cache only; no copy → 404 SCRAPE_NO_CACHED_DATA without a request; a young copy is not enough; minAge 1 takes any', async () => {
    const path = fresh();
    const none = await failure(t.scraper.scrape({ url: env.site.url(path), minAge: 1 }));
    expect(none).toMatchObject({ status: 404, code: 'SCRAPE_NO_CACHED_DATA' });
    expect(none.error).toMatch(/minAge/); // says how to get a fresh scrape
    expect(env.site.hits(path)).toBe(0);
    await t.scraper.scrape({ url: env.site.url(path) });
    // Stored this very millisecond.
    expect((await t.scraper.scrape({ url: env.site.url(path), minAge: 1 })).metadata.cacheState).toBe('hit');
    expect(await failure(t.scraper.scrape({ url: env.site.url(path), minAge: 10 * MINUTE }))).toMatchObject({
      status: 404,
      code: 'SCRAPE_NO_CACHED_DATA',
    });
    t.clock.advance(10 * MINUTE);
    expect((await t.scraper.scrape({ url: env.site.url(path), minAge: 10 * MINUTE })).metadata.cacheState).toBe('hit');
    // minAge is not bounded by maxAge's 2-day default.
    t.clock.advance(30 * DAY);
    expect((await t.scraper.scrape({ url: env.site.url(path), minAge: 20 * DAY })).metadata.cacheState).toBe('hit');
    expect(env.site.hits(path)).toBe(1);
  });

  it('lockdown: a miss is 404 SCRAPE_LOCKDOWN_CACHE_MISS with zero requests, no URL in message or logs, nothing stored', async () => {
    const path = fresh();
    const logged: string[] = [];
    const log = (o: object, msg?: string) => void logged.push(JSON.stringify(o) + (msg ?? ''));
    const locked = t.home.scraper({ logger: { info: log, warn: log, error: log } });
    const before = env.site.totalHits();
    const miss = await failure(locked.scrape({ url: env.site.url(path), lockdown: true }));
    expect(miss).toMatchObject({ status: 404, code: 'SCRAPE_LOCKDOWN_CACHE_MISS' });
    expect(miss.error).toMatch(/without lockdown/);
    expect(JSON.stringify(miss.toJSON())).not.toContain(path);
    expect(logged.join('\n')).not.toContain(path);
    expect(env.site.totalHits()).toBe(before);
    // Nothing was stored by the miss: another cache-only read still misses.
    expect(await failure(locked.scrape({ url: env.site.url(path), minAge: 1 }))).toMatchObject({
      code: 'SCRAPE_NO_CACHED_DATA',
    });
    expect(env.site.totalHits()).toBe(before);
  });

  it('lockdown: a hit never fetches, bills 5 credits, and accepts copies up to 2 years old (also with maxAge 0)', async () => {
    const path = fresh();
    await t.scraper.scrape({ url: env.site.url(path) });
    t.clock.advance(300 * DAY);
    const hit = await t.scraper.scrape({ url: env.site.url(path), lockdown: true });
    expect(hit.metadata).toMatchObject({ cacheState: 'hit', creditsUsed: 5 });
    expect((await t.scraper.scrape({ url: env.site.url(path), lockdown: true, maxAge: 0 })).metadata.cacheState).toBe(
      'hit',
    );
    expect(await failure(t.scraper.scrape({ url: env.site.url(path), lockdown: true, maxAge: DAY }))).toMatchObject({
      code: 'SCRAPE_LOCKDOWN_CACHE_MISS',
    });
    t.clock.set(Date.UTC(2026, 5, 1) + LOCKDOWN_MAX_AGE_MS + 1);
    expect(await failure(t.scraper.scrape({ url: env.site.url(path), lockdown: true }))).toMatchObject({
      code: 'SCRAPE_LOCKDOWN_CACHE_MISS',
    });
    expect(env.site.hits(path)).toBe(1);
  });

  it.each([
    ['storeInCache: false', { storeInCache: false }],
    ['zeroDataRetention', { zeroDataRetention: true }],
    ['headers', { headers: { cookie: 'k=v' } }],
  ])('%s: nothing is written; the page is fetched and later cache-only reads still miss', async (_label, options) => {
    const path = fresh();
    const doc = await t.scraper.scrape({ url: env.site.url(path), ...options });
    expect(doc.metadata.cacheState).toBe('miss');
    expect(await failure(t.scraper.scrape({ url: env.site.url(path), minAge: 1 }))).toMatchObject({
      code: 'SCRAPE_NO_CACHED_DATA',
    });
    expect(env.site.hits(path)).toBe(1);
  });

  it('requests with headers or skipTlsVerification: false do not read a stored copy (their fetch differs)', async () => {
    const path = fresh();
    await t.scraper.scrape({ url: env.site.url(path) });
    expect((await t.scraper.scrape({ url: env.site.url(path), headers: { 'x-a': '1' } })).metadata.cacheState).toBe(
      'miss',
    );
    expect((await t.scraper.scrape({ url: env.site.url(path), skipTlsVerification: false })).metadata.cacheState).toBe(
      'miss',
    );
    expect(env.site.hits(path)).toBe(3);
  });

  it('transient failures (5xx) are not cached; a 404 is (a definite "gone")', async () => {
    const broken = fresh('/broken');
    await t.scraper.scrape({ url: env.site.url(broken) });
    expect((await t.scraper.scrape({ url: env.site.url(broken) })).metadata.cacheState).toBe('miss');
    expect(env.site.hits(broken)).toBe(2);
    const gone = fresh('/gone');
    await t.scraper.scrape({ url: env.site.url(gone) });
    expect((await t.scraper.scrape({ url: env.site.url(gone) })).metadata).toMatchObject({
      cacheState: 'hit',
      statusCode: 404,
    });
  });

  it('concurrent misses for one key share one fetch; requests that may not be stored fetch alone', async () => {
    const path = fresh();
    const release = env.site.hold();
    const docs = Promise.all(Array.from({ length: 5 }, () => t.scraper.scrape({ url: env.site.url(path) })));
    const privateOnes = Promise.all(
      Array.from({ length: 2 }, () => t.scraper.scrape({ url: env.site.url(path), storeInCache: false })),
    );
    // Let every request reach the fixture (or join the shared fetch) before answering.
    while (env.site.hits(path) < 3) await new Promise((r) => setImmediate(r));
    // The five cacheable requests read the cache before joining the shared fetch; give those reads a few turns.
    for (let i = 0; i < 50; i++) await new Promise((r) => setImmediate(r));
    release();
    const results = await docs;
    await privateOnes;
    expect(results.map((d) => d.metadata.cacheState)).toEqual(['miss', 'miss', 'miss', 'miss', 'miss']);
    expect(new Set(results.map((d) => d.markdown)).size).toBe(1);
    expect(env.site.hits(path)).toBe(3); // one shared fetch + the two storeInCache:false ones
    expect((await t.scraper.scrape({ url: env.site.url(path) })).metadata.cacheState).toBe('hit');
  });

  it('when the request that started a shared fetch is aborted, the others fetch for themselves instead of failing', async () => {
    const path = fresh();
    const release = env.site.hold();
    const leaderAbort = new AbortController();
    const leader = t.scraper.scrape({ url: env.site.url(path) }, { signal: leaderAbort.signal });
    while (env.site.hits(path) < 1) await new Promise((r) => setImmediate(r));
    const follower = t.scraper.scrape({ url: env.site.url(path) });
    for (let i = 0; i < 50; i++) await new Promise((r) => setImmediate(r));
    leaderAbort.abort();
    expect(await failure(leader)).toMatchObject({ status: 499, code: 'SCRAPE_ABORTED' });
    while (env.site.hits(path) < 2) await new Promise((r) => setImmediate(r));
    release();
    const doc = await follower;
    expect(doc.metadata).toMatchObject({ statusCode: 200, cacheState: 'miss' });
    expect(doc.markdown).toContain('The harbour reopened today');
  });

  it('a restarted scraper on the same home finds the copies (embedded: same data dir; Redis: same server)', async () => {
    const path = fresh();
    await t.scraper.scrape({ url: env.site.url(path) });
    await t.scraper.close();
    const again = t.home.scraper();
    expect((await again.scrape({ url: env.site.url(path) })).metadata.cacheState).toBe('hit');
    expect(env.site.hits(path)).toBe(1);
  });

  it('a guarded scraper does not serve a copy of a private address stored by an unguarded one', async () => {
    const path = fresh();
    await t.scraper.scrape({ url: env.site.url(path) });
    const guarded = t.home.scraper({ allowPrivateUrls: false });
    expect(await failure(guarded.scrape({ url: env.site.url(path) }))).toMatchObject({
      status: 403,
      code: 'SCRAPE_SSRF_BLOCKED',
    });
    expect(await failure(guarded.scrape({ url: env.site.url(path), lockdown: true }))).toMatchObject({
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
        expect(await failure(scraper.scrape({ url: env.site.url('/page'), ...extra }))).toMatchObject({ status: 501 });
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
      const scrape = await failure(scraper.scrape({ url: env.site.url('/page') }));
      expect(scrape).toMatchObject({ status: 503, code: 'SCRAPE_CACHE_UNAVAILABLE' });
      expect(JSON.stringify(scrape.details)).toMatch(/maxAge: 0 and storeInCache: false/);
      const bypass = await scraper.scrape({ url: env.site.url('/page'), maxAge: 0, storeInCache: false });
      expect(bypass.metadata).toMatchObject({ statusCode: 200, cacheState: 'miss' });
    } finally {
      await scraper.close();
    }
  });
});
