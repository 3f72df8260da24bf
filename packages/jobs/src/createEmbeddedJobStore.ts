import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { JobError } from './JobError.js';
import { createEmbeddedLimits, sweepLimits } from './embedded/createEmbeddedLimits.js';
import { countQueue, readPage, removeJobData } from './embedded/embeddedItems.js';
import {
  endJob,
  enqueueItems,
  expiredJobIds,
  insertJob,
  listTeamJobs,
  mergeJobState,
  readLiveJob,
} from './embedded/embeddedJobs.js';
import { openEmbeddedDatabases } from './embedded/openEmbeddedDatabases.js';
import { type EmbeddedWorkerContext, startEmbeddedWorker, wakeAll } from './embedded/startEmbeddedWorker.js';
import {
  DEFAULT_ITEM_ATTEMPTS,
  DEFAULT_LEASE_MS,
  RETRY_BACKOFF_MS,
  type JobRecord,
  type JobStore,
  type JobWorker,
} from './types.js';

export interface EmbeddedJobStoreOptions {
  /** The data directory; the store lives in `dataDir/jobs.lmdb`. */
  dataDir: string;
  leaseMs?: number;
  maxAttempts?: number;
  retryBackoffMs?: number;
}

/**
 * The default home: LMDB in the data directory (ACID, crash-safe, memory-mapped so a 100,000-URL frontier lives on
 * disk, not in the heap). Every state change is one transaction, so a SIGKILL at any point leaves either the old or
 * the new state. Items are leased to a worker; a lease whose holder died (a dead pid on this host, or no renewal for
 * `leaseMs`) goes back to the queue, so a restarted server resumes where the killed one stopped.
 * The steps live in `embedded/`: the file's databases, jobs, item bookkeeping, leases, limits and the worker.
 */
export function createEmbeddedJobStore(options: EmbeddedJobStoreOptions): JobStore {
  const shared = openEmbeddedDatabases(options.dataDir);
  const dbs = shared.dbs;
  const workers = new Set<JobWorker>();
  let closed = false;
  const ctx: EmbeddedWorkerContext = {
    dbs,
    owner: `${hostname()}/${process.pid}/${randomUUID()}`,
    leaseMs: options.leaseMs ?? DEFAULT_LEASE_MS,
    maxAttempts: options.maxAttempts ?? DEFAULT_ITEM_ATTEMPTS,
    backoffMs: options.retryBackoffMs ?? RETRY_BACKOFF_MS,
    runningByJob: new Map(),
    wakers: new Set(),
    wake: () => wakeAll(ctx.wakers),
    isClosed: () => closed,
    sweep: () => store.sweep(),
  };
  /** A cancel in this process stops the job's running items at once. */
  const abortRunning = (id: string) => {
    for (const c of ctx.runningByJob.get(id) ?? []) c.abort();
  };
  const guard = () => {
    if (closed) throw new JobError('closed', 'The job store is closed');
  };
  async function deleteJob(id: string): Promise<void> {
    abortRunning(id);
    await dbs.root.transaction(() => removeJobData(dbs, id));
  }
  async function stopJob(id: string, team: string | undefined, patch: Partial<JobRecord>): Promise<JobRecord | null> {
    guard();
    const updated = await endJob(dbs, id, team, patch);
    if (updated && updated.status !== 'running') abortRunning(id);
    return updated;
  }

  const store: JobStore = {
    home: 'embedded',
    limits: createEmbeddedLimits(dbs, ctx.owner, ctx.leaseMs),
    async createJob(input) {
      guard();
      const job = await insertJob(dbs, input);
      ctx.wake();
      return job;
    },
    async getJob(id, team) {
      guard();
      return readLiveJob(dbs, id, team);
    },
    async listJobs(team, filter = {}) {
      guard();
      return listTeamJobs(dbs, team, filter);
    },
    async enqueue(jobId, items) {
      guard();
      const added = await enqueueItems(dbs, jobId, items);
      if (added) ctx.wake();
      return added;
    },
    cancelJob: (id, team) => stopJob(id, team, { status: 'cancelled' }),
    finishJob: (id, end) => stopJob(id, undefined, { status: end.status, error: end.error, errorCode: end.errorCode }),
    async setJobState(id, patch) {
      guard();
      await mergeJobState(dbs, id, patch);
    },
    async readResults(jobId, page = {}) {
      guard();
      return readPage(dbs.results, jobId, page);
    },
    async readErrors(jobId, page = {}) {
      guard();
      return readPage(dbs.errors, jobId, page);
    },
    async deleteJob(id) {
      guard();
      await deleteJob(id);
    },
    startWorker(workerOptions) {
      guard();
      const worker = startEmbeddedWorker(ctx, workerOptions, (w) => workers.delete(w));
      workers.add(worker);
      return worker;
    },
    async queueStats(kinds) {
      guard();
      return countQueue(dbs, kinds, Date.now());
    },
    async sweep() {
      guard();
      const now = Date.now();
      const expired = expiredJobIds(dbs, now);
      for (const id of expired) await deleteJob(id);
      await sweepLimits(dbs, now);
      return expired.length;
    },
    async close() {
      if (closed) return;
      await Promise.all([...workers].map((w) => w.close()));
      closed = true;
      await shared.release();
    },
  };
  return store;
}
