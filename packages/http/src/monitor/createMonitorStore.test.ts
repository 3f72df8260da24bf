// patchMonitor is a merge, field by field, against concurrent writers: a user's pause and a finishing check's
// bookkeeping (two patches of different fields, from one process or two) must both land, in both homes.
import { mkdtempSync, rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dropRedisPrefix } from '@scrape/test-support';
import { afterAll, describe, expect, it } from 'vitest';
import { createMonitorStore, type MonitorRecord } from './createMonitorStore.js';
import { createEmbeddedMonitorKv, createRedisMonitorKv, type MonitorKv } from './monitorKv.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PREFIX = `test:monitor-store:${randomUUID()}:`;
const dir = mkdtempSync(join(tmpdir(), 'monitor-store-'));

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await dropRedisPrefix(PREFIX, REDIS_URL);
});

const record = (id: string) =>
  ({
    id,
    team: 't',
    status: 'active',
    createdAt: 1,
    currentCheckId: 'c0',
    lastRunAt: null,
  }) as unknown as MonitorRecord;

async function concurrentPatches(kvs: MonitorKv[]) {
  const stores = kvs.map(createMonitorStore);
  const id = randomUUID();
  await stores[0]!.putMonitor(record(id));
  // Many rounds of a pause racing a check's end, each patch from its own store (process).
  for (let round = 0; round < 20; round++) {
    await stores[0]!.patchMonitor(id, { status: 'active', currentCheckId: `c${round}` });
    await Promise.all([
      stores[0]!.patchMonitor(id, { status: 'paused' }),
      stores[1 % stores.length]!.patchMonitor(id, { currentCheckId: null, lastRunAt: round }),
    ]);
    expect(await stores[0]!.getMonitor(id)).toMatchObject({ status: 'paused', currentCheckId: null, lastRunAt: round });
  }
}

describe('patchMonitor under concurrent patches', () => {
  it('keeps both patches in the embedded home', async () => {
    const kv = createEmbeddedMonitorKv(dir);
    try {
      await concurrentPatches([kv]);
    } finally {
      await kv.close();
    }
  });

  it('keeps both patches on Redis, from two connections (two processes)', async () => {
    const kvs = [await createRedisMonitorKv(REDIS_URL, PREFIX), await createRedisMonitorKv(REDIS_URL, PREFIX)];
    try {
      await concurrentPatches(kvs);
    } finally {
      await Promise.all(kvs.map((kv) => kv.close()));
    }
  });
});

/** markCheckRunning reads the status in the step that writes: a paused monitor's scheduled check is not marked. */
async function markAgainstPause(kvs: MonitorKv[]) {
  const stores = kvs.map(createMonitorStore);
  const id = randomUUID();
  await stores[0]!.putMonitor(record(id));
  for (let round = 0; round < 20; round++) {
    await stores[0]!.patchMonitor(id, { status: 'active', currentCheckId: null });
    const [, marked] = await Promise.all([
      stores[0]!.patchMonitor(id, { status: 'paused' }),
      stores[1 % stores.length]!.markCheckRunning(id, `c${round}`, 'scheduled'),
    ]);
    // Marked only before the pause landed: then the mark and the pause are both kept.
    const after = await stores[0]!.getMonitor(id);
    expect(after).toMatchObject({ status: 'paused', currentCheckId: marked ? `c${round}` : null });
    if (marked) expect(marked.status).toBe('active');
  }
  expect(await stores[0]!.markCheckRunning(id, 'late', 'scheduled')).toBeNull();
  expect((await stores[0]!.getMonitor(id))?.currentCheckId).not.toBe('late');
  // A manual check runs a paused monitor; a deleted one is marked by neither.
  expect(await stores[0]!.markCheckRunning(id, 'manual', 'manual')).toMatchObject({ currentCheckId: 'manual' });
  expect(await stores[0]!.markCheckRunning(randomUUID(), 'gone', 'manual')).toBeNull();
}

describe('markCheckRunning against a pause', () => {
  it('marks only an active monitor in the embedded home', async () => {
    const kv = createEmbeddedMonitorKv(dir);
    try {
      await markAgainstPause([kv]);
    } finally {
      await kv.close();
    }
  });

  it('marks only an active monitor on Redis, from two connections', async () => {
    const kvs = [await createRedisMonitorKv(REDIS_URL, PREFIX), await createRedisMonitorKv(REDIS_URL, PREFIX)];
    try {
      await markAgainstPause(kvs);
    } finally {
      for (const kv of kvs) await kv.close();
    }
  });
});
