// Two scrape-server processes on two ports against one Redis, hammered together: balances, rate windows and
// concurrency slots are shared, so the limits hold exactly across processes. Also two processes on one embedded
// (LMDB) data dir for the credits.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureSite, type FixtureSite } from './fixtureSite.js';
import { admin, createKey, postScrape, startServerProcess, type ServerProcess } from './serverProcesses.js';
import { dropRedisPrefix } from '@scrape/test-support';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PREFIX = `test:mp:${randomUUID()}:`;

let site: FixtureSite;
let servers: ServerProcess[] = [];
const storeEnv = { REDIS_URL, SCRAPE_ACCOUNTS_KEY_PREFIX: PREFIX };

beforeAll(async () => {
  site = await startFixtureSite();
  const env = { ...storeEnv, SCRAPE_ALLOW_PRIVATE_URLS: '1', LOG_LEVEL: 'info' };
  servers = await Promise.all([startServerProcess(env), startServerProcess(env)]);
}, 60_000);
afterAll(async () => {
  const codes = await Promise.all(servers.map((s) => s.stop()));
  await site?.close();
  await dropRedisPrefix(PREFIX, REDIS_URL);
  expect(codes).toEqual([0, 0]);
});

/** n requests at once, alternating between the two processes. */
function hammer(n: number, key: string, body: (i: number) => unknown) {
  return Promise.all(Array.from({ length: n }, (_, i) => postScrape(servers[i % 2].baseUrl, key, body(i))));
}
const count = (rs: { status: number }[], status: number) => rs.filter((r) => r.status === status).length;

describe('two processes, one Redis', () => {
  it('100 parallel requests over both against a balance of 10: exactly 10 succeed, the balance ends at 0', async () => {
    const { key } = await createKey(storeEnv, 'mp-credits', { credits: 10 });
    const results = await hammer(100, key, () => ({ url: site.url('/notes.txt') }));
    expect([count(results, 200), count(results, 402)]).toEqual([10, 90]);
    expect((await admin(storeEnv, 'credits', 'show', 'mp-credits')).balance).toBe(0);
  });

  it('a rate of 20 per minute holds in total across both processes', async () => {
    const { key } = await createKey(storeEnv, 'mp-rate', { credits: 1000, rate: '20' });
    const results = await hammer(60, key, () => ({ url: site.url('/notes.txt') }));
    expect([count(results, 200), count(results, 429)]).toEqual([20, 40]);
    const limited = results.find((r) => r.status === 429)!;
    expect(limited.body).toEqual({ success: false, error: 'Rate limit exceeded', code: 'RATE_LIMIT_EXCEEDED' });
    expect(Number(limited.headers?.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((await admin(storeEnv, 'credits', 'show', 'mp-rate')).balance).toBe(980);
  });

  it('a concurrency of 2 (no queue) holds in total: of 6 slow scrapes at once, exactly 2 run', async () => {
    const { key } = await createKey(storeEnv, 'mp-conc', { credits: 100, concurrency: '2', queue: 0 });
    const results = await hammer(6, key, (i) => ({
      url: site.url(`/articles/slow-tide?ms=1000&i=${i}`),
      timeout: 10_000,
    }));
    expect([count(results, 200), count(results, 429)]).toEqual([2, 4]);
    expect(results.find((r) => r.status === 429)!.body).toEqual({
      success: false,
      error: 'Concurrency limit reached',
      code: 'CONCURRENCY_LIMIT_REACHED',
    });
    // Slots were released: the next two run.
    const again = await hammer(2, key, (i) => ({ url: site.url(`/notes.txt?again=${i}`) }));
    expect(count(again, 200)).toBe(2);
  });

  it('a queue shared by both: queued requests on either process wait for the slot and are marked', async () => {
    const { key } = await createKey(storeEnv, 'mp-queue', { credits: 100, concurrency: '1', queue: 10 });
    const results = await hammer(4, key, (i) => ({
      url: site.url(`/articles/slow-tide?ms=300&q=${i}`),
      timeout: 10_000,
    }));
    expect(count(results, 200)).toBe(4);
    const queued = results.filter((r) => r.body.data.metadata.concurrencyLimited === true);
    expect(queued).toHaveLength(3);
    const waits = queued.map((r) => r.body.data.metadata.concurrencyQueueDurationMs as number).sort((a, b) => a - b);
    // One slot: each queued scrape waited for the ones before it (about 300 ms each).
    expect(waits[2]).toBeGreaterThanOrEqual(800);
  });
});

describe('two processes, one embedded data dir (LMDB)', () => {
  it('100 parallel requests over both against a balance of 10: exactly 10 succeed', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'scrape-mp-embedded-'));
    const env = { SCRAPE_DATA_DIR: dataDir };
    const { key } = await createKey(env, 'emb', { credits: 10 });
    const pair = await Promise.all(
      [0, 1].map(() => startServerProcess({ ...env, SCRAPE_ALLOW_PRIVATE_URLS: '1', LOG_LEVEL: 'info' })),
    );
    try {
      const results = await Promise.all(
        Array.from({ length: 100 }, (_, i) => postScrape(pair[i % 2].baseUrl, key, { url: site.url('/notes.txt') })),
      );
      expect([count(results, 200), count(results, 402)]).toEqual([10, 90]);
    } finally {
      expect(await Promise.all(pair.map((s) => s.stop()))).toEqual([0, 0]);
    }
    expect((await admin(env, 'credits', 'show', 'emb')).balance).toBe(0);
    rmSync(dataDir, { recursive: true, force: true });
  });
});
