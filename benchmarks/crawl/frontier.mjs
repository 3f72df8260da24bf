// Frontier memory: 100,000 URLs into one job's frontier (seen set + queue) on the embedded home, measured as heap
// and RSS growth of this process and the LMDB file; on Redis (when reachable) as Redis' own memory growth.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createJobStore } from '@scrape/jobs';

export async function measureFrontier(count, redisUrl) {
  const rows = [];
  const urls = (from, to) =>
    Array.from({ length: to - from }, (_, i) => ({
      key: `//bench.example/section-${(from + i) % 97}/page-${from + i}`,
      payload: { url: `https://bench.example/section-${(from + i) % 97}/page-${from + i}`, depth: 2 },
    }));

  const dataDir = mkdtempSync(join(tmpdir(), 'bench-frontier-'));
  const store = await createJobStore({ dataDir });
  global.gc?.();
  const heap0 = process.memoryUsage().heapUsed;
  const rss0 = process.memoryUsage().rss;
  const started = performance.now();
  // A job with no item completes at once, so the first batch comes with it.
  const job = await store.createJob({
    kind: 'bench',
    team: 'bench',
    params: {},
    maxItems: count,
    items: urls(0, Math.min(count, 1000)),
  });
  for (let i = 1000; i < count; i += 1000) await store.enqueue(job.id, urls(i, Math.min(count, i + 1000)));
  const seconds = (performance.now() - started) / 1000;
  global.gc?.();
  const total = (await store.getJob(job.id)).total;
  rows.push({
    home: 'embedded (LMDB)',
    urls: total,
    urlsPerSec: Math.round(total / seconds),
    heapGrowthMb: (process.memoryUsage().heapUsed - heap0) / 2 ** 20,
    rssGrowthMb: (process.memoryUsage().rss - rss0) / 2 ** 20,
    storeMb: statSync(join(dataDir, 'jobs.lmdb')).size / 2 ** 20,
  });
  await store.close();
  rmSync(dataDir, { recursive: true, force: true });

  if (redisUrl) {
    const { Redis } = await import('ioredis');
    const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    redis.on('error', () => {});
    const reachable = await redis.connect().then(
      () => true,
      () => false,
    );
    if (reachable) {
      const prefix = `bench:frontier:${process.pid}:${Date.now()}:`;
      const used = async () => Number(/used_memory:(\d+)/.exec(await redis.info('memory'))[1]);
      const store2 = await createJobStore({ redisUrl, redisKeyPrefix: prefix });
      const before = await used();
      const t0 = performance.now();
      const job2 = await store2.createJob({
        kind: 'bench',
        team: 'bench',
        params: {},
        maxItems: count,
        items: urls(0, Math.min(count, 1000)),
      });
      for (let i = 1000; i < count; i += 1000) await store2.enqueue(job2.id, urls(i, Math.min(count, i + 1000)));
      const secs = (performance.now() - t0) / 1000;
      const total2 = (await store2.getJob(job2.id)).total;
      rows.push({
        home: 'redis (BullMQ)',
        urls: total2,
        urlsPerSec: Math.round(total2 / secs),
        redisGrowthMb: ((await used()) - before) / 2 ** 20,
      });
      await store2.close();
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
        cursor = next;
        if (keys.length) await redis.del(...keys);
      } while (cursor !== '0');
    }
    redis.disconnect();
  }
  return rows;
}
