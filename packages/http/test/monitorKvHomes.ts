// The monitor store's two homes for unit tests: LMDB in a temp dir, and Redis under a per-run key prefix reached from
// two connections (as two processes hold it); `drop` removes what the run left in both.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dropRedisPrefix } from '@scrape/test-support';
import { createEmbeddedMonitorKv, createRedisMonitorKv, type MonitorKv } from '../src/monitor/monitorKv.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** The homes of one suite; `tag` names its temp dir and key prefix. */
export function monitorKvHomes(tag: string) {
  const dir = mkdtempSync(join(tmpdir(), `${tag}-`));
  const prefix = `test:${tag}:${randomUUID()}:`;
  return {
    /** Runs `body` on the embedded home (one kv), closed afterwards. */
    async withEmbeddedKv(body: (kvs: MonitorKv[]) => Promise<void>): Promise<void> {
      const kv = createEmbeddedMonitorKv(dir);
      try {
        await body([kv]);
      } finally {
        await kv.close();
      }
    },
    /** Runs `body` on two Redis connections of one prefix, closed afterwards. */
    async withTwoRedisKvs(body: (kvs: MonitorKv[]) => Promise<void>): Promise<void> {
      const kvs = [await createRedisMonitorKv(REDIS_URL, prefix), await createRedisMonitorKv(REDIS_URL, prefix)];
      try {
        await body(kvs);
      } finally {
        await Promise.all(kvs.map((kv) => kv.close()));
      }
    },
    async drop(): Promise<void> {
      rmSync(dir, { recursive: true, force: true });
      await dropRedisPrefix(prefix, REDIS_URL);
    },
  };
}
