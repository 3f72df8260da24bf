import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cacheKey } from './cacheKey.js';
import { createManualClock, type ManualClock } from './clock.js';
import { createCacheStores, type CacheStores, type CreateCacheStoresOptions } from './createCacheStores.js';
import { fetchThroughCache } from './fetchThroughCache.js';
import { planCache, type CachePolicyRequest } from './planCache.js';
import type { Source } from './source.js';

const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const RUN_PREFIX = `test:cache:${process.pid}:${Date.now()}:`;
const DAY = 86_400_000;
const YEAR = 365 * DAY;

async function redisReachable(): Promise<boolean> {
  const probe = new Redis(REDIS_URL, {
    lazyConnect: true,
    connectTimeout: 2000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  probe.on('error', () => {});
  try {
    await probe.connect();
    await probe.ping();
    return true;
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

const withRedis = await redisReachable();
if (!withRedis) {
  console.warn(
    `\n${'!'.repeat(100)}\n!!! Redis is unreachable at ${REDIS_URL}: the REDIS HALF of the cache store suite is ` +
      `SKIPPED.\n!!! Start Redis (or set REDIS_URL) to test the distributed home.\n${'!'.repeat(100)}\n`,
  );
}

/** One home under test: how to open a store, and how to open a second one on the same data (restart / sharing). */
interface Home {
  name: 'embedded' | 'redis';
  /** Opens a fresh, empty store; the returned `again` opens another store over the same data. */
  open(
    clock: ManualClock,
    extra?: Partial<CreateCacheStoresOptions>,
  ): Promise<{ stores: CacheStores; again: () => Promise<CacheStores> }>;
}

const opened: CacheStores[] = [];
const tempDirs: string[] = [];
let namespaceCounter = 0;

const embedded: Home = {
  name: 'embedded',
  async open(clock, extra = {}) {
    const dataDir = mkdtempSync(join(tmpdir(), 'scrape-cache-test-'));
    tempDirs.push(dataDir);
    const make = async () => {
      const stores = await createCacheStores({ ...(extra as object), dataDir, clock });
      opened.push(stores);
      return stores;
    };
    return { stores: await make(), again: make };
  },
};

const redis: Home = {
  name: 'redis',
  async open(clock, extra = {}) {
    const keyPrefix = `${RUN_PREFIX}${++namespaceCounter}:`;
    const make = async () => {
      const stores = await createCacheStores({ ...(extra as object), redisUrl: REDIS_URL, keyPrefix, clock });
      opened.push(stores);
      return stores;
    };
    return { stores: await make(), again: make };
  },
};

afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => s.close()));
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

afterAll(async () => {
  if (!withRedis) return;
  const client = new Redis(REDIS_URL);
  let cursor = '0';
  do {
    const [next, keys] = await client.scan(cursor, 'MATCH', `${RUN_PREFIX}*`, 'COUNT', 500);
    if (keys.length) await client.del(...keys);
    cursor = next;
  } while (cursor !== '0');
  client.disconnect();
});

/** A fixture site on 127.0.0.1 that counts the requests it serves. */
let server: Server;
let origin = '';
const served: string[] = [];
beforeAll(async () => {
  server = createServer((req, res) => {
    served.push(req.url ?? '');
    const delay = req.url?.startsWith('/slow') ? 50 : 0;
    setTimeout(() => {
      if (req.url?.startsWith('/broken')) {
        res.writeHead(503, { 'content-type': 'text/plain' }).end('try later');
        return;
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'set-cookie': 'session=secret' });
      res.end(`<html><body><h1>${req.url}</h1><p>${'lorem ipsum '.repeat(200)}</p></body></html>`);
    }, delay);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function fetcherFor(clock: ManualClock, url: string) {
  return async (): Promise<Source> => {
    const response = await fetch(url);
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      headers[name] = value;
    });
    return {
      url,
      finalUrl: response.url,
      status: response.status,
      headers,
      contentType: response.headers.get('content-type') ?? '',
      body: new Uint8Array(await response.arrayBuffer()),
      engine: 'fetch',
      fetchedAt: clock.now(),
    };
  };
}

function source(clock: ManualClock, overrides: Partial<Source> = {}): Source {
  return {
    url: 'https://example.com/page',
    finalUrl: 'https://example.com/page',
    status: 200,
    headers: { 'content-type': 'text/html', etag: '"abc"' },
    contentType: 'text/html',
    body: new TextEncoder().encode(`<p>fetched at ${clock.now()}</p>`),
    engine: 'fetch',
    fetchedAt: clock.now(),
    ...overrides,
  };
}

const homes = withRedis ? [embedded, redis] : [embedded];

describe.each(homes)('cache stores: $name', (home) => {
  describe('page cache', () => {
    it('stores a Source with its screenshot and returns it for every URL variant of the same page', async () => {
      const clock = createManualClock();
      const { stores } = await home.open(clock);
      expect(stores.kind).toBe(home.name);
      const screenshot = {
        bytes: new Uint8Array([137, 80, 78, 71, 1, 2, 3]),
        mimeType: 'image/png',
        fullPage: true,
        width: 1280,
        height: 4000,
      };
      const stored = source(clock, {
        headers: { 'Content-Type': 'text/html', 'Set-Cookie': 'sid=1', ETag: '"abc"' },
        screenshot,
      });
      const variant = { screenshot: { fullPage: true } };
      await stores.pages.write(cacheKey('https://example.com/page', variant), stored);
      clock.advance(1000);

      const hit = await stores.pages.read(cacheKey('https://Example.com:443/page/#section', variant), planCache({}));
      expect(hit).not.toBeNull();
      expect(hit!.ageMs).toBe(1000);
      expect(hit!.cachedAt).toBe(new Date(stored.fetchedAt).toISOString());
      expect(hit!.source.body).toEqual(stored.body);
      expect(hit!.source.screenshot).toEqual(screenshot);
      expect(hit!.source.headers).toEqual({ 'content-type': 'text/html', etag: '"abc"' });
      expect(hit!.source).toMatchObject({
        url: stored.url,
        finalUrl: stored.finalUrl,
        status: 200,
        contentType: 'text/html',
        engine: 'fetch',
        fetchedAt: stored.fetchedAt,
      });

      // Other variants of the fetch are other entries.
      expect(await stores.pages.read(cacheKey('https://example.com/page'), planCache({}))).toBeNull();
      expect(
        await stores.pages.read(cacheKey('https://example.com/page', { ...variant, mobile: true }), planCache({})),
      ).toBeNull();
    });

    it('maxAge: a copy up to maxAge old is a hit, an older one is not', async () => {
      const clock = createManualClock();
      const { stores } = await home.open(clock);
      const key = cacheKey('https://example.com/a');
      await stores.pages.write(key, source(clock));
      clock.advance(2 * DAY);
      expect(await stores.pages.read(key, planCache({}))).not.toBeNull();
      clock.advance(1);
      expect(await stores.pages.read(key, planCache({}))).toBeNull();
      expect(await stores.pages.read(key, planCache({ maxAge: 3 * DAY }))).not.toBeNull();
    });

    it('minAge: the newest copy at least that old, found behind a younger refresh; minAge 1 takes any copy', async () => {
      const clock = createManualClock();
      const { stores } = await home.open(clock);
      const key = cacheKey('https://example.com/a');
      const first = source(clock);
      await stores.pages.write(key, first);
      clock.advance(3 * DAY);
      const second = source(clock);
      await stores.pages.write(key, second);
      clock.advance(DAY);

      expect((await stores.pages.read(key, planCache({ minAge: 2 * DAY })))!.source.fetchedAt).toBe(first.fetchedAt);
      expect((await stores.pages.read(key, planCache({ minAge: 1 })))!.source.fetchedAt).toBe(second.fetchedAt);
      expect(await stores.pages.read(key, planCache({ minAge: 5 * DAY }))).toBeNull();
      clock.advance(YEAR);
      expect((await stores.pages.read(key, planCache({ minAge: 1 })))!.source.fetchedAt).toBe(second.fetchedAt);
    });

    it('keeps a bounded number of copies per key', async () => {
      const clock = createManualClock();
      const { stores } = await home.open(clock, { pageVersions: 3 });
      const key = cacheKey('https://example.com/a');
      const written: number[] = [];
      for (let i = 0; i < 5; i++) {
        written.push(clock.now());
        await stores.pages.write(key, source(clock));
        clock.advance(DAY);
      }
      // 5 copies written a day apart; only the newest 3 remain, so the oldest reachable is written[2].
      expect((await stores.pages.read(key, planCache({ minAge: 3 * DAY })))!.source.fetchedAt).toBe(written[2]);
      expect(await stores.pages.read(key, planCache({ minAge: 4 * DAY }))).toBeNull();
    });

    it('lockdown serves copies up to 2 years old and never older ones; retention drops copies past it', async () => {
      const clock = createManualClock();
      const { stores } = await home.open(clock);
      const key = cacheKey('https://example.com/a');
      await stores.pages.write(key, source(clock));
      clock.advance(700 * DAY);
      expect(await stores.pages.read(key, planCache({ lockdown: true }))).not.toBeNull();
      clock.advance(31 * DAY);
      expect(await stores.pages.read(key, planCache({ lockdown: true }))).toBeNull();
      expect(await stores.pages.read(key, planCache({ minAge: 1 }))).toBeNull();
    });
  });

  describe('fetchThroughCache against a real fixture server', () => {
    it('miss fetches and stores; the next request is a hit that makes no request', async () => {
      const clock = createManualClock();
      const { stores } = await home.open(clock);
      const url = `${origin}/page-${home.name}-hit`;
      const key = cacheKey(url);
      const before = served.length;
      const first = await fetchThroughCache(stores, { plan: planCache({}), key, fetch: fetcherFor(clock, url) });
      expect(first).toMatchObject({ cacheState: 'miss', stored: true });
      clock.advance(60_000);
      const second = await fetchThroughCache(stores, { plan: planCache({}), key, fetch: fetcherFor(clock, url) });
      expect(second.cacheState).toBe('hit');
      expect(served.length - before).toBe(1);
      if (second.cacheState === 'hit' && first.cacheState === 'miss' && first.source) {
        expect(new TextDecoder().decode(second.hit.source.body)).toBe(new TextDecoder().decode(first.source.body));
        expect(second.hit.source.headers['set-cookie']).toBeUndefined();
      }
    });

    it('coalesces concurrent misses for one key into a single request', async () => {
      const clock = createManualClock();
      const { stores } = await home.open(clock);
      const url = `${origin}/slow-${home.name}-coalesce`;
      const key = cacheKey(url);
      const before = served.filter((u) => u === new URL(url).pathname).length;
      const results = await Promise.all(
        Array.from({ length: 8 }, () =>
          fetchThroughCache(stores, { plan: planCache({}), key, fetch: fetcherFor(clock, url) }),
        ),
      );
      expect(results.every((r) => r.cacheState === 'miss' && r.source)).toBe(true);
      expect(served.filter((u) => u === new URL(url).pathname).length - before).toBe(1);
    });

    it('cache-only modes never request the page and answer the right miss code', async () => {
      const clock = createManualClock();
      const { stores } = await home.open(clock);
      const url = `${origin}/page-${home.name}-lockdown`;
      const key = cacheKey(url);
      const before = served.length;
      const lockdown = await fetchThroughCache(stores, {
        plan: planCache({ lockdown: true }),
        key,
        fetch: fetcherFor(clock, url),
      });
      const minAge = await fetchThroughCache(stores, {
        plan: planCache({ minAge: 1 }),
        key,
        fetch: fetcherFor(clock, url),
      });
      expect(lockdown).toEqual({ cacheState: 'miss', source: null, missCode: 'SCRAPE_LOCKDOWN_CACHE_MISS' });
      expect(minAge).toEqual({ cacheState: 'miss', source: null, missCode: 'SCRAPE_NO_CACHED_DATA' });
      expect(served.length).toBe(before);

      await fetchThroughCache(stores, { plan: planCache({}), key, fetch: fetcherFor(clock, url) });
      clock.advance(400 * DAY);
      const hit = await fetchThroughCache(stores, {
        plan: planCache({ lockdown: true }),
        key,
        fetch: fetcherFor(clock, url),
      });
      expect(hit.cacheState).toBe('hit');
      expect(served.length).toBe(before + 1);
    });

    it('maxAge 0 fetches despite a fresh copy and refreshes the cache', async () => {
      const clock = createManualClock();
      const { stores } = await home.open(clock);
      const url = `${origin}/page-${home.name}-bypass`;
      const key = cacheKey(url);
      await fetchThroughCache(stores, { plan: planCache({}), key, fetch: fetcherFor(clock, url) });
      clock.advance(1000);
      const before = served.length;
      const bypass = await fetchThroughCache(stores, {
        plan: planCache({ maxAge: 0 }),
        key,
        fetch: fetcherFor(clock, url),
      });
      expect(bypass).toMatchObject({ cacheState: 'miss', stored: true });
      expect(served.length).toBe(before + 1);
      expect((await stores.pages.read(key, planCache({})))!.source.fetchedAt).toBe(clock.now());
    });

    it.each<[string, CachePolicyRequest]>([
      ['storeInCache false', { storeInCache: false }],
      ['zeroDataRetention', { zeroDataRetention: true }],
      ['headers', { headers: { cookie: 'a=b' } }],
      ['actions', { actions: [{ type: 'click', selector: 'a' }] }],
      ['profile', { profile: { name: 'p' } }],
    ])('%s: fetched but nothing stored', async (_name, request) => {
      const clock = createManualClock();
      const { stores } = await home.open(clock);
      const url = `${origin}/page-${home.name}-nostore`;
      const key = cacheKey(url);
      const result = await fetchThroughCache(stores, { plan: planCache(request), key, fetch: fetcherFor(clock, url) });
      expect(result).toMatchObject({ cacheState: 'miss', stored: false });
      expect(await stores.pages.read(key, planCache({ minAge: 1 }))).toBeNull();
    });

    it('does not store transient failures (503)', async () => {
      const clock = createManualClock();
      const { stores } = await home.open(clock);
      const url = `${origin}/broken-${home.name}`;
      const key = cacheKey(url);
      const result = await fetchThroughCache(stores, { plan: planCache({}), key, fetch: fetcherFor(clock, url) });
      expect(result).toMatchObject({ cacheState: 'miss', stored: false });
      expect(await stores.pages.read(key, planCache({ minAge: 1 }))).toBeNull();
    });
  });

  describe('change history', () => {
    it('new → same → changed → removed, with previousScrapeAt and git diffs', async () => {
      const clock = createManualClock();
      const { stores } = await home.open(clock);
      const base = { team: 'team-a', url: 'https://example.com/prices', gitDiff: true };
      const t0 = clock.now();
      const first = await stores.history.compareWithHistory({
        ...base,
        markdown: '# Prices\n\nA: 10\nB: 20\n',
        statusCode: 200,
      });
      expect(first).toEqual({ previousScrapeAt: null, changeStatus: 'new', visibility: 'visible', diff: null });

      const t1 = clock.advance(60_000);
      const same = await stores.history.compareWithHistory({
        ...base,
        url: 'https://example.com/prices/',
        markdown: '# Prices  \n\n\n\nA: 10\nB: 20',
        statusCode: 200,
      });
      expect(same).toMatchObject({
        previousScrapeAt: new Date(t0).toISOString(),
        changeStatus: 'same',
        diff: '--- previous\n+++ current\n',
      });

      clock.advance(60_000);
      const reordered = await stores.history.compareWithHistory({
        ...base,
        markdown: '# Prices\n\nB: 20\nA: 10\n',
        statusCode: 200,
      });
      expect(reordered.changeStatus).toBe('changed');
      expect(reordered.previousScrapeAt).toBe(new Date(t1).toISOString());
      expect(reordered.diff).toContain('-A: 10\n');
      expect(reordered.diff).toContain('+A: 10\n');

      clock.advance(60_000);
      const removed = await stores.history.compareWithHistory({
        ...base,
        markdown: 'Not Found',
        statusCode: 404,
        gitDiff: false,
      });
      expect(removed).toMatchObject({ changeStatus: 'removed', diff: null });
    });

    it('keeps separate histories per team and per tag', async () => {
      const clock = createManualClock();
      const { stores } = await home.open(clock);
      const url = 'https://example.com/x';
      await stores.history.compareWithHistory({ team: 'a', url, markdown: 'one', statusCode: 200 });
      clock.advance(1);
      expect(
        (await stores.history.compareWithHistory({ team: 'b', url, markdown: 'two', statusCode: 200 })).changeStatus,
      ).toBe('new');
      expect(
        (await stores.history.compareWithHistory({ team: 'a', url, tag: 'daily', markdown: 'two', statusCode: 200 }))
          .changeStatus,
      ).toBe('new');
      expect(
        (await stores.history.compareWithHistory({ team: 'a', url, markdown: 'two', statusCode: 200 })).changeStatus,
      ).toBe('changed');
    });

    it('record: false (zero data retention) compares but leaves no trace', async () => {
      const clock = createManualClock();
      const { stores } = await home.open(clock);
      const url = 'https://example.com/zdr';
      expect(
        (await stores.history.compareWithHistory({ team: 't', url, markdown: 'a', statusCode: 200, record: false }))
          .changeStatus,
      ).toBe('new');
      expect(await stores.history.entries('t', url)).toEqual([]);
      await stores.history.compareWithHistory({ team: 't', url, markdown: 'a', statusCode: 200 });
      clock.advance(1000);
      expect(
        (await stores.history.compareWithHistory({ team: 't', url, markdown: 'b', statusCode: 200, record: false }))
          .changeStatus,
      ).toBe('changed');
      expect((await stores.history.entries('t', url)).map((e) => e.markdown)).toEqual(['a']);
    });

    it('keeps a bounded number of entries per URL, newest first', async () => {
      const clock = createManualClock();
      const { stores } = await home.open(clock, { historyLimit: 4 });
      for (let i = 0; i < 7; i++) {
        await stores.history.compareWithHistory({
          team: 't',
          url: 'https://example.com/b',
          markdown: `v${i}`,
          statusCode: 200,
        });
        clock.advance(1000);
      }
      expect((await stores.history.entries('t', 'https://example.com/b')).map((e) => e.markdown)).toEqual([
        'v6',
        'v5',
        'v4',
        'v3',
      ]);
    });

    it('a cache hit (now = the copy time) compares with the scrape before that copy and is not recorded twice', async () => {
      const clock = createManualClock();
      const { stores } = await home.open(clock);
      const url = 'https://example.com/hit';
      const t0 = clock.now();
      await stores.history.compareWithHistory({ team: 't', url, markdown: 'old', statusCode: 200 });
      const t1 = clock.advance(1000);
      await stores.history.compareWithHistory({ team: 't', url, markdown: 'new', statusCode: 200 });
      clock.advance(5000);
      const replay = await stores.history.compareWithHistory({
        team: 't',
        url,
        markdown: 'new',
        statusCode: 200,
        now: t1,
      });
      expect(replay).toMatchObject({ changeStatus: 'changed', previousScrapeAt: new Date(t0).toISOString() });
      expect(await stores.history.entries('t', url)).toHaveLength(2);
    });
  });

  describe('results', () => {
    it('a document is read back by the team that made it until its TTL passes; other teams find nothing', async () => {
      const clock = createManualClock();
      const { stores } = await home.open(clock);
      const json = JSON.stringify({ markdown: '# Tide tables', metadata: { scrapeId: 'id-1' } });
      await stores.results.putResult({ team: 'team-a', scrapeId: 'id-1', json, ttlMs: 60_000 });
      expect(await stores.results.getResult('team-a', 'id-1')).toBe(json);
      expect(await stores.results.getResult('team-b', 'id-1')).toBeNull();
      expect(await stores.results.getResult('team-a', 'id-2')).toBeNull();
      clock.advance(60_000);
      expect(await stores.results.getResult('team-a', 'id-1')).toBeNull();
    });

    it('a result accepted just before close is stored (embedded: written behind the answer, flushed on close)', async () => {
      const clock = createManualClock();
      const { stores, again } = await home.open(clock);
      await stores.results.putResult({ team: 'team-a', scrapeId: 'id-9', json: '{"n":9}', ttlMs: 60_000 });
      await stores.close();
      expect(await (await again()).results.getResult('team-a', 'id-9')).toBe('{"n":9}');
    });
  });

  describe('artifacts', () => {
    it('round-trips bytes and type until the TTL passes, then is unknown', async () => {
      const clock = createManualClock();
      const { stores } = await home.open(clock);
      const bytes = new Uint8Array(200_000).map((_, i) => i % 251);
      const { id, expiresAt } = await stores.artifacts.putArtifact({ bytes, mimeType: 'image/png', ttlMs: 60_000 });
      expect(expiresAt).toBe(clock.now() + 60_000);
      const got = await stores.artifacts.getArtifact(id);
      expect(got).toMatchObject({ id, mimeType: 'image/png', size: bytes.byteLength, expiresAt });
      expect(Buffer.compare(got!.bytes, bytes)).toBe(0);
      expect(await stores.artifacts.statArtifact(id)).toMatchObject({ mimeType: 'image/png', size: 200_000 });
      clock.advance(59_999);
      expect(await stores.artifacts.getArtifact(id)).not.toBeNull();
      clock.advance(1);
      expect(await stores.artifacts.getArtifact(id)).toBeNull();
    });

    it('defaults to the 24-hour screenshot lifetime; unknown and malformed ids are null', async () => {
      const clock = createManualClock();
      const { stores } = await home.open(clock);
      const { expiresAt } = await stores.artifacts.putArtifact({ bytes: new Uint8Array([1]), mimeType: 'image/jpeg' });
      expect(expiresAt - clock.now()).toBe(DAY);
      expect(await stores.artifacts.getArtifact('AAAAAAAAAAAAAAAAAAAAAA')).toBeNull();
      expect(await stores.artifacts.getArtifact('../../cache.lmdb')).toBeNull();
      await expect(
        stores.artifacts.putArtifact({ bytes: new Uint8Array([1]), mimeType: 'image/png', ttlMs: 0 }),
      ).rejects.toMatchObject({ kind: 'invalid_input' });
    });

    it('a put with the reuse key of a living artifact answers that artifact (same id, same expiry)', async () => {
      const clock = createManualClock();
      const { stores } = await home.open(clock);
      const bytes = new Uint8Array([9, 8, 7]);
      const first = await stores.artifacts.putArtifact({
        bytes,
        mimeType: 'image/png',
        ttlMs: 60_000,
        reuseKey: 'team-a/shot',
      });
      clock.advance(1000);
      expect(
        await stores.artifacts.putArtifact({ bytes, mimeType: 'image/png', ttlMs: 60_000, reuseKey: 'team-a/shot' }),
      ).toEqual(first);
      // Another key, or no key, is another artifact.
      const other = await stores.artifacts.putArtifact({
        bytes,
        mimeType: 'image/png',
        ttlMs: 60_000,
        reuseKey: 'team-b/shot',
      });
      expect(other.id).not.toBe(first.id);
      expect((await stores.artifacts.putArtifact({ bytes, mimeType: 'image/png', ttlMs: 60_000 })).id).not.toBe(
        first.id,
      );
      // Once the first has expired, the key makes a new one.
      clock.advance(60_000);
      const later = await stores.artifacts.putArtifact({
        bytes,
        mimeType: 'image/png',
        ttlMs: 60_000,
        reuseKey: 'team-a/shot',
      });
      expect(later.id).not.toBe(first.id);
      expect((await stores.artifacts.getArtifact(later.id))!.bytes).toEqual(bytes);
    });

    it('deletes on request and sweeps expired bytes', async () => {
      const clock = createManualClock();
      const { stores } = await home.open(clock);
      const keep = await stores.artifacts.putArtifact({
        bytes: new Uint8Array([1]),
        mimeType: 'image/png',
        ttlMs: 10 * DAY,
      });
      const drop = await stores.artifacts.putArtifact({
        bytes: new Uint8Array([2]),
        mimeType: 'image/png',
        ttlMs: 1000,
      });
      const gone = await stores.artifacts.putArtifact({ bytes: new Uint8Array([3]), mimeType: 'image/png' });
      await stores.artifacts.deleteArtifact(gone.id);
      expect(await stores.artifacts.getArtifact(gone.id)).toBeNull();
      clock.advance(2000);
      const swept = await stores.sweep();
      if (home.name === 'embedded') expect(swept).toBeGreaterThanOrEqual(1);
      expect(await stores.artifacts.getArtifact(drop.id)).toBeNull();
      expect((await stores.artifacts.getArtifact(keep.id))!.bytes).toEqual(new Uint8Array([1]));
    });
  });

  it(
    home.name === 'embedded'
      ? 'survives a restart: close and reopen the same directory'
      : 'is shared: two store instances on one Redis see each other',
    async () => {
      const clock = createManualClock();
      const { stores: first, again } = await home.open(clock);
      const key = cacheKey('https://example.com/shared');
      const written = source(clock);
      await first.pages.write(key, written);
      await first.history.compareWithHistory({
        team: 't',
        url: 'https://example.com/shared',
        markdown: 'v1',
        statusCode: 200,
      });
      const artifact = await first.artifacts.putArtifact({ bytes: new Uint8Array([7, 7, 7]), mimeType: 'image/png' });
      if (home.name === 'embedded') await first.close();

      clock.advance(1000);
      const second = await again();
      expect((await second.pages.read(key, planCache({})))!.source.body).toEqual(written.body);
      expect(
        (
          await second.history.compareWithHistory({
            team: 't',
            url: 'https://example.com/shared',
            markdown: 'v2',
            statusCode: 200,
          })
        ).changeStatus,
      ).toBe('changed');
      expect((await second.artifacts.getArtifact(artifact.id))!.bytes).toEqual(new Uint8Array([7, 7, 7]));

      if (home.name === 'redis') {
        // Writes from the second instance are visible to the first at once.
        clock.advance(1000);
        const newer = source(clock);
        await second.pages.write(key, newer);
        expect((await first.pages.read(key, planCache({})))!.source.fetchedAt).toBe(newer.fetchedAt);
        expect(await first.history.entries('t', 'https://example.com/shared')).toHaveLength(2);
      }
    },
  );

  it('refuses to work once closed', async () => {
    const clock = createManualClock();
    const { stores } = await home.open(clock);
    await stores.close();
    await expect(stores.pages.read(cacheKey('https://example.com/'), planCache({}))).rejects.toThrow();
  });
});

describe('embedded specifics', () => {
  it('serves from LMDB when the LRU is too small to hold anything, and keeps artifact bytes as files', async () => {
    const clock = createManualClock();
    const { stores } = await embedded.open(clock, { lruMaxBytes: 1024 });
    const key = cacheKey('https://example.com/big');
    const body = new Uint8Array(100_000).fill(42);
    await stores.pages.write(key, source(clock, { body }));
    expect(Buffer.compare((await stores.pages.read(key, planCache({})))!.source.body, body)).toBe(0);
    const dataDir = tempDirs[tempDirs.length - 1];
    const { id } = await stores.artifacts.putArtifact({ bytes: new Uint8Array([1, 2]), mimeType: 'image/png' });
    expect(readdirSync(join(dataDir, 'artifacts'))).toEqual([id]);
  });
});

describe('createCacheStores', () => {
  it('rejects with a typed error, without the password, when Redis cannot be reached', async () => {
    const started = Date.now();
    const attempt = createCacheStores({ redisUrl: 'redis://:hunter2@127.0.0.1:1' });
    await expect(attempt).rejects.toMatchObject({ name: 'CacheError', kind: 'unavailable' });
    await expect(attempt).rejects.not.toThrow(/hunter2/);
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
