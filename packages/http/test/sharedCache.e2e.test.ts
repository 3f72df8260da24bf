// The page cache through the service: embedded by default, and shared through a real Redis (127.0.0.1:6379) by two
// server instances, so one instance answers cache-only requests from what the other fetched.
import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureSite, type FixtureSite } from './fixtureSite.js';
import { startService, type Service } from './startService.js';
import { dropRedisPrefix } from '@scrape/test-support';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PREFIX = `e2e-http-${randomUUID()}:`;

let site: FixtureSite;
let embedded: Service;
let a: Service;
let b: Service;

/** Fails with a clear message when the test Redis is missing, rather than a timeout deep inside the scraper. */
async function assertRedisReachable(url: string): Promise<void> {
  const { hostname, port } = new URL(url);
  await new Promise<void>((resolve, reject) => {
    const socket = connect(Number(port || 6379), hostname);
    socket.setTimeout(2000, () => socket.destroy(new Error('timeout')));
    socket.once('connect', () => (socket.end(), resolve()));
    socket.once('error', (err) =>
      reject(
        new Error(
          `Redis at ${url} is not reachable (${err.message}): start it (bash scripts/setup.sh test does) or set ` +
            `TEST_REDIS_URL`,
        ),
      ),
    );
  });
}

beforeAll(async () => {
  await assertRedisReachable(REDIS_URL);
  site = await startFixtureSite();
  embedded = await startService();
  a = await startService({ redisUrl: REDIS_URL, redisKeyPrefix: PREFIX });
  b = await startService({ redisUrl: REDIS_URL, redisKeyPrefix: PREFIX });
});
afterAll(async () => {
  await Promise.all([embedded?.close(), a?.close(), b?.close()]);
  await site?.close();
  // Leave nothing behind in the shared Redis (best effort: it may be unreachable when its half was skipped).
  await dropRedisPrefix(PREFIX, REDIS_URL).catch(() => undefined);
});

describe('page cache through the service', () => {
  it('embedded: a second scrape within maxAge is served from the cache without fetching', async () => {
    const url = site.url('/articles/tidal-energy?cache=embedded');
    const first = await embedded.scrape({ url });
    expect(first.status).toBe(200);
    const hits = site.hits('/articles/tidal-energy');
    const second = await embedded.scrape({ url });
    expect(second.status).toBe(200);
    expect(site.hits('/articles/tidal-energy')).toBe(hits);
    expect(second.body.data.markdown).toBe(first.body.data.markdown);
    const fresh = await embedded.scrape({ url, maxAge: 0 });
    expect(fresh.status).toBe(200);
    expect(site.hits('/articles/tidal-energy')).toBe(hits + 1);
  });

  it('Redis: what instance A fetched, instance B serves cache-only (minAge, lockdown)', async () => {
    const url = site.url('/articles/tidal-energy?cache=redis');
    const fetched = await a.scrape({ url, formats: ['markdown', 'links'] });
    expect(fetched.status).toBe(200);
    const hits = site.hits('/articles/tidal-energy');

    const viaB = await b.scrape({ url, formats: ['markdown', 'links'], minAge: 1 });
    expect(viaB.status).toBe(200);
    expect(viaB.body.data.markdown).toBe(fetched.body.data.markdown);
    expect(viaB.body.data.links).toEqual(fetched.body.data.links);
    const locked = await b.scrape({ url, lockdown: true });
    expect(locked.status).toBe(200);
    expect(site.hits('/articles/tidal-energy')).toBe(hits);
  });

  it('Redis: cache-only misses are the spec 404s', async () => {
    const url = site.url('/articles/tidal-energy?cache=never-fetched');
    const minAge = await b.scrape({ url, minAge: 1 });
    expect(minAge.status).toBe(404);
    expect(minAge.body).toMatchObject({ success: false, code: 'SCRAPE_NO_CACHED_DATA' });
    const lockdown = await b.scrape({ url, lockdown: true });
    expect(lockdown.status).toBe(404);
    expect(lockdown.body).toMatchObject({ success: false, code: 'SCRAPE_LOCKDOWN_CACHE_MISS' });
    expect(JSON.stringify(lockdown.body)).not.toContain('never-fetched');
  });
});
