import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScraper, type Scraper } from './createScraper.js';
import { ScrapeError } from './errors.js';
import type { Source } from './source.js';
import type { SourceCache, SourceCacheHit } from './sourceCache.js';
import { rejectionOf } from '@scrape/test-support';

let hits = 0;
let base = '';
let server: http.Server;
let scraper: Scraper;

const failure = (promise: Promise<unknown>) => rejectionOf(promise, ScrapeError);

beforeAll(async () => {
  server = http.createServer((req, res) => {
    hits++;
    res.writeHead(req.url === '/gone' ? 500 : 200, { 'content-type': 'text/plain' });
    res.end(`body of ${req.url} #${hits}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // No stores: this file tests the pipeline's 501s and the cache seam; the default stores are tested in
  // steps/*.test.ts.
  // No browser either: the browser-only options then answer 501 (the browser engine has its own tests).
  scraper = createScraper({ allowPrivateUrls: true, cache: false, engines: { browser: false }, proxies: {} });
});

afterAll(async () => {
  await scraper.close();
  await new Promise((r) => server.close(r));
});

describe('options this build cannot serve answer 501 naming the option, before any fetch', () => {
  it.each([
    [{ formats: ['screenshot'] }, 'formats.screenshot'],
    [{ formats: [{ type: 'screenshot', fullPage: true }] }, 'formats.screenshot'],
    [{ actions: [{ type: 'wait', milliseconds: 10 }] }, 'actions'],
    [{ waitFor: 100 }, 'waitFor'],
    [{ mobile: true }, 'mobile'],
    [{ profile: { name: 'p' } }, 'profile'],
    [{ minAge: 1 }, 'minAge'],
    [{ lockdown: true }, 'lockdown'],
    [{ threatProtection: { mode: 'normal' } }, 'threatProtection'],
    [{ formats: ['markdown', 'changeTracking'] }, 'formats.changeTracking'],
    [{ formats: ['branding'] }, 'formats.branding'],
  ])('%j → 501 %s', async (extra, option) => {
    const before = hits;
    const error = await failure(scraper.scrape({ url: `${base}/page`, ...extra }));
    expect(error.status).toBe(501);
    expect(error.code).toBe('SCRAPE_UNSUPPORTED_OPTION');
    expect(error.details).toEqual({ option });
    expect(error.error).toContain(option);
    expect(hits).toBe(before);
  });

  it.each([
    [{ onlyCleanContent: true }, 'onlyCleanContent'],
    [{ formats: ['summary'] }, 'formats.summary'],
    [{ formats: [{ type: 'json', prompt: 'price' }] }, 'formats.json'],
    [{ formats: [{ type: 'question', question: 'who?' }] }, 'formats.question'],
    [{ formats: [{ type: 'highlights', query: 'x' }] }, 'formats.highlights'],
  ])('%j without an LLM server → 400 naming SCRAPE_LLM_BASE_URL and %s, before any fetch', async (extra, option) => {
    const before = hits;
    const unconfigured = createScraper({
      allowPrivateUrls: true,
      cache: false,
      engines: { browser: false },
      proxies: {},
      llm: false,
    });
    try {
      const error = await failure(unconfigured.scrape({ url: `${base}/page`, ...extra }));
      expect(error).toMatchObject({ status: 400, code: 'SCRAPE_LLM_NOT_CONFIGURED' });
      expect(error.error).toContain('SCRAPE_LLM_BASE_URL');
      expect(error.error).toContain(option);
      expect(hits).toBe(before);
    } finally {
      await unconfigured.close();
    }
  });

  it('proxy enhanced without SCRAPE_PROXY_ENHANCED is a 400 naming the setting, before any fetch', async () => {
    const before = hits;
    const error = await failure(scraper.scrape({ url: `${base}/page`, proxy: 'enhanced' }));
    expect(error.status).toBe(400);
    expect(error.error).toContain('SCRAPE_PROXY_ENHANCED');
    expect(hits).toBe(before);
  });

  it('options that need nothing missing are served: proxy basic/auto, location, blockAds, storeInCache, maxAge, zeroDataRetention', async () => {
    const doc = await scraper.scrape({
      url: `${base}/fine`,
      proxy: 'basic',
      location: { country: 'FR' },
      blockAds: false,
      storeInCache: true,
      maxAge: 1000,
      zeroDataRetention: true,
      threatProtection: { mode: 'off' },
      auditMetadata: { username: 'me' },
    });
    expect(doc.metadata).toMatchObject({ statusCode: 200, cacheState: 'miss' });
  });

  it('validation comes before capability: an invalid request is a 400 even when it also asks for a browser', async () => {
    expect((await failure(scraper.scrape({ url: `${base}/`, mobile: 'yes' }))).status).toBe(400);
  });
});

describe('documents carry only the requested formats', () => {
  it('formats: [] gives metadata only', async () => {
    const doc = await scraper.scrape({ url: `${base}/meta-only`, formats: [] });
    expect(Object.keys(doc)).toEqual(['metadata']);
  });

  it('markdown by default', async () => {
    const doc = await scraper.scrape({ url: `${base}/default` });
    expect(Object.keys(doc).sort()).toEqual(['markdown', 'metadata']);
  });
});

/** A real in-memory implementation of the cache seam (what @scrape/cache's PageCache provides for real). */
function memoryCache(now = () => Date.now()): SourceCache & { writes: number } {
  const store = new Map<string, Source[]>();
  return {
    writes: 0,
    async read(key, window): Promise<SourceCacheHit | null> {
      for (const source of store.get(key) ?? []) {
        const ageMs = now() - source.fetchedAt;
        if (window.maxAgeMs !== null && ageMs > window.maxAgeMs) continue;
        if (ageMs < window.minAgeMs) continue;
        return { source, ageMs, cachedAt: new Date(source.fetchedAt).toISOString() };
      }
      return null;
    },
    async write(key, source) {
      this.writes++;
      store.set(key, [source, ...(store.get(key) ?? [])]);
    },
  };
}

describe('with a cache injected', () => {
  it('a second scrape within maxAge is a hit served from the stored Source; maxAge 0 fetches fresh', async () => {
    const cache = memoryCache();
    const cached = createScraper({ allowPrivateUrls: true, cache });
    try {
      const before = hits;
      const first = await cached.scrape({ url: `${base}/cached` });
      const second = await cached.scrape({ url: `${base}/cached`, formats: ['markdown', 'rawBase64'] });
      expect(hits).toBe(before + 1);
      expect(first.metadata.cacheState).toBe('miss');
      expect(second.metadata.cacheState).toBe('hit');
      expect(second.metadata.cachedAt).toEqual(expect.any(String));
      expect(second.markdown).toBe(first.markdown);
      expect(second.metadata.scrapeId).not.toBe(first.metadata.scrapeId);
      const fresh = await cached.scrape({ url: `${base}/cached`, maxAge: 0 });
      expect(fresh.metadata.cacheState).toBe('miss');
      expect(hits).toBe(before + 2);
    } finally {
      await cached.close();
    }
  });

  it('nothing is stored for storeInCache false, zeroDataRetention, custom headers, or a 500 page', async () => {
    const cache = memoryCache();
    const cached = createScraper({ allowPrivateUrls: true, cache });
    try {
      await cached.scrape({ url: `${base}/a`, storeInCache: false });
      await cached.scrape({ url: `${base}/b`, zeroDataRetention: true });
      await cached.scrape({ url: `${base}/c`, headers: { cookie: 'x=y' } });
      await cached.scrape({ url: `${base}/gone` });
      expect(cache.writes).toBe(0);
      await cached.scrape({ url: `${base}/d` });
      expect(cache.writes).toBe(1);
    } finally {
      await cached.close();
    }
  });

  it('the write is told the answer: still pending while the scrape runs, settled once it has returned', async () => {
    const cache = memoryCache();
    let after: PromiseLike<unknown> | undefined;
    let settledBeforeAnswer = false;
    const write = cache.write.bind(cache);
    cache.write = async (key, source, options) => {
      after = options?.after;
      void after?.then(() => (settledBeforeAnswer = !answered));
      await write(key, source);
    };
    let answered = false;
    const cached = createScraper({ allowPrivateUrls: true, cache });
    try {
      await cached.scrape({ url: `${base}/answered` });
      answered = true;
      expect(after).toBeDefined();
      await after;
      expect(settledBeforeAnswer).toBe(false);
    } finally {
      await cached.close();
    }
  });

  it('minAge and lockdown read the cache only: a miss is the spec 404, a hit never fetches', async () => {
    let clock = Date.now();
    const cache = memoryCache(() => clock);
    const cached = createScraper({ allowPrivateUrls: true, cache });
    try {
      const before = hits;
      expect(await failure(cached.scrape({ url: `${base}/only`, minAge: 1 }))).toMatchObject({
        status: 404,
        code: 'SCRAPE_NO_CACHED_DATA',
      });
      const miss = await failure(cached.scrape({ url: `${base}/only`, lockdown: true }));
      expect(miss).toMatchObject({ status: 404, code: 'SCRAPE_LOCKDOWN_CACHE_MISS' });
      expect(miss.error).not.toContain(base); // the URL is not echoed on a lockdown miss
      expect(hits).toBe(before);
      await cached.scrape({ url: `${base}/only` });
      clock += 10_000;
      expect((await cached.scrape({ url: `${base}/only`, minAge: 5_000 })).metadata.cacheState).toBe('hit');
      expect(await failure(cached.scrape({ url: `${base}/only`, minAge: 60_000 }))).toMatchObject({
        code: 'SCRAPE_NO_CACHED_DATA',
      });
      expect((await cached.scrape({ url: `${base}/only`, lockdown: true })).metadata.cacheState).toBe('hit');
      expect(hits).toBe(before + 1);
    } finally {
      await cached.close();
    }
  });
});
