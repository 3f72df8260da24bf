// The page cache and change history through the real HTTP service: hit/miss metadata, cache-only modes that never
// reach the target, restart survival (embedded) and sharing between two servers (Redis), change tracking.
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScraper } from '@scrape/scraper';
import { redisCommand as redisAt } from '@scrape/test-support';
import { startService, type Service } from './startService.js';

const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const RUN_PREFIX = `test:http-cache:${process.pid}:${Date.now()}:`;
const redisCommand = (args: string[]) => redisAt(args, REDIS_URL);

const withRedis = await redisCommand(['PING']).then(
  (r) => r.startsWith('+PONG'),
  () => false,
);
if (!withRedis) {
  console.warn(
    `\n${'!'.repeat(100)}\n!!! Redis is unreachable at ${REDIS_URL}: the cache SHARING e2e test is ` +
      `SKIPPED.\n${'!'.repeat(100)}\n`,
  );
}

/** A target site whose pages the tests change, counting every request it receives. */
interface Target {
  url(path: string): string;
  hits(path: string): number;
  total(): number;
  set(path: string, body: string, status?: number): void;
  close(): Promise<void>;
}

async function startTarget(): Promise<Target> {
  const pages = new Map<string, { body: string; status: number }>();
  const counts = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const path = req.url ?? '/';
    counts.set(path, (counts.get(path) ?? 0) + 1);
    const page = pages.get(path) ?? { status: 404, body: '<html><body><h1>Not here</h1></body></html>' };
    res.writeHead(page.status, { 'content-type': 'text/html; charset=utf-8' });
    res.end(page.body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: (path) => base + path,
    hits: (path) => counts.get(path) ?? 0,
    total: () => [...counts.values()].reduce((a, b) => a + b, 0),
    set: (path, body, status = 200) => void pages.set(path, { body, status }),
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((r) => server.close(() => r()));
    },
  };
}

const page = (title: string, text: string) =>
  `<!doctype html><html><head><title>${title}</title></head><body><main><article><h1>${title}</h1><p>${text} This ` +
  `sentence makes the paragraph long enough to be content.</p></article></main></body></html>`;

/** A pino logger whose lines the test can read, to check what the service logs. */
function capturedLogger(): { logger: ReturnType<typeof pino>; text: () => string } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { logger: pino({ level: 'debug' }, stream), text: () => lines.join('') };
}

let target: Target;
let n = 0;
const unique = (name: string) => `/${name}-${++n}`;

beforeAll(async () => {
  target = await startTarget();
});
afterAll(() => target.close());

describe('page cache through the service (embedded home)', () => {
  let svc: Service;
  let logs: ReturnType<typeof capturedLogger>;
  beforeAll(async () => {
    logs = capturedLogger();
    svc = await startService({ logger: logs.logger });
  });
  afterAll(() => svc.close());

  it('a second scrape is a hit with cachedAt; the target saw one request', async () => {
    const path = unique('news');
    target.set(path, page('Harbour news', 'The harbour reopened.'));
    const first = await svc.scrape({ url: target.url(path) });
    expect(first.status).toBe(200);
    expect(first.body.data.metadata.cacheState).toBe('miss');
    expect(first.body.data.metadata.cachedAt).toBeUndefined();
    const second = await svc.scrape({ url: target.url(path), formats: ['markdown', 'rawHtml'] });
    expect(second.body.data.metadata).toMatchObject({
      cacheState: 'hit',
      cachedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(second.body.data.markdown).toBe(first.body.data.markdown);
    expect(second.body.data.rawHtml).toContain('The harbour reopened.');
    expect(target.hits(path)).toBe(1);
    const fresh = await svc.scrape({ url: target.url(path), maxAge: 0 });
    expect(fresh.body.data.metadata.cacheState).toBe('miss');
    expect(target.hits(path)).toBe(2);
  });

  it('lockdown on a miss: 404 SCRAPE_LOCKDOWN_CACHE_MISS, ZERO requests to the target, and the URL is not logged', async () => {
    const path = unique('secret-lockdown-page');
    target.set(path, page('Secret', 'Never fetched.'));
    const before = target.total();
    const res = await svc.scrape({ url: target.url(path), lockdown: true });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, code: 'SCRAPE_LOCKDOWN_CACHE_MISS' });
    expect(res.body.error).toMatch(/without lockdown/);
    expect(JSON.stringify(res.body)).not.toContain(path);
    expect(target.total()).toBe(before);
    expect(logs.text()).toContain('"msg":"scrape"'); // the capture works: the request's log line is there
    expect(logs.text()).not.toContain(path);
    // A hit under lockdown, once an ordinary scrape stored the page, still makes no request.
    await svc.scrape({ url: target.url(path) });
    const hits = target.total();
    const locked = await svc.scrape({ url: target.url(path), lockdown: true });
    expect(locked.status).toBe(200);
    expect(locked.body.data.metadata.cacheState).toBe('hit');
    expect(target.total()).toBe(hits);
  });

  it('minAge with nothing cached: 404 SCRAPE_NO_CACHED_DATA and no request', async () => {
    const path = unique('min-age');
    target.set(path, page('Min age', 'Only from the cache.'));
    const res = await svc.scrape({ url: target.url(path), minAge: 1 });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, code: 'SCRAPE_NO_CACHED_DATA' });
    expect(res.body.error).toMatch(/minAge/);
    expect(target.hits(path)).toBe(0);
    await svc.scrape({ url: target.url(path) });
    const hit = await svc.scrape({ url: target.url(path), minAge: 1 });
    expect(hit.body.data.metadata.cacheState).toBe('hit');
    expect(target.hits(path)).toBe(1);
  });

  it('zeroDataRetention: nothing stored and the URL is not logged', async () => {
    const path = unique('zdr-private-page');
    target.set(path, page('Private', 'Keep nothing.'));
    const res = await svc.scrape({ url: target.url(path), zeroDataRetention: true });
    expect(res.status).toBe(200);
    expect((await svc.scrape({ url: target.url(path), minAge: 1 })).body.code).toBe('SCRAPE_NO_CACHED_DATA');
    expect(logs.text()).not.toContain(path);
  });

  it('changeTracking: new → same → changed with a git diff', async () => {
    const path = unique('tides');
    const body = () => ({
      url: target.url(path),
      maxAge: 0,
      formats: ['markdown', { type: 'changeTracking', modes: ['git-diff'] }],
    });
    target.set(path, page('Tides', 'High tide is at 06:10.'));
    const first = await svc.scrape(body());
    expect(first.body.data.changeTracking).toMatchObject({
      changeStatus: 'new',
      previousScrapeAt: null,
      visibility: 'visible',
    });
    const second = await svc.scrape(body());
    expect(second.body.data.changeTracking).toMatchObject({
      changeStatus: 'same',
      previousScrapeAt: expect.any(String),
    });
    target.set(path, page('Tides', 'High tide is at 06:40.'));
    const third = await svc.scrape(body());
    expect(third.body.data.changeTracking.changeStatus).toBe('changed');
    expect(third.body.data.changeTracking.diff).toMatch(/^-High tide is at 06:10\./m);
    expect(third.body.data.changeTracking.diff).toMatch(/^\+High tide is at 06:40\./m);
    const noMarkdown = await svc.scrape({ url: target.url(path), formats: ['changeTracking'] });
    expect(noMarkdown.status).toBe(400);
    expect(noMarkdown.body.error).toBe("The 'changeTracking' format requires the 'markdown' format");
  });
});

describe('restart: cache and history survive on the same data dir (embedded)', () => {
  it('a page cached by one server instance is a hit on the next one; its history continues', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'scrape-e2e-restart-'));
    const path = unique('survivor');
    target.set(path, page('Survivor', 'Still here after a restart.'));
    const tracked = { url: target.url(path), formats: ['markdown', { type: 'changeTracking' }] };
    try {
      const first = await startService({ dataDir });
      try {
        expect((await first.scrape(tracked)).body.data.changeTracking.changeStatus).toBe('new');
      } finally {
        await first.close();
      }
      const second = await startService({ dataDir });
      try {
        const again = await second.scrape({ url: target.url(path) });
        expect(again.body.data.metadata.cacheState).toBe('hit');
        expect(target.hits(path)).toBe(1);
        const next = await second.scrape({ ...tracked, maxAge: 0 });
        expect(next.body.data.changeTracking).toMatchObject({
          changeStatus: 'same',
          previousScrapeAt: expect.any(String),
        });
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe.runIf(withRedis)('sharing: two servers on one Redis', () => {
  it('a page cached by one server is a hit on the other, and they share change history', async () => {
    const prefix = `${RUN_PREFIX}shared:`;
    const scraperA = createScraper({ allowPrivateUrls: true, redisUrl: REDIS_URL, redisKeyPrefix: prefix });
    const scraperB = createScraper({ allowPrivateUrls: true, redisUrl: REDIS_URL, redisKeyPrefix: prefix });
    await Promise.all([scraperA.ready(), scraperB.ready()]);
    const a = await startService({ scraper: scraperA });
    const b = await startService({ scraper: scraperB });
    const path = unique('shared');
    target.set(path, page('Shared', 'One fetch for two servers.'));
    try {
      const onA = await a.scrape({ url: target.url(path), formats: ['markdown', { type: 'changeTracking' }] });
      expect(onA.body.data.metadata.cacheState).toBe('miss');
      expect(onA.body.data.changeTracking.changeStatus).toBe('new');
      const onB = await b.scrape({ url: target.url(path) });
      expect(onB.body.data.metadata.cacheState).toBe('hit');
      expect(onB.body.data.markdown).toBe(onA.body.data.markdown);
      expect(target.hits(path)).toBe(1);
      const lockedOnB = await b.scrape({ url: target.url(path), lockdown: true });
      expect(lockedOnB.body.data.metadata.cacheState).toBe('hit');
      const trackedOnB = await b.scrape({
        url: target.url(path),
        maxAge: 0,
        formats: ['markdown', { type: 'changeTracking' }],
      });
      expect(trackedOnB.body.data.changeTracking).toMatchObject({
        changeStatus: 'same',
        previousScrapeAt: expect.any(String),
      });
      expect(target.hits(path)).toBe(2);
    } finally {
      await a.close();
      await b.close();
      await scraperA.close();
      await scraperB.close();
      const script =
        "local n=0 for _,k in ipairs(redis.call('KEYS', ARGV[1])) do redis.call('DEL', k) n=n+1 end return n";
      await redisCommand(['EVAL', script, '0', `${prefix}*`]);
    }
  });
});
