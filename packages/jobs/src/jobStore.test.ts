import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { dropRedisPrefix, redisReachable, waitFor } from '@scrape/test-support';
import { createJobStore } from './createJobStore.js';
import type { JobStore, JobWorker, WorkHandler, WorkItem } from './types.js';

const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const RUN_PREFIX = `test:jobs:${process.pid}:${Date.now()}:`;
const LEASE_MS = 1_500;
const KILLABLE_WORKER = fileURLToPath(new URL('../test/killableWorker.mjs', import.meta.url));

const withRedis = await redisReachable(REDIS_URL);
if (!withRedis) console.warn(`!!! Redis unreachable at ${REDIS_URL}: the Redis half of the job store suite is SKIPPED`);

const opened: JobStore[] = [];
const workers: JobWorker[] = [];
const dirs: string[] = [];
let counter = 0;

/** One home: `open()` a fresh namespace; `again()` opens another store over the same data (restart / 2nd process). */
interface Home {
  name: string;
  open(): Promise<{ store: JobStore; again: () => Promise<JobStore>; childArgs: string[] }>;
}

const homes: Home[] = [
  {
    name: 'embedded',
    async open() {
      const dataDir = mkdtempSync(join(tmpdir(), 'scrape-jobs-test-'));
      dirs.push(dataDir);
      const make = async () => {
        const store = await createJobStore({ dataDir, leaseMs: LEASE_MS, retryBackoffMs: 20 });
        opened.push(store);
        return store;
      };
      return { store: await make(), again: make, childArgs: ['', '', dataDir, String(LEASE_MS)] };
    },
  },
];
if (withRedis) {
  homes.push({
    name: 'redis',
    async open() {
      const keyPrefix = `${RUN_PREFIX}${++counter}:`;
      const make = async () => {
        const store = await createJobStore({
          redisUrl: REDIS_URL,
          redisKeyPrefix: keyPrefix,
          leaseMs: LEASE_MS,
          retryBackoffMs: 20,
        });
        opened.push(store);
        return store;
      };
      return { store: await make(), again: make, childArgs: [REDIS_URL, keyPrefix, '', String(LEASE_MS)] };
    },
  });
}

afterAll(async () => {
  await Promise.all(workers.map((w) => w.close()));
  await Promise.all(opened.map((s) => s.close()));
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  if (withRedis) await dropRedisPrefix(RUN_PREFIX, REDIS_URL);
});

/** Waits until the job `id` of `store` has completed, and returns it. */
function completed(store: JobStore, id: string, what: string) {
  return waitFor(async () => {
    const job = await store.getJob(id);
    return job?.status === 'completed' && job;
  }, what);
}

function start(store: JobStore, handlers: Record<string, WorkHandler>, concurrency = 4): JobWorker {
  const worker = store.startWorker({ handlers, concurrency });
  workers.push(worker);
  return worker;
}

describe.each(homes)('job store ($name)', (home) => {
  it('runs every item once, follows discovered items through the frontier (de-duplicated, capped) and completes', async () => {
    const { store } = await home.open();
    // A tiny "site": each page links to two others and back to the start; 20 pages exist, the cap is 12.
    const handler: WorkHandler = async (item) => {
      const n = Number(item.key);
      const links = [String((n * 2 + 1) % 20), String((n * 2 + 2) % 20), '0'];
      return { result: { page: n }, discovered: links.map((key) => ({ key, payload: { from: n } })), credits: 1 };
    };
    start(store, { crawl: handler });
    const job = await store.createJob({
      kind: 'crawl',
      team: 'team-a',
      params: { url: 'x' },
      items: [{ key: '0' }],
      maxItems: 12,
    });
    expect(job.status).toBe('running');
    const finished = await completed(store, job.id, 'the job to complete');
    expect(finished.total).toBe(12);
    expect(finished.completed).toBe(12);
    expect(finished.creditsUsed).toBe(12);
    expect(finished.pending).toBe(0);
    const results = (await store.readResults(job.id, { limit: 100 })) as { page: number }[];
    expect(results).toHaveLength(12);
    expect(new Set(results.map((r) => r.page)).size).toBe(12);
    expect(await store.readResults(job.id, { offset: 10, limit: 5 })).toHaveLength(2);
  });

  it('shares limits between two stores over the same home: leases up to the limit, start gaps, lapsing leases', async () => {
    const { store, again } = await home.open();
    const other = await again();
    expect(await store.limits.tryLease('conc:j1', 'a', 2)).toBe(true);
    expect(await other.limits.tryLease('conc:j1', 'b', 2)).toBe(true);
    expect(await other.limits.tryLease('conc:j1', 'c', 2)).toBe(false);
    // Re-taking a held lease renews it; releasing one frees a place for the other store.
    expect(await store.limits.tryLease('conc:j1', 'a', 2)).toBe(true);
    await store.limits.releaseLease('conc:j1', 'a');
    expect(await other.limits.tryLease('conc:j1', 'c', 2)).toBe(true);
    // A lease not renewed lapses after the store's lease time (its worker died without releasing it).
    expect(store.limits.leaseMs).toBe(LEASE_MS);
    expect(await store.limits.tryLease('conc:j2', 'x', 1)).toBe(true);
    expect(await other.limits.tryLease('conc:j2', 'y', 1)).toBe(false);
    await waitFor(() => other.limits.tryLease('conc:j2', 'y', 1), 'the lapsed lease to free its place', 5_000);

    expect(await store.limits.untilNext('host:example')).toBe(0);
    await store.limits.pushNext('host:example', 600);
    const wait = await other.limits.untilNext('host:example');
    expect(wait).toBeGreaterThan(300);
    expect(wait).toBeLessThanOrEqual(600);
    // A shorter push never brings the next start forward.
    await other.limits.pushNext('host:example', 10);
    expect(await store.limits.untilNext('host:example')).toBeGreaterThan(300);
    await waitFor(async () => (await other.limits.untilNext('host:example')) === 0, 'the gap to pass', 5_000);
  });

  it('counts queued, delayed and leased items per kind (queueStats, for metrics)', async () => {
    const { store } = await home.open();
    await store.createJob({
      kind: 'batch',
      team: 'team-q',
      params: {},
      items: [{ key: 'a' }, { key: 'b' }, { key: 'c', delayMs: 60_000 }],
    });
    const before = await store.queueStats!(['batch', 'crawl']);
    expect(before.batch).toEqual({ waiting: 2, delayed: 1, active: 0 });
    expect(before.crawl).toEqual({ waiting: 0, delayed: 0, active: 0 });
    // A handler that holds its item until released: the item is then leased (active), not waiting.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let started = 0;
    start(store, { batch: async () => (started++, await held, { result: {} }) }, 1);
    const during = await waitFor(async () => {
      const s = await store.queueStats!(['batch']);
      return started === 1 && s.batch!.active === 1 && s;
    }, 'one item leased');
    expect(during.batch).toEqual({ waiting: 1, delayed: 1, active: 1 });
    release();
  });

  it('collapses aliases (a redirect target, a canonical URL) onto one result and marks them seen', async () => {
    const { store } = await home.open();
    const ran: string[] = [];
    start(store, {
      crawl: async (item) => {
        ran.push(item.key);
        // 'old' redirected to 'new' (queued on its own too); 'x' is canonically 'y', and also links to 'y'.
        if (item.key === 'old') return { result: item.key, aliases: ['new'] };
        if (item.key === 'x') return { result: item.key, aliases: ['y'], discovered: [{ key: 'y' }, { key: 'z' }] };
        return { result: item.key };
      },
    });
    const job = await store.createJob({
      kind: 'crawl',
      team: 't',
      params: {},
      items: [{ key: 'old' }, { key: 'new' }, { key: 'x' }],
    });
    await waitFor(async () => (await store.getJob(job.id))?.status === 'completed', 'completion');
    const results = ((await store.readResults(job.id)) as string[]).sort();
    expect(results.filter((r) => r === 'old' || r === 'new')).toHaveLength(1);
    expect(results).toEqual(expect.arrayContaining(['x', 'z']));
    expect(ran).not.toContain('y');
    expect((await store.getJob(job.id))?.total).toBe(4);
  });

  it('keeps jobs to their team', async () => {
    const { store } = await home.open();
    const job = await store.createJob({ kind: 'batch', team: 'team-a', params: {}, items: [{ key: 'a' }] });
    expect(await store.getJob(job.id, 'team-a')).not.toBeNull();
    expect(await store.getJob(job.id, 'team-b')).toBeNull();
    expect(await store.getJob('no-such-job')).toBeNull();
    expect(await store.cancelJob(job.id, 'team-b')).toBeNull();
    expect((await store.listJobs('team-a', { status: 'running' })).map((j) => j.id)).toEqual([job.id]);
    expect(await store.listJobs('team-b')).toEqual([]);
    const cancelled = await store.cancelJob(job.id, 'team-a');
    expect(cancelled?.status).toBe('cancelled');
    expect(await store.listJobs('team-a', { status: 'running' })).toEqual([]);
  });

  it('retries a throwing item with backoff, then stores ITEM_FAILED once attempts run out', async () => {
    const { store } = await home.open();
    const attempts = new Map<string, number[]>();
    start(store, {
      batch: async (item) => {
        attempts.set(item.key, [...(attempts.get(item.key) ?? []), item.attempt]);
        if (item.key === 'flaky' && item.attempt === 1) throw new Error('first try fails');
        if (item.key === 'broken') throw new Error('always fails');
        return { result: item.key };
      },
    });
    const job = await store.createJob({
      kind: 'batch',
      team: 't',
      params: {},
      items: [{ key: 'flaky' }, { key: 'broken' }],
    });
    const done = await completed(store, job.id, 'the batch to complete');
    expect(done.completed).toBe(1);
    expect(done.failed).toBe(1);
    expect(attempts.get('flaky')).toEqual([1, 2]);
    expect(attempts.get('broken')).toEqual([1, 2, 3]);
    expect(await store.readResults(job.id)).toEqual(['flaky']);
    const errors = await store.readErrors(job.id);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ key: 'broken', code: 'ITEM_FAILED', message: 'always fails' });
  });

  it('cancel aborts running items and starts no more', async () => {
    const { store } = await home.open();
    const started: string[] = [];
    let aborted = 0;
    start(
      store,
      {
        batch: async (item, { signal }) => {
          started.push(item.key);
          await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
          aborted++;
          return { result: item.key };
        },
      },
      2,
    );
    const items = Array.from({ length: 10 }, (_, i) => ({ key: `u${i}` }));
    const job = await store.createJob({ kind: 'batch', team: 't', params: {}, items });
    await waitFor(() => started.length === 2, 'two items to start');
    await store.cancelJob(job.id);
    await waitFor(() => aborted === 2, 'the running items to be aborted');
    // The other eight are skipped, not run: give the workers time to drain them, then nothing new started.
    await waitFor(async () => (await store.getJob(job.id))?.pending === 0, 'the skipped items to drain');
    expect(started).toHaveLength(2);
    const final = await store.getJob(job.id);
    expect(final?.status).toBe('cancelled');
    expect(await store.readResults(job.id)).toEqual([]);
  });

  it('ends a job early with finishJob and deletes everything with deleteJob', async () => {
    const { store } = await home.open();
    start(store, { batch: async (item) => ({ result: item.key }) });
    const job = await store.createJob({ kind: 'batch', team: 't', params: {}, items: [{ key: 'a' }] });
    await waitFor(async () => (await store.getJob(job.id))?.status === 'completed', 'completion');
    const other = await store.createJob({ kind: 'idle', team: 't', params: {}, items: [{ key: 'a' }] });
    const ended = await store.finishJob(other.id, {
      status: 'failed',
      error: 'Insufficient credits',
      errorCode: 'INSUFFICIENT_CREDITS',
    });
    expect(ended).toMatchObject({ status: 'failed', error: 'Insufficient credits', errorCode: 'INSUFFICIENT_CREDITS' });
    await store.setJobState(job.id, { robots: 'x' });
    await store.setJobState(job.id, { sitemap: 'y' });
    expect((await store.getJob(job.id))?.state).toEqual({ robots: 'x', sitemap: 'y' });
    await store.deleteJob(job.id);
    expect(await store.getJob(job.id)).toBeNull();
    expect(await store.readResults(job.id)).toEqual([]);
  });

  it('keeps a job and its queued items across a restart of the store', async () => {
    const { store, again } = await home.open();
    const job = await store.createJob({
      kind: 'batch',
      team: 't',
      params: { n: 1 },
      items: [{ key: 'a' }, { key: 'b' }],
    });
    await store.close();
    const reopened = await again();
    expect((await reopened.getJob(job.id))?.params).toEqual({ n: 1 });
    start(reopened, { batch: async (item) => ({ result: item.key }) });
    await waitFor(async () => (await reopened.getJob(job.id))?.status === 'completed', 'completion after restart');
    expect(((await reopened.readResults(job.id)) as string[]).sort()).toEqual(['a', 'b']);
  });

  it('takes over the items of a SIGKILLed worker process: nothing lost, nothing twice', async () => {
    const { store, childArgs } = await home.open();
    const items = Array.from({ length: 6 }, (_, i) => ({ key: `k${i}` }));
    const job = await store.createJob({ kind: 'slow', team: 't', params: {}, items });
    const child = spawn(process.execPath, [KILLABLE_WORKER, ...childArgs], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    const exited = new Promise((r) => child.on('exit', r));
    const ran: WorkItem[] = [];
    try {
      await waitFor(
        () => (out.match(/^took /gm)?.length ?? 0) >= 2 || (child.exitCode !== null && Promise.reject(new Error(err))),
        'the child to hold two items',
      );
      // The survivor is already running when the child dies: it must notice the dead worker's items by itself.
      start(store, {
        slow: async (item) => {
          ran.push(item);
          return { result: item.key };
        },
      });
      await waitFor(() => ran.length >= items.length - 2, 'the survivor to run the free items');
    } finally {
      child.kill('SIGKILL');
    }
    await exited;
    const killedAt = Date.now();
    const heldByChild = [...out.matchAll(/^took (\S+)$/gm)].map((m) => m[1]);
    await waitFor(async () => (await store.getJob(job.id))?.status === 'completed', 'the takeover to finish the job');
    console.log(`${home.name}: takeover took ${Date.now() - killedAt} ms (lease ${LEASE_MS} ms)`);
    const results = (await store.readResults(job.id)) as string[];
    expect(results.sort()).toEqual(items.map((i) => i.key).sort());
    for (const key of heldByChild) expect(ran.find((r) => r.key === key)?.attempt).toBeGreaterThan(1);
    expect(await store.readErrors(job.id)).toEqual([]);
  });
});
