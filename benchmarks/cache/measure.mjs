// Store throughput and LRU latency for @scrape/cache, shared by the full run (index.mjs) and the CI smoke (smoke.mjs).
// Imports the built package (run `pnpm --filter @scrape/cache build` first).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = fileURLToPath(new URL('../../packages/cache/dist/index.js', import.meta.url));
let cache;
try {
  // cacheKey is not part of the cache's public face: it comes from the internal entry.
  cache = { ...(await import(dist)), ...(await import(dist.replace(/index\.js$/, 'internal.js'))) };
} catch (error) {
  console.error(`@scrape/cache is not built (${dist}): run \`pnpm --filter @scrape/cache build\`.\n${error}`);
  process.exit(1);
}
export const { createCacheStores, cacheKey, planCache, isCacheError } = cache;

/** A typical fetched page: ~100 KB of HTML-like bytes (not all one byte, so nothing compresses it away). */
export const BODY_BYTES = 100 * 1024;
/** Writes kept in flight at once in the concurrent case: a busy server finishing many scrapes together. */
export const CONCURRENCY = 32;
/** Pages read repeatedly in the LRU case: 20 MB, well inside the default 64 MiB LRU. */
const HOT_SET = 200;

export function makeSource(i, fetchedAt) {
  const chunk = `<p>page ${i} lorem ipsum dolor sit amet ${Math.random().toString(36)}</p>\n`;
  const body = new TextEncoder().encode(chunk.repeat(Math.ceil(BODY_BYTES / chunk.length)).slice(0, BODY_BYTES));
  return {
    url: `https://bench.example/page/${i}`,
    finalUrl: `https://bench.example/page/${i}`,
    status: 200,
    headers: { 'content-type': 'text/html; charset=utf-8', 'content-length': String(body.byteLength), etag: `"${i}"` },
    contentType: 'text/html; charset=utf-8',
    body,
    engine: 'fetch',
    fetchedAt,
  };
}

async function timed(fn) {
  const started = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - started) / 1e9;
}

async function inBatches(items, size, fn) {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(fn));
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/**
 * Measures one home. `open(options)` opens a store (options merged in); `reopenCold` opens a second store on the same
 * data with the LRU effectively off (embedded) so reads hit LMDB itself. Returns rows for the table and a list of
 * correctness failures (bytes read back differ, or a read missed).
 */
export async function measureHome({ name, open, n, reads }) {
  const rows = [];
  const failures = [];
  const plan = planCache({});
  const stores = await open({});
  const now = stores.clock.now();
  const sources = Array.from({ length: n }, (_, i) => makeSource(i, now));
  const keys = sources.map((s) => cacheKey(s.url));

  const seqN = Math.max(1, Math.floor(n / 4));
  // The embedded page cache writes behind the answer: `flush()` waits for the commits, so these rows stay the store's
  // durable write rate (what a scrape no longer waits for).
  const seqSecs = await timed(async () => {
    for (let i = 0; i < seqN; i++) {
      await stores.pages.write(keys[i], sources[i]);
      await stores.pages.flush();
    }
  });
  rows.push({
    home: name,
    op: 'put, sequential (each awaited)',
    ops: seqN,
    perSec: seqN / seqSecs,
    mbPerSec: (seqN * BODY_BYTES) / seqSecs / 1e6,
  });

  const rest = keys.slice(seqN).map((k, j) => [k, sources[seqN + j]]);
  const conSecs = await timed(async () => {
    await inBatches(rest, CONCURRENCY, ([k, s]) => stores.pages.write(k, s));
    await stores.pages.flush();
  });
  rows.push({
    home: name,
    op: `put, ${CONCURRENCY} in flight`,
    ops: rest.length,
    perSec: rest.length / conSecs,
    mbPerSec: (rest.length * BODY_BYTES) / conSecs / 1e6,
  });

  const check = async (s, label) => {
    for (let i = 0; i < n; i += Math.max(1, Math.floor(n / 20))) {
      const hit = await s.pages.read(keys[i], plan);
      if (!hit || Buffer.compare(hit.source.body, sources[i].body) !== 0)
        failures.push(`${name} ${label}: key ${i} did not read back`);
    }
  };
  await check(stores, 'read-back');

  const readKeys = Array.from({ length: reads }, (_, i) => keys[i % n]);
  if (name === 'embedded') {
    // A second store on the same directory with a 1-byte LRU: every read goes to LMDB and decodes.
    const cold = await open({ lruMaxBytes: 1 });
    await check(cold, 'LMDB read-back');
    const coldSecs = await timed(() => inBatches(readKeys, CONCURRENCY, (k) => cold.pages.read(k, plan)));
    rows.push({
      home: name,
      op: 'get, LMDB (LRU off)',
      ops: reads,
      perSec: reads / coldSecs,
      mbPerSec: (reads * BODY_BYTES) / coldSecs / 1e6,
    });
    await cold.close();
  }
  // Redis: every key. Embedded: a hot set that fits the default 64 MiB LRU, so these are LRU hits.
  const hotKeys = name === 'embedded' ? readKeys.map((_, i) => keys[i % Math.min(n, HOT_SET)]) : readKeys;
  const getSecs = await timed(() => inBatches(hotKeys, CONCURRENCY, (k) => stores.pages.read(k, plan)));
  rows.push({
    home: name,
    op: name === 'embedded' ? `get, LRU hits (hot set of ${Math.min(n, HOT_SET)})` : 'get',
    ops: reads,
    perSec: reads / getSecs,
    mbPerSec: (reads * BODY_BYTES) / getSecs / 1e6,
  });

  // Latency of one hit on a hot key, awaited alone (what a cache-hit scrape pays for the cache step).
  const latencies = [];
  for (let i = 0; i < Math.min(reads, 2000); i++) {
    const started = process.hrtime.bigint();
    const hit = await stores.pages.read(keys[0], plan);
    latencies.push(Number(process.hrtime.bigint() - started) / 1e3);
    if (!hit) failures.push(`${name}: hot key missed`);
  }
  latencies.sort((a, b) => a - b);
  const latency = { home: name, p50us: percentile(latencies, 50), p99us: percentile(latencies, 99) };

  await stores.close();
  return { rows, latency, failures };
}

export function embeddedHome() {
  const dataDir = mkdtempSync(join(tmpdir(), 'scrape-cache-bench-'));
  return {
    name: 'embedded',
    open: ({ lruMaxBytes }) => createCacheStores({ dataDir, ...(lruMaxBytes ? { lruMaxBytes } : {}) }),
    cleanup: () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

export async function redisHome() {
  const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
  const keyPrefix = `bench:cache:${process.pid}:${Date.now()}:`;
  let first;
  try {
    first = await createCacheStores({ redisUrl, keyPrefix });
  } catch (error) {
    if (isCacheError(error) && error.kind === 'unavailable') {
      console.warn(`\n!!! Redis unreachable at ${redisUrl}: the Redis rows are SKIPPED (${error.message}).\n`);
      return null;
    }
    throw error;
  }
  await first.close();
  const { Redis } = await import(
    fileURLToPath(new URL('../../packages/cache/node_modules/ioredis/built/index.js', import.meta.url))
  );
  return {
    name: 'redis',
    open: () => createCacheStores({ redisUrl, keyPrefix }),
    async cleanup() {
      const client = new Redis(redisUrl);
      let cursor = '0';
      do {
        const [next, keys] = await client.scan(cursor, 'MATCH', `${keyPrefix}*`, 'COUNT', 1000);
        if (keys.length) await client.del(...keys);
        cursor = next;
      } while (cursor !== '0');
      client.disconnect();
    },
  };
}

export function printTable(rows, latencies) {
  console.log(`\n| home | operation (${BODY_BYTES / 1024} KB Sources) | ops | ops/s | MB/s |`);
  console.log('|---|---|---:|---:|---:|');
  for (const r of rows)
    console.log(
      `| ${r.home} | ${r.op} | ${r.ops} | ${Math.round(r.perSec).toLocaleString('en-US')} | ${r.mbPerSec.toFixed(0)} |`,
    );
  console.log('\n| home | single hit on a hot key | p50 µs | p99 µs |');
  console.log('|---|---|---:|---:|');
  for (const l of latencies)
    console.log(
      `| ${l.home} | ${l.home === 'embedded' ? 'LRU hit' : 'Redis GET'} | ${l.p50us.toFixed(1)} | ${l.p99us.toFixed(1)} |`,
    );
}

export async function measureAll({ n, reads }) {
  const homes = [embeddedHome()];
  const redis = await redisHome();
  if (redis) homes.push(redis);
  const rows = [];
  const latencies = [];
  const failures = [];
  for (const home of homes) {
    try {
      const result = await measureHome({ ...home, n, reads });
      rows.push(...result.rows);
      latencies.push(result.latency);
      failures.push(...result.failures);
    } finally {
      await home.cleanup();
    }
  }
  return { rows, latencies, failures, homes: homes.map((h) => h.name) };
}
