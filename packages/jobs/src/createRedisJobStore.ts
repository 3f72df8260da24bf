import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { JobError } from './JobError.js';
import { bullConnection, connectJobRedis } from './redis/connectJobRedis.js';
import {
  addItems,
  countQueues,
  insertJob,
  jobKeys as k,
  listTeamJobs,
  mergeJobState,
  readJob,
  readList,
  removeJobKeys,
} from './redis/redisJobOps.js';
import { type RedisWorkerContext, startRedisWorker } from './redis/startRedisWorker.js';
import {
  DEFAULT_ITEM_ATTEMPTS,
  DEFAULT_LEASE_MS,
  RETRY_BACKOFF_MS,
  type JobLimits,
  type JobStatus,
  type JobStore,
  type JobWorker,
  type StoredError,
} from './types.js';

/** Every key this package writes starts with this, so one Redis hosts other tenants and tests clean up by prefix. */
export const DEFAULT_JOBS_REDIS_PREFIX = 'scrape:jobs:';

export interface RedisJobStoreOptions {
  redisUrl: string;
  keyPrefix?: string;
  /** BullMQ's lock duration: a dead worker's item is taken over after about this long. */
  leaseMs?: number;
  maxAttempts?: number;
  retryBackoffMs?: number;
}

/** JobLimits on Redis: the clock is Redis' own TIME, so workers on machines with skewed clocks share one timeline. */
function redisLimits(ctx: RedisWorkerContext): JobLimits {
  const { redis, leaseMs } = ctx;
  return {
    leaseMs,
    tryLease: async (name, id, limit) => (await redis.tryLease(k.lease(name), id, limit, leaseMs)) === 1,
    releaseLease: async (name, id) => void (await redis.zrem(k.lease(name), id)),
    untilNext: (name) => redis.untilNext(k.start(name)),
    pushNext: async (name, gapMs) => void (await redis.pushNext(k.start(name), Math.max(0, Math.round(gapMs)))),
  };
}

/** The BullMQ queue of one kind, made on first use. */
function queueFor(queues: Map<string, Queue>, kind: string, ctx: RedisWorkerContext): Queue {
  let q = queues.get(kind);
  if (!q) {
    q = new Queue(`work-${kind}`, { connection: ctx.connection, prefix: ctx.bullPrefix });
    q.on('error', () => {});
    queues.set(kind, q);
  }
  return q;
}

/**
 * The distributed home: BullMQ queues on Redis (one per job kind) carry the work items, so any number of processes
 * share them; BullMQ's locks and stalled-job checker give leases and takeover of a dead worker's items. The job
 * record, the frontier's seen set, the done set and the results are plain Redis keys changed by small Lua scripts,
 * so a takeover never stores a page twice or loses one. The steps live in `redis/`: the connection and its scripts,
 * the job and item operations, and the worker.
 */
export async function createRedisJobStore(options: RedisJobStoreOptions): Promise<JobStore> {
  const prefix = options.keyPrefix ?? DEFAULT_JOBS_REDIS_PREFIX;
  const redis = await connectJobRedis(options.redisUrl, prefix);
  const queues = new Map<string, Queue>();
  const workers = new Set<JobWorker>();
  let closed = false;
  const ctx: RedisWorkerContext = {
    redis,
    connection: bullConnection(options.redisUrl),
    bullPrefix: `${prefix}bull`,
    leaseMs: options.leaseMs ?? DEFAULT_LEASE_MS,
    maxAttempts: options.maxAttempts ?? DEFAULT_ITEM_ATTEMPTS,
    backoffMs: options.retryBackoffMs ?? RETRY_BACKOFF_MS,
    runningByJob: new Map(),
    queueFor: (kind) => queueFor(queues, kind, ctx),
  };
  const guard = () => {
    if (closed) throw new JobError('closed', 'The job store is closed');
  };

  async function stop(id: string, team: string | undefined, status: JobStatus, error = '', errorCode = '') {
    guard();
    const ok = await redis.stopJob(k.job(id), team ?? '', status, Date.now(), error, errorCode);
    if (!ok) return null;
    for (const c of ctx.runningByJob.get(id) ?? []) c.abort();
    return readJob(ctx, id);
  }

  const store: JobStore = {
    home: 'redis',
    limits: redisLimits(ctx),
    async createJob(input) {
      guard();
      const job = await insertJob(ctx, input);
      if (job.pending === 0) return (await stop(job.id, undefined, 'completed')) ?? job;
      return job;
    },
    async getJob(id, team) {
      guard();
      const job = await readJob(ctx, id);
      if (!job || (team !== undefined && job.team !== team)) return null;
      return job;
    },
    async listJobs(team, filter = {}) {
      guard();
      return listTeamJobs(ctx, team, filter);
    },
    async enqueue(jobId, items) {
      guard();
      const job = await readJob(ctx, jobId);
      if (job?.status !== 'running') return 0;
      // Items added from outside a handler have no parent to re-claim them: a fresh parent id per call.
      return addItems(ctx, job, `enqueue:${randomUUID()}`, items);
    },
    cancelJob: (id, team) => stop(id, team, 'cancelled'),
    finishJob: (id, end) => stop(id, undefined, end.status, end.error, end.errorCode),
    async setJobState(id, patch) {
      guard();
      await mergeJobState(redis, id, patch);
    },
    readResults(jobId, page = {}) {
      guard();
      return readList(redis, k.results(jobId), page);
    },
    readErrors(jobId, page = {}) {
      guard();
      return readList<StoredError>(redis, k.errors(jobId), page);
    },
    async deleteJob(id) {
      guard();
      for (const c of ctx.runningByJob.get(id) ?? []) c.abort();
      await removeJobKeys(redis, id);
    },
    startWorker(workerOptions) {
      guard();
      const worker = startRedisWorker(ctx, workerOptions, (w) => workers.delete(w));
      workers.add(worker);
      return worker;
    },
    async queueStats(kinds) {
      guard();
      return countQueues(ctx, kinds);
    },
    async sweep() {
      return 0;
    },
    async close() {
      if (closed) return;
      await Promise.all([...workers].map((w) => w.close()));
      closed = true;
      await Promise.all([...queues.values()].map((q) => q.close()));
      redis.disconnect();
    },
  };
  return store;
}
