// patchMonitor is a merge, field by field, against concurrent writers: a user's pause and a finishing check's
// bookkeeping (two patches of different fields, from one process or two) must both land, in both homes.
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { monitorKvHomes } from '../../test/monitorKvHomes.js';
import { createMonitorStore, type MonitorRecord } from './createMonitorStore.js';
import type { MonitorKv } from './monitorKv.js';

const { withEmbeddedKv, withTwoRedisKvs, drop } = monitorKvHomes('monitor-store');
afterAll(drop);

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
    await withEmbeddedKv(concurrentPatches);
  });

  it('keeps both patches on Redis, from two connections (two processes)', async () => {
    await withTwoRedisKvs(concurrentPatches);
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
    await withEmbeddedKv(markAgainstPause);
  });

  it('marks only an active monitor on Redis, from two connections', async () => {
    await withTwoRedisKvs(markAgainstPause);
  });
});
