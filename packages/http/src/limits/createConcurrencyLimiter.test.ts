import { randomUUID } from 'node:crypto';
import { waitFor } from '@scrape/test-support';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createConcurrencyLimiter, type ConcurrencyLimiter } from './createConcurrencyLimiter.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const clients: Redis[] = [];
afterAll(async () => {
  for (const c of clients) await c.quit().catch(() => c.disconnect());
});

const kinds: [string, () => ConcurrencyLimiter][] = [
  ['memory', () => createConcurrencyLimiter()],
  [
    'Redis',
    () => {
      const redis = new Redis(REDIS_URL);
      clients.push(redis);
      return createConcurrencyLimiter({ redis, keyPrefix: `test:conc:${randomUUID()}:` });
    },
  ],
];

const status = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e) => `${e.status} ${e.error}`,
  );

describe.each(kinds)('concurrency limiter: %s', (_name, make) => {
  it('limit 2, queue 2: two run, two wait (and get a slot when one frees), the fifth is refused', async () => {
    const limiter = make();
    // A long wait: on a busy machine the queued requests must not give up before the test releases a slot.
    const opts = { limit: 2, queueLimit: 2, waitMs: 20_000 };
    const a = await limiter.acquire('t', opts);
    const b = await limiter.acquire('t', opts);
    expect([a.queuedMs, b.queuedMs]).toEqual([null, null]);
    const c = limiter.acquire('t', opts);
    const d = limiter.acquire('t', opts);
    // Both are in the queue (on Redis that takes a round trip each; a fixed pause was too short under load).
    await waitFor(async () => (await limiter.activity?.('t'))?.waiting === 2, 'two queued requests');
    expect(await status(limiter.acquire('t', opts))).toBe('429 Concurrency limit reached');
    // Another account is not affected.
    await (await limiter.acquire('other', opts)).release();
    await new Promise((r) => setTimeout(r, 100));
    await a.release();
    const cSlot = await c;
    expect(cSlot.queuedMs).toBeGreaterThanOrEqual(100);
    await b.release();
    const dSlot = await d;
    expect(dSlot.queuedMs).not.toBeNull();
    await cSlot.release();
    await dSlot.release();
    // Everything released: a new request runs at once.
    const e = await limiter.acquire('t', opts);
    expect(e.queuedMs).toBeNull();
    await e.release();
  });

  it('a wait past waitMs is refused with 429; an aborted wait leaves the queue', async () => {
    const limiter = make();
    const held = await limiter.acquire('w', { limit: 1, queueLimit: 1, waitMs: 5_000 });
    const started = Date.now();
    expect(await status(limiter.acquire('w', { limit: 1, queueLimit: 1, waitMs: 300 }))).toBe(
      '429 Concurrency limit reached',
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    const controller = new AbortController();
    const waiting = limiter.acquire('w', { limit: 1, queueLimit: 1, waitMs: 5_000, signal: controller.signal });
    await new Promise((r) => setTimeout(r, 50));
    controller.abort(new Error('client left'));
    await expect(waiting).rejects.toThrow('client left');
    // The queue place was given back: another request can wait and gets the slot.
    const next = limiter.acquire('w', { limit: 1, queueLimit: 1, waitMs: 5_000 });
    await held.release();
    await (await next).release();
  });
});

describe('concurrency limiter: Redis away when a slot is released', () => {
  it('the release lands once Redis is back, not only when the lease runs out', async () => {
    // As the service connects: commands fail at once while Redis is away instead of waiting in a queue.
    const redis = new Redis(REDIS_URL, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    redis.on('error', () => {});
    await redis.connect();
    clients.push(redis);
    const limiter = createConcurrencyLimiter({ redis, keyPrefix: `test:conc:${randomUUID()}:` });
    // A long scrape timeout: its slot's lease (timeout + a minute) is far beyond the wait below.
    const opts = { limit: 1, queueLimit: 1, waitMs: 120_000 };
    const slot = await limiter.acquire('away', opts);
    redis.disconnect();
    await slot.release(); // fails underneath: the connection is gone
    await waitFor(() => redis.status === 'end', 'the connection closed');
    await redis.connect();
    await waitFor(async () => (await limiter.activity?.('away'))?.active === 0, 'the slot freed', 20_000);
    const next = await limiter.acquire('away', opts);
    expect(next.queuedMs).toBeNull();
    await next.release();
  });
});
