import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { open, type Database, type RootDatabase } from 'lmdb';
import { JobError } from './JobError.js';
import { retryDelayMs, runWorkItem, trackRunning } from './runWorkItem.js';
import {
  DEFAULT_ITEM_ATTEMPTS,
  DEFAULT_JOB_TTL_MS,
  DEFAULT_LEASE_MS,
  DEFAULT_WORKER_CONCURRENCY,
  RETRY_BACKOFF_MS,
  type JobKind,
  type JobRecord,
  type JobStore,
  type JobWorker,
  type StoredError,
  type WorkItem,
  type WorkItemInput,
  type WorkOutcome,
  type QueueCounts,
} from './types.js';

/** How often an idle worker looks for items another process queued (in-process enqueues wake it at once). */
const IDLE_POLL_MS = 200;
const MAX_KEY = '\uffff';
const MAX_SEQ = Number.MAX_SAFE_INTEGER;
/** Expired jobs are swept this often while a worker runs. */
const EXPIRY_SWEEP_MS = 10 * 60 * 1000;
const DEFAULT_PAGE_LIMIT = 100;

export interface EmbeddedJobStoreOptions {
  /** The data directory; the store lives in `dataDir/jobs.lmdb`. */
  dataDir: string;
  leaseMs?: number;
  maxAttempts?: number;
  retryBackoffMs?: number;
}

interface QueuedItem {
  jobId: string;
  key: string;
  payload: unknown;
  attempt: number;
}

interface Lease extends QueuedItem {
  kind: JobKind;
  until: number;
  owner: string;
}

type QueueKey = [string, number, number];

/**
 * A worker's idle wait: `idle()` resolves after `pollMs`, or at once when `wake()` runs (a new item was queued in
 * this process).
 */
function createIdleWait(pollMs: number): { idle: () => Promise<void>; wake: () => void } {
  let sleeper: { timer: NodeJS.Timeout; resolve: () => void }[] = [];
  const wake = () => {
    const sleeping = sleeper;
    sleeper = [];
    for (const s of sleeping) {
      clearTimeout(s.timer);
      s.resolve();
    }
  };
  const idle = () =>
    new Promise<void>((resolve) => {
      const entry = { timer: setTimeout(() => resolve(), pollMs), resolve };
      sleeper.push(entry);
    });
  return { idle, wake };
}

/**
 * The default home: LMDB in the data directory (ACID, crash-safe, memory-mapped so a 100,000-URL frontier lives on
 * disk, not in the heap). Every state change is one transaction, so a SIGKILL at any point leaves either the old or
 * the new state. Items are leased to a worker; a lease whose holder died (a dead pid on this host, or no renewal for
 * `leaseMs`) goes back to the queue, so a restarted server resumes where the killed one stopped.
 */
export function createEmbeddedJobStore(options: EmbeddedJobStoreOptions): JobStore {
  mkdirSync(options.dataDir, { recursive: true });
  const root: RootDatabase = open({ path: join(options.dataDir, 'jobs.lmdb') });
  const jobs: Database<JobRecord, string> = root.openDB({ name: 'jobs' });
  const teams: Database<true, [string, string]> = root.openDB({ name: 'teams' });
  const seen: Database<true, [string, string]> = root.openDB({ name: 'seen' });
  const done: Database<true, [string, string]> = root.openDB({ name: 'done' });
  const queue: Database<QueuedItem, QueueKey> = root.openDB({ name: 'queue' });
  const leases: Database<Lease, [string, string]> = root.openDB({ name: 'leases' });
  const results: Database<unknown, [string, number]> = root.openDB({ name: 'results' });
  const errorsDb: Database<StoredError, [string, number]> = root.openDB({ name: 'errors' });
  const meta: Database<number, string> = root.openDB({ name: 'meta' });
  // JobLimits: every process opening this file shares them (one LMDB write transaction at a time, the host's clock).
  type LimitLease = { until: number; owner: string };
  const limitLeases: Database<LimitLease, [string, string]> = root.openDB({ name: 'limitLeases' });
  const limitStarts: Database<number, string> = root.openDB({ name: 'limitStarts' });

  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const maxAttempts = options.maxAttempts ?? DEFAULT_ITEM_ATTEMPTS;
  const backoffMs = options.retryBackoffMs ?? RETRY_BACKOFF_MS;
  const owner = `${hostname()}/${process.pid}/${randomUUID()}`;
  /** Running items' abort controllers by job, so a cancel in this process stops them at once. */
  const runningByJob = new Map<string, Set<AbortController>>();
  const wakers = new Set<() => void>();
  const workers = new Set<JobWorker>();
  let closed = false;

  const guard = () => {
    if (closed) throw new JobError('closed', 'The job store is closed');
  };
  const wake = () => {
    for (const w of [...wakers]) w();
  };
  const nextSeq = () => {
    const seq = (meta.get('seq') ?? 0) + 1;
    meta.put('seq', seq);
    return seq;
  };

  /** Inside a transaction: adds new keys to the frontier and queue; mutates `job` counters. */
  function addItems(job: JobRecord, items: WorkItemInput[], now: number): number {
    let added = 0;
    for (const item of items) {
      if (job.maxItems !== null && job.total >= job.maxItems) break;
      if (seen.get([job.id, item.key])) continue;
      seen.put([job.id, item.key], true);
      const readyAt = now + Math.max(0, item.delayMs ?? 0);
      queue.put([job.kind, readyAt, nextSeq()], {
        jobId: job.id,
        key: item.key,
        payload: item.payload ?? null,
        attempt: 1,
      });
      job.total++;
      job.pending++;
      added++;
    }
    return added;
  }

  /** Inside a transaction, for a running job: the item's aliases, discovered items, result or error and credits. */
  function recordOutcome(updated: JobRecord, item: WorkItem, outcome: WorkOutcome, now: number): void {
    // Aliases first: a redirect target the page also links to is this page, not a new one to queue.
    let duplicate = false;
    for (const alias of outcome.aliases ?? []) {
      if (alias === item.key) continue;
      if (seen.get([updated.id, alias])) duplicate = true;
      else seen.put([updated.id, alias], true);
    }
    if (outcome.discovered?.length) addItems(updated, outcome.discovered, now);
    if (outcome.result !== undefined && !duplicate) {
      results.put([updated.id, nextSeq()], outcome.result);
      updated.completed++;
    }
    if (outcome.error) {
      errorsDb.put([updated.id, nextSeq()], { ...outcome.error, key: item.key, at: now });
      updated.failed++;
    }
    updated.creditsUsed += outcome.credits ?? 0;
  }

  /** Inside a transaction: the one place an item's outcome lands. Returns null for a duplicate commit. */
  function commitItem(item: WorkItem, outcome: WorkOutcome, now: number): { job: JobRecord; finished: boolean } | null {
    leases.remove([item.jobId, item.key]);
    if (done.get([item.jobId, item.key])) return null;
    const job = jobs.get(item.jobId);
    if (!job) return null;
    done.put([item.jobId, item.key], true);
    const updated: JobRecord = { ...job, state: { ...job.state } };
    if (updated.status === 'running') recordOutcome(updated, item, outcome, now);
    updated.pending = Math.max(0, updated.pending - 1);
    let finished = false;
    if (updated.pending === 0 && updated.status === 'running') {
      updated.status = 'completed';
      updated.finishedAt = now;
      finished = true;
    }
    updated.updatedAt = now;
    jobs.put(job.id, updated);
    return { job: updated, finished };
  }

  async function takeItem(kinds: string[]): Promise<{ item: WorkItem; job: JobRecord | undefined } | null> {
    const now = Date.now();
    return root.transaction(() => {
      for (const kind of kinds) {
        for (const { key, value } of queue.getRange({ start: [kind, 0, 0], end: [kind, now, MAX_SEQ], limit: 1 })) {
          queue.remove(key);
          leases.put([value.jobId, value.key], { ...value, kind, until: now + leaseMs, owner });
          const item: WorkItem = {
            jobId: value.jobId,
            kind,
            key: value.key,
            payload: value.payload,
            attempt: value.attempt,
          };
          return { item, job: jobs.get(value.jobId) };
        }
      }
      return null;
    });
  }

  async function requeue(item: WorkItem, attempt: number, delayMs: number): Promise<void> {
    await root.transaction(() => {
      const lease = leases.get([item.jobId, item.key]);
      if (!lease || lease.owner !== owner) return;
      leases.remove([item.jobId, item.key]);
      queue.put([item.kind, Date.now() + delayMs, nextSeq()], {
        jobId: item.jobId,
        key: item.key,
        payload: item.payload,
        attempt,
      });
    });
    wake();
  }

  function holderIsDead(leaseOwner: string): boolean {
    if (leaseOwner === owner) return false;
    const [host, pidText] = leaseOwner.split('/');
    if (host !== hostname()) return false;
    const pid = Number(pidText);
    if (pid === process.pid) return true; // an earlier store in this very process (closed or re-opened)
    try {
      process.kill(pid, 0);
      return false;
    } catch (error) {
      return (error as NodeJS.ErrnoException).code !== 'EPERM';
    }
  }

  /** Whether the process of `leaseOwner` is known dead (this host only; this process's other stores count as alive). */
  function processIsGone(leaseOwner: string): boolean {
    const [host, pidText] = leaseOwner.split('/');
    const pid = Number(pidText);
    if (host !== hostname() || pid === process.pid) return false;
    try {
      process.kill(pid, 0);
      return false;
    } catch (error) {
      return (error as NodeJS.ErrnoException).code !== 'EPERM';
    }
  }

  /** Stalled-item recovery: leases whose holder died or stopped renewing go back to the queue (or fail for good). */
  async function recoverStalled(): Promise<number> {
    const now = Date.now();
    let recovered = 0;
    const deadOwners = new Map<string, boolean>();
    await root.transaction(() => {
      for (const { key, value } of leases.getRange({})) {
        const dead = deadOwners.get(value.owner) ?? holderIsDead(value.owner);
        deadOwners.set(value.owner, dead);
        if (value.owner === owner && value.until >= now) continue;
        if (!dead && value.until >= now) continue;
        leases.remove(key);
        recovered++;
        const item: WorkItem = {
          jobId: value.jobId,
          kind: value.kind,
          key: value.key,
          payload: value.payload,
          attempt: value.attempt,
        };
        if (value.attempt >= maxAttempts) {
          commitItem(item, { error: { code: 'ITEM_FAILED', message: 'The worker running this item stopped' } }, now);
        } else {
          queue.put([value.kind, now, nextSeq()], {
            jobId: value.jobId,
            key: value.key,
            payload: value.payload,
            attempt: value.attempt + 1,
          });
        }
      }
    });
    if (recovered) wake();
    return recovered;
  }

  async function deleteJob(id: string): Promise<void> {
    for (const c of runningByJob.get(id) ?? []) c.abort();
    await root.transaction(() => {
      const job = jobs.get(id);
      if (job) teams.remove([job.team, id]);
      jobs.remove(id);
      for (const db of [seen, done] as Database<true, [string, string]>[]) {
        for (const k of db.getKeys({ start: [id, ''], end: [id, MAX_KEY] })) db.remove(k);
      }
      for (const db of [results, errorsDb] as Database<unknown, [string, number]>[]) {
        for (const k of db.getKeys({ start: [id, 0], end: [id, MAX_SEQ] })) db.remove(k);
      }
      for (const k of leases.getKeys({ start: [id, ''], end: [id, MAX_KEY] })) leases.remove(k);
    });
  }

  async function stopJob(id: string, team: string | undefined, patch: Partial<JobRecord>): Promise<JobRecord | null> {
    guard();
    const updated = await root.transaction(() => {
      const job = jobs.get(id);
      if (!job || (team !== undefined && job.team !== team)) return null;
      if (job.status !== 'running') return job;
      const next: JobRecord = { ...job, ...patch, updatedAt: Date.now(), finishedAt: Date.now() };
      jobs.put(id, next);
      return next;
    });
    if (updated && updated.status !== 'running') for (const c of runningByJob.get(id) ?? []) c.abort();
    return updated;
  }

  /** Renews the item's lease while its handler runs, and aborts the handler when another process ended the job. */
  function renewWhileRunning(
    item: WorkItem,
    controller: AbortController,
    report: (error: unknown, item?: WorkItem) => void,
  ): ReturnType<typeof setInterval> {
    return setInterval(
      () => {
        void root
          .transaction(() => {
            const lease = leases.get([item.jobId, item.key]);
            if (lease?.owner === owner) leases.put([item.jobId, item.key], { ...lease, until: Date.now() + leaseMs });
            return jobs.get(item.jobId)?.status;
          })
          .then((status) => {
            if (status !== 'running') controller.abort();
          })
          .catch((error) => report(error, item));
      },
      Math.max(50, Math.floor(leaseMs / 3)),
    );
  }

  const store: JobStore = {
    home: 'embedded',
    limits: {
      leaseMs,
      tryLease: (name, id, limit) =>
        root.transaction(() => {
          const now = Date.now();
          let held = 0;
          let mine = false;
          for (const { key, value } of limitLeases.getRange({ start: [name, ''], end: [name, MAX_KEY] })) {
            // A lease of a process that is gone (SIGKILL, crash) frees its place at once, not after leaseMs.
            if (value.until <= now || processIsGone(value.owner)) limitLeases.remove(key);
            else if (key[1] === id) mine = true;
            else held++;
          }
          if (!mine && held >= limit) return false;
          limitLeases.put([name, id], { until: now + leaseMs, owner });
          return true;
        }),
      releaseLease: async (name, id) => void (await limitLeases.remove([name, id])),
      untilNext: async (name) => Math.max(0, (limitStarts.get(name) ?? 0) - Date.now()),
      pushNext: async (name, gapMs) => {
        await root.transaction(() => {
          const nextAt = Date.now() + gapMs;
          // Entries are tiny and one per host; sweep() drops the past ones.
          if (nextAt > (limitStarts.get(name) ?? 0)) limitStarts.put(name, nextAt);
        });
      },
    },
    async createJob(input) {
      guard();
      const now = Date.now();
      const job: JobRecord = {
        id: input.id ?? randomUUID(),
        kind: input.kind,
        team: input.team,
        status: 'running',
        params: input.params,
        state: input.state ?? {},
        createdAt: now,
        updatedAt: now,
        expiresAt: now + (input.ttlMs ?? DEFAULT_JOB_TTL_MS),
        total: 0,
        completed: 0,
        failed: 0,
        pending: 0,
        creditsUsed: 0,
        maxItems: input.maxItems ?? null,
      };
      await root.transaction(() => {
        if (jobs.get(job.id)) throw new JobError('invalid_input', `Job ${job.id} exists already`);
        addItems(job, input.items ?? [], now);
        if (job.pending === 0) {
          job.status = 'completed';
          job.finishedAt = now;
        }
        jobs.put(job.id, job);
        teams.put([job.team, job.id], true);
      });
      wake();
      return job;
    },
    async getJob(id, team) {
      guard();
      const job = jobs.get(id);
      if (!job || job.expiresAt < Date.now()) return null;
      if (team !== undefined && job.team !== team) return null;
      return job;
    },
    async listJobs(team, filter = {}) {
      guard();
      const found: JobRecord[] = [];
      const now = Date.now();
      for (const [, id] of teams.getKeys({ start: [team, ''], end: [team, MAX_KEY] })) {
        const job = jobs.get(id);
        if (!job || job.expiresAt < now) continue;
        if (filter.kind && job.kind !== filter.kind) continue;
        if (filter.status && job.status !== filter.status) continue;
        found.push(job);
      }
      return found.sort((a, b) => b.createdAt - a.createdAt);
    },
    async enqueue(jobId, items) {
      guard();
      const added = await root.transaction(() => {
        const job = jobs.get(jobId);
        if (job?.status !== 'running') return 0;
        const next: JobRecord = { ...job };
        const n = addItems(next, items, Date.now());
        if (n) jobs.put(jobId, next);
        return n;
      });
      if (added) wake();
      return added;
    },
    cancelJob: (id, team) => stopJob(id, team, { status: 'cancelled' }),
    finishJob: (id, end) => stopJob(id, undefined, { status: end.status, error: end.error, errorCode: end.errorCode }),
    async setJobState(id, patch) {
      guard();
      await root.transaction(() => {
        const job = jobs.get(id);
        if (job) jobs.put(id, { ...job, state: { ...job.state, ...patch }, updatedAt: Date.now() });
      });
    },
    async readResults(jobId, page = {}) {
      guard();
      const out: unknown[] = [];
      const range = results.getRange({
        start: [jobId, 0],
        end: [jobId, MAX_SEQ],
        offset: page.offset ?? 0,
        limit: page.limit ?? DEFAULT_PAGE_LIMIT,
      });
      for (const { value } of range) out.push(value);
      return out;
    },
    async readErrors(jobId, page = {}) {
      guard();
      const out: StoredError[] = [];
      const range = errorsDb.getRange({
        start: [jobId, 0],
        end: [jobId, MAX_SEQ],
        offset: page.offset ?? 0,
        limit: page.limit ?? DEFAULT_PAGE_LIMIT,
      });
      for (const { value } of range) out.push(value);
      return out;
    },
    async deleteJob(id) {
      guard();
      await deleteJob(id);
    },
    startWorker(workerOptions) {
      guard();
      const kinds = Object.keys(workerOptions.handlers).filter((k) => workerOptions.handlers[k]);
      const concurrency = Math.max(1, workerOptions.concurrency ?? DEFAULT_WORKER_CONCURRENCY);
      const controllers = new Set<AbortController>();
      let stopping = false;
      const { idle, wake: waker } = createIdleWait(IDLE_POLL_MS);
      wakers.add(waker);

      const report = (error: unknown, item?: WorkItem) => workerOptions.onError?.(error, item);

      /** Stores what the handler's run came to: skipped or requeued (job stopped), a later retry, or its outcome. */
      async function settle(item: WorkItem, run: Awaited<ReturnType<typeof runWorkItem>>): Promise<void> {
        if ('abandoned' in run) {
          // The job stopped: the item is skipped. The worker is closing: the item goes back for another worker.
          if (stopping || closed) await requeue(item, item.attempt, 0);
          else await root.transaction(() => commitItem(item, {}, Date.now()));
          return;
        }
        if ('retry' in run) {
          await requeue(item, item.attempt + 1, retryDelayMs(item.attempt, backoffMs));
          return;
        }
        const committed = await root.transaction(() => commitItem(item, run.outcome, Date.now()));
        if (committed && run.outcome.discovered?.length) wake();
        if (!committed || !workerOptions.onCommitted) return;
        try {
          await workerOptions.onCommitted({
            job: committed.job,
            item,
            outcome: run.outcome,
            jobFinished: committed.finished,
          });
        } catch (error) {
          report(error, item);
        }
      }

      async function runOne(item: WorkItem, job: JobRecord | undefined): Promise<void> {
        if (job?.status !== 'running' || done.get([item.jobId, item.key])) {
          await root.transaction(() => commitItem(item, {}, Date.now()));
          return;
        }
        const { controller, release } = trackRunning(controllers, runningByJob, item.jobId);
        const renew = renewWhileRunning(item, controller, report);
        try {
          const run = await runWorkItem({
            handler: workerOptions.handlers[item.kind]!,
            item,
            job,
            signal: controller.signal,
            maxAttempts,
            onError: report,
          });
          await settle(item, run);
        } finally {
          clearInterval(renew);
          release();
        }
      }

      async function loop(): Promise<void> {
        while (!stopping && !closed) {
          let taken: Awaited<ReturnType<typeof takeItem>> = null;
          try {
            taken = await takeItem(kinds);
          } catch (error) {
            report(error);
          }
          if (!taken) {
            await idle();
            continue;
          }
          try {
            await runOne(taken.item, taken.job);
          } catch (error) {
            report(error, taken.item);
          }
        }
      }

      const recoverTimer = setInterval(
        () => void recoverStalled().catch((e) => report(e)),
        Math.max(50, Math.floor(leaseMs / 2)),
      );
      const sweepTimer = setInterval(() => void store.sweep().catch((e) => report(e)), EXPIRY_SWEEP_MS);
      recoverTimer.unref();
      sweepTimer.unref();
      const loops = recoverStalled()
        .catch((e) => report(e))
        .then(() => Promise.all(Array.from({ length: concurrency }, () => loop())));

      const worker: JobWorker = {
        async close() {
          if (stopping) return;
          stopping = true;
          clearInterval(recoverTimer);
          clearInterval(sweepTimer);
          for (const c of controllers) c.abort();
          waker();
          wakers.delete(waker);
          await loops;
          workers.delete(worker);
        },
      };
      workers.add(worker);
      return worker;
    },
    async queueStats(kinds) {
      guard();
      const now = Date.now();
      const counts: Record<string, QueueCounts> = {};
      // Counted by key range in LMDB (no values read), so a large frontier stays cheap to report.
      for (const kind of kinds) {
        const waiting = queue.getKeysCount({ start: [kind, 0, 0], end: [kind, now, MAX_SEQ] });
        const all = queue.getKeysCount({ start: [kind, 0, 0], end: [kind, MAX_SEQ, MAX_SEQ] });
        counts[kind] = { waiting, delayed: Math.max(0, all - waiting), active: 0 };
      }
      for (const { value } of leases.getRange({})) {
        const entry = counts[value.kind];
        if (entry) entry.active++;
      }
      return counts;
    },
    async sweep() {
      guard();
      const now = Date.now();
      const expired: string[] = [];
      for (const { key, value } of jobs.getRange({})) if (value.expiresAt < now) expired.push(key);
      for (const id of expired) await deleteJob(id);
      // Past start gaps and lapsed leases (dead workers') are no longer limits: drop them so hosts do not pile up.
      await root.transaction(() => {
        for (const { key, value } of limitStarts.getRange({})) if (value < now) limitStarts.remove(key);
        for (const { key, value } of limitLeases.getRange({})) if (value.until < now) limitLeases.remove(key);
      });
      return expired.length;
    },
    async close() {
      if (closed) return;
      await Promise.all([...workers].map((w) => w.close()));
      closed = true;
      await root.close();
    },
  };
  return store;
}
