// A due check is picked up with the monitor as read then (the scheduler's read), and runs later: after its run claim
// and account lookup. An update that lands in between (targets, webhook) is what it runs with, and a delete that lands
// in between means it does not run at all: no fetch, no webhook, no check. Both homes, the update from a second
// connection on Redis (another process). A delete that lands while a check's record is being written (as it is
// marked running, or as it finishes) leaves no check record behind and, at the start, no run.
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { monitorKvHomes } from '../../test/monitorKvHomes.js';
import { createMonitorStore, emptySummary, type CheckRecord, type MonitorRecord } from './createMonitorStore.js';
import type { MonitorKv } from './monitorKv.js';
import { newMonitorRecord } from './monitorRecords.js';
import { parseCreateMonitor } from './monitorRequest.js';
import { type CheckContext, startMonitorCheck } from './startMonitorCheck.js';

const { withEmbeddedKv, withTwoRedisKvs, drop } = monitorKvHomes('monitor-check-start');
afterAll(drop);

/** A check context on `kv` whose runner records the monitor it ran with, and whose webhooks are recorded unsent. */
function recordingContext(kv: MonitorKv) {
  const ranWith: MonitorRecord[] = [];
  const sent: { webhook: { url: string } }[] = [];
  const runner = {
    // One new page per URL of the record it is given: what a real check would fetch.
    async run(monitor: MonitorRecord, check: CheckRecord): Promise<CheckRecord> {
      ranWith.push(monitor);
      const urls = monitor.targets.flatMap((t) => (t.type === 'scrape' ? t.urls : []));
      const pages = urls.map((url) => ({
        id: randomUUID(),
        targetId: monitor.targets[0]!.id,
        url,
        status: 'new' as const,
        previousScrapeId: null,
        currentScrapeId: null,
        statusCode: 200,
        error: null,
        diff: null,
        createdAt: check.createdAt,
      }));
      const summary = { ...emptySummary(), totalPages: pages.length, new: pages.length };
      return { ...check, status: 'completed', finishedAt: new Date().toISOString(), summary, pages };
    },
  };
  const webhooks = { send: (event: { webhook: { url: string } }) => void sent.push(event) };
  const log = { warn() {}, info() {} };
  const ctx = {
    kv,
    store: createMonitorStore(kv),
    runner,
    webhooks,
    log,
    running: new Set(),
    inFlight: new Set(),
  } as unknown as CheckContext;
  return { ctx, ranWith, sent };
}

const monitorOn = (url: string, hook: string) =>
  newMonitorRecord(
    parseCreateMonitor(
      {
        name: 'watched',
        schedule: { cron: '0 * * * *' },
        targets: [{ type: 'scrape', urls: [url] }],
        webhook: { url: hook },
      },
      60_000,
    ),
    'team',
    Date.now(),
  );

/** Picks a due check up, updates its targets and webhook from the last kv (process), then lets it run. */
async function updatedAfterPickUp(kvs: MonitorKv[]) {
  const run = recordingContext(kvs[0]!);
  const other = createMonitorStore(kvs[kvs.length - 1]!);
  const monitor = monitorOn('http://old.example/page', 'http://old.example/hook');
  await run.ctx.store.putMonitor(monitor);
  const pickedUp = (await run.ctx.store.getMonitor(monitor.id))!;
  const targets = [{ id: 'fresh', type: 'scrape' as const, urls: ['http://new.example/page'] }];
  await other.patchMonitor(monitor.id, { targets, webhook: { ...monitor.webhook!, url: 'http://new.example/hook' } });
  await startMonitorCheck(run.ctx, pickedUp, 'scheduled', Date.now()).done;
  expect(run.ranWith.map((m) => m.targets)).toEqual([targets]);
  const [check] = await run.ctx.store.listChecks(monitor.id, 0, 10);
  expect(check?.pages.map((p) => p.url)).toEqual(['http://new.example/page']);
  expect(run.sent.length).toBeGreaterThan(0);
  expect(new Set(run.sent.map((e) => e.webhook.url))).toEqual(new Set(['http://new.example/hook']));
}

/** Picks a due check up, deletes the monitor from the last kv (process), then lets it go: it does not run. */
async function deletedAfterPickUp(kvs: MonitorKv[]) {
  const run = recordingContext(kvs[0]!);
  const other = createMonitorStore(kvs[kvs.length - 1]!);
  const monitor = monitorOn('http://old.example/page', 'http://old.example/hook');
  await run.ctx.store.putMonitor(monitor);
  const pickedUp = (await run.ctx.store.getMonitor(monitor.id))!;
  await other.deleteMonitor(pickedUp);
  await startMonitorCheck(run.ctx, pickedUp, 'scheduled', Date.now()).done;
  expect(run.ranWith).toEqual([]);
  expect(run.sent).toEqual([]);
  expect(await run.ctx.store.listChecks(monitor.id, 0, 10)).toEqual([]);
  expect(await run.ctx.store.getMonitor(monitor.id)).toBeNull();
}

/**
 * `kv` with the monitor deleted (to completion, through `other`) just before the first write of one of its check
 * records in the state `status`: another process's DELETE landing in the gap between the check's last look at the
 * monitor and its write. Whatever call writes the record (put, or a conditional write), the delete goes first.
 */
function deletingAtCheckWrite(kv: MonitorKv, other: ReturnType<typeof createMonitorStore>, status: string) {
  let deleted = false;
  const before = async (key: string, value: unknown) => {
    if (deleted || !key.startsWith('check:') || (value as CheckRecord).status !== status) return;
    deleted = true;
    const monitor = await other.getMonitor((value as CheckRecord).monitorId);
    if (monitor) await other.deleteMonitor(monitor);
  };
  const hooked: MonitorKv = Object.create(kv);
  hooked.put = async (key, value) => {
    await before(key, value);
    return kv.put(key, value);
  };
  hooked.putChild = async (parent, key, value, index) => {
    await before(key, value);
    return kv.putChild(parent, key, value, index);
  };
  return { hooked, deletedYet: () => deleted };
}

/** A check whose monitor is deleted as its record is written in `status`: no check record nor index entry is left. */
async function deletedAsCheckIsWritten(kvs: MonitorKv[], status: 'running' | 'completed') {
  const other = createMonitorStore(kvs[kvs.length - 1]!);
  const { hooked, deletedYet } = deletingAtCheckWrite(kvs[0]!, other, status);
  const run = recordingContext(hooked);
  const monitor = monitorOn('http://old.example/page', 'http://old.example/hook');
  await run.ctx.store.putMonitor(monitor);
  const { check, done } = startMonitorCheck(run.ctx, monitor, 'manual', null);
  await done;
  expect(deletedYet()).toBe(true);
  expect(await other.getMonitor(monitor.id)).toBeNull();
  expect(await other.getCheck(monitor.id, (await check).id)).toBeNull();
  expect(await kvs[0]!.indexRange(`checks:${monitor.id}`, 0, 10)).toEqual([]);
  // Deleted before it was recorded running: it does not run (no fetch, no webhook); deleted at its end: no webhook.
  expect(run.ranWith.length).toBe(status === 'running' ? 0 : 1);
  expect(run.sent).toEqual([]);
}

describe('a due check runs with the monitor as marked running', () => {
  it('runs an update made after pick-up in the embedded home', async () => {
    await withEmbeddedKv(updatedAfterPickUp);
  });

  it('runs an update made after pick-up by another connection on Redis', async () => {
    await withTwoRedisKvs(updatedAfterPickUp);
  });

  it('skips a monitor deleted after pick-up in the embedded home', async () => {
    await withEmbeddedKv(deletedAfterPickUp);
  });

  it('skips a monitor deleted after pick-up by another connection on Redis', async () => {
    await withTwoRedisKvs(deletedAfterPickUp);
  });
});

describe('a monitor deleted while its check is written leaves no check behind', () => {
  for (const status of ['running', 'completed'] as const) {
    it(`writes no ${status} check of a monitor deleted at that write in the embedded home`, async () => {
      await withEmbeddedKv((kvs) => deletedAsCheckIsWritten(kvs, status));
    });

    it(`writes no ${status} check of a monitor deleted at that write by another connection on Redis`, async () => {
      await withTwoRedisKvs((kvs) => deletedAsCheckIsWritten(kvs, status));
    });
  }
});
