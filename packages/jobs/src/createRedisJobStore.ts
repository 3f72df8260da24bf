import { createHash, randomUUID } from 'node:crypto';
import { Queue, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import { JobError } from './JobError.js';
import { runWorkItem, trackRunning } from './runWorkItem.js';
import {
  DEFAULT_ITEM_ATTEMPTS,
  DEFAULT_JOB_TTL_MS,
  DEFAULT_LEASE_MS,
  DEFAULT_WORKER_CONCURRENCY,
  RETRY_BACKOFF_MS,
  type JobKind,
  type JobRecord,
  type JobStatus,
  type JobStore,
  type JobWorker,
  type StoredError,
  type WorkItem,
  type WorkItemInput,
  type WorkOutcome,
  type QueueCounts,
} from './types.js';

/** Every key this package writes starts with this, so one Redis hosts other tenants and tests clean up by prefix. */
export const DEFAULT_JOBS_REDIS_PREFIX = 'scrape:jobs:';
const CONNECT_TIMEOUT_MS = 5_000;
/** A worker notices a cancel made on another process this often. */
const CANCEL_POLL_MS = 1_000;
const DEFAULT_PAGE_LIMIT = 100;

/**
 * Claims keys for the frontier. A key is new when nobody claimed it (and the job is under its cap); a key this same
 * parent claimed before is returned again, because the parent's earlier run may have died between claiming and
 * queueing it (the queue add is idempotent by id, and a finished item is skipped by the done set).
 * KEYS: job, seen. ARGV: parent, key...
 */
const CLAIM = `
local status = redis.call('hget', KEYS[1], 'status')
if status ~= 'running' then return {} end
local maxItems = tonumber(redis.call('hget', KEYS[1], 'maxItems') or '')
local total = tonumber(redis.call('hget', KEYS[1], 'total') or '0')
local out = {}
for i = 2, #ARGV do
  local k = ARGV[i]
  local holder = redis.call('hget', KEYS[2], k)
  if holder == false then
    if maxItems == nil or total < maxItems then
      redis.call('hset', KEYS[2], k, ARGV[1])
      total = total + 1
      redis.call('hincrby', KEYS[1], 'pending', 1)
      out[#out + 1] = k
    end
  elseif holder == ARGV[1] then
    out[#out + 1] = k
  end
end
redis.call('hset', KEYS[1], 'total', total)
local expiresAt = redis.call('hget', KEYS[1], 'expiresAt')
if expiresAt then redis.call('pexpireat', KEYS[2], expiresAt) end
return out`;

/**
 * Commits one item's outcome once: the done set makes a second commit (a retried or taken-over item) a no-op.
 * Alias keys are claimed in the seen set; one claimed by another item makes this result a duplicate (not stored).
 * KEYS: job, done, results, errors, seen. ARGV: itemKey, resultJson, errorJson, credits, now, alias...
 * Returns {pendingLeft, finished} or {-1, 0} for a duplicate / unknown job.
 */
const COMMIT = `
if redis.call('exists', KEYS[1]) == 0 then return {-1, 0} end
if redis.call('sadd', KEYS[2], ARGV[1]) == 0 then return {-1, 0} end
local status = redis.call('hget', KEYS[1], 'status')
if status == 'running' then
  local duplicate = false
  for i = 6, #ARGV do
    if ARGV[i] ~= ARGV[1] then
      local holder = redis.call('hget', KEYS[5], ARGV[i])
      if holder == false then
        redis.call('hset', KEYS[5], ARGV[i], 'alias:' .. ARGV[1])
      elseif holder ~= 'alias:' .. ARGV[1] then
        duplicate = true
      end
    end
  end
  if ARGV[2] ~= '' and not duplicate then
    redis.call('rpush', KEYS[3], ARGV[2])
    redis.call('hincrby', KEYS[1], 'completed', 1)
  end
  if ARGV[3] ~= '' then
    redis.call('rpush', KEYS[4], ARGV[3])
    redis.call('hincrby', KEYS[1], 'failed', 1)
  end
  redis.call('hincrby', KEYS[1], 'creditsUsed', tonumber(ARGV[4]))
end
local pending = redis.call('hincrby', KEYS[1], 'pending', -1)
if pending < 0 then
  redis.call('hset', KEYS[1], 'pending', 0)
  pending = 0
end
local finished = 0
if pending == 0 and status == 'running' then
  redis.call('hset', KEYS[1], 'status', 'completed', 'finishedAt', ARGV[5])
  finished = 1
end
redis.call('hset', KEYS[1], 'updatedAt', ARGV[5])
local expiresAt = redis.call('hget', KEYS[1], 'expiresAt')
for i = 2, 5 do
  if redis.call('exists', KEYS[i]) == 1 then redis.call('pexpireat', KEYS[i], expiresAt) end
end
return {pending, finished}`;

/** Claims a finished item's alias keys before its links are queued. KEYS: seen. ARGV: holder, alias... */
const CLAIM_ALIASES = `
for i = 2, #ARGV do redis.call('hsetnx', KEYS[1], ARGV[i], ARGV[1]) end
return 1`;

/** Stops a running job (cancel / finish early). KEYS: job. ARGV: team ('' = any), status, now, error, errorCode. */
const STOP = `
if redis.call('exists', KEYS[1]) == 0 then return 0 end
if ARGV[1] ~= '' and redis.call('hget', KEYS[1], 'team') ~= ARGV[1] then return 0 end
if redis.call('hget', KEYS[1], 'status') ~= 'running' then return 1 end
redis.call('hset', KEYS[1], 'status', ARGV[2], 'updatedAt', ARGV[3], 'finishedAt', ARGV[3])
if ARGV[4] ~= '' then redis.call('hset', KEYS[1], 'error', ARGV[4]) end
if ARGV[5] ~= '' then redis.call('hset', KEYS[1], 'errorCode', ARGV[5]) end
return 1`;

// Limits (see JobLimits): the clock is Redis' own TIME, so workers on machines with skewed clocks share one timeline.
const NOW_MS = `local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`;

/** KEYS: leases zset (member → expiry). ARGV: id, limit, ttlMs. Returns 1 when `id` holds a lease now. */
const TRY_LEASE = `${NOW_MS}
local ttl = tonumber(ARGV[3])
redis.call('zremrangebyscore', KEYS[1], '-inf', now)
local held = redis.call('zscore', KEYS[1], ARGV[1]) ~= false
if not held and redis.call('zcard', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('zadd', KEYS[1], now + ttl, ARGV[1])
redis.call('pexpire', KEYS[1], ttl)
return 1`;

/** KEYS: next-start key. Returns the ms left before the next start (0: now). */
const UNTIL_NEXT = `${NOW_MS}
local nextAt = tonumber(redis.call('get', KEYS[1]) or '0')
if now < nextAt then return nextAt - now end
return 0`;

/** KEYS: next-start key. ARGV: gapMs. Moves the next start to now + gap unless it is later already. */
const PUSH_NEXT = `${NOW_MS}
local gap = tonumber(ARGV[1])
local nextAt = tonumber(redis.call('get', KEYS[1]) or '0')
if now + gap > nextAt then redis.call('set', KEYS[1], now + gap, 'PX', gap + 1000) end
return 0`;

export interface RedisJobStoreOptions {
  redisUrl: string;
  keyPrefix?: string;
  /** BullMQ's lock duration: a dead worker's item is taken over after about this long. */
  leaseMs?: number;
  maxAttempts?: number;
  retryBackoffMs?: number;
}

interface ItemData {
  jobId: string;
  key: string;
  payload: unknown;
}

type RedisWithScripts = Redis & {
  claimKeys(job: string, seen: string, parent: string, ...keys: string[]): Promise<string[]>;
  commitItem(
    job: string,
    done: string,
    results: string,
    errors: string,
    seen: string,
    ...args: (string | number)[]
  ): Promise<[number, number]>;
  stopJob(job: string, ...args: (string | number)[]): Promise<number>;
  claimAliases(seen: string, holder: string, ...aliases: string[]): Promise<number>;
  tryLease(leases: string, id: string, limit: number, ttlMs: number): Promise<number>;
  untilNext(key: string): Promise<number>;
  pushNext(key: string, gapMs: number): Promise<number>;
};

/** BullMQ's job as the work item a handler gets. */
const toItem = (kind: JobKind, bullJob: Job<ItemData>): WorkItem => ({
  jobId: bullJob.data.jobId,
  kind,
  key: bullJob.data.key,
  payload: bullJob.data.payload,
  // A takeover after a stall does not count as a failure in BullMQ, but it is a new attempt for the handler.
  attempt: Math.max(bullJob.attemptsMade + 1, bullJob.attemptsStarted ?? 0),
});

/**
 * The distributed home: BullMQ queues on Redis (one per job kind) carry the work items, so any number of processes
 * share them; BullMQ's locks and stalled-job checker give leases and takeover of a dead worker's items. The job
 * record, the frontier's seen set, the done set and the results are plain Redis keys changed by small Lua scripts,
 * so a takeover never stores a page twice or loses one.
 */
export async function createRedisJobStore(options: RedisJobStoreOptions): Promise<JobStore> {
  const prefix = options.keyPrefix ?? DEFAULT_JOBS_REDIS_PREFIX;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const maxAttempts = options.maxAttempts ?? DEFAULT_ITEM_ATTEMPTS;
  const backoffMs = options.retryBackoffMs ?? RETRY_BACKOFF_MS;
  const redis = new Redis(options.redisUrl, {
    keyPrefix: prefix,
    lazyConnect: true,
    connectTimeout: CONNECT_TIMEOUT_MS,
    maxRetriesPerRequest: 3,
  }) as RedisWithScripts;
  redis.on('error', () => {});
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    throw new JobError('unavailable', `Redis is unreachable for the job queue: ${String(error)}`);
  }
  redis.defineCommand('claimKeys', { numberOfKeys: 2, lua: CLAIM });
  redis.defineCommand('commitItem', { numberOfKeys: 5, lua: COMMIT });
  redis.defineCommand('stopJob', { numberOfKeys: 1, lua: STOP });
  redis.defineCommand('claimAliases', { numberOfKeys: 1, lua: CLAIM_ALIASES });
  redis.defineCommand('tryLease', { numberOfKeys: 1, lua: TRY_LEASE });
  redis.defineCommand('untilNext', { numberOfKeys: 1, lua: UNTIL_NEXT });
  redis.defineCommand('pushNext', { numberOfKeys: 1, lua: PUSH_NEXT });

  const connection = { url: options.redisUrl, maxRetriesPerRequest: null, connectTimeout: CONNECT_TIMEOUT_MS };
  const bullPrefix = `${prefix}bull`;
  const queues = new Map<string, Queue>();
  const workers = new Set<JobWorker>();
  const runningByJob = new Map<string, Set<AbortController>>();
  let closed = false;

  const k = {
    job: (id: string) => `job:${id}`,
    seen: (id: string) => `seen:${id}`,
    done: (id: string) => `done:${id}`,
    results: (id: string) => `results:${id}`,
    errors: (id: string) => `errors:${id}`,
    team: (team: string) => `team:${team}`,
    lease: (name: string) => `limit:lease:${name}`,
    start: (name: string) => `limit:start:${name}`,
  };
  const guard = () => {
    if (closed) throw new JobError('closed', 'The job store is closed');
  };
  const queueFor = (kind: string) => {
    let q = queues.get(kind);
    if (!q) {
      q = new Queue(`work-${kind}`, { connection, prefix: bullPrefix });
      q.on('error', () => {});
      queues.set(kind, q);
    }
    return q;
  };
  const bullId = (jobId: string, key: string) => `${jobId}-${createHash('sha1').update(key).digest('hex')}`;

  function parseJob(h: Record<string, string>): JobRecord | null {
    if (!h.id) return null;
    const job: JobRecord = {
      id: h.id,
      kind: h.kind,
      team: h.team,
      status: h.status as JobStatus,
      params: JSON.parse(h.params ?? 'null'),
      state: JSON.parse(h.state ?? '{}'),
      createdAt: Number(h.createdAt),
      updatedAt: Number(h.updatedAt),
      expiresAt: Number(h.expiresAt),
      total: Number(h.total ?? 0),
      completed: Number(h.completed ?? 0),
      failed: Number(h.failed ?? 0),
      pending: Number(h.pending ?? 0),
      creditsUsed: Number(h.creditsUsed ?? 0),
      maxItems: h.maxItems ? Number(h.maxItems) : null,
    };
    if (h.error) job.error = h.error;
    if (h.errorCode) job.errorCode = h.errorCode;
    if (h.finishedAt) job.finishedAt = Number(h.finishedAt);
    return job;
  }

  async function readJob(id: string): Promise<JobRecord | null> {
    const job = parseJob(await redis.hgetall(k.job(id)));
    return job && job.expiresAt >= Date.now() ? job : null;
  }

  /** Claims the keys under `parent` and queues the ones returned; returns how many were queued. */
  async function addItems(
    job: Pick<JobRecord, 'id' | 'kind'>,
    parent: string,
    items: WorkItemInput[],
  ): Promise<number> {
    if (items.length === 0) return 0;
    const byKey = new Map(items.map((i) => [i.key, i]));
    const claimed = await redis.claimKeys(k.job(job.id), k.seen(job.id), parent, ...byKey.keys());
    if (claimed.length === 0) return 0;
    await queueFor(job.kind).addBulk(
      claimed.map((key) => {
        const item = byKey.get(key)!;
        return {
          name: job.kind,
          data: { jobId: job.id, key, payload: item.payload ?? null } satisfies ItemData,
          opts: {
            jobId: bullId(job.id, key),
            delay: Math.max(0, item.delayMs ?? 0),
            attempts: maxAttempts,
            backoff: { type: 'exponential', delay: backoffMs },
            removeOnComplete: true,
            removeOnFail: { age: 24 * 3600 },
          },
        };
      }),
    );
    return claimed.length;
  }

  async function commit(item: WorkItem, outcome: WorkOutcome): Promise<{ job: JobRecord; finished: boolean } | null> {
    const [pending, finished] = await redis.commitItem(
      k.job(item.jobId),
      k.done(item.jobId),
      k.results(item.jobId),
      k.errors(item.jobId),
      k.seen(item.jobId),
      item.key,
      outcome.result === undefined ? '' : JSON.stringify(outcome.result),
      outcome.error ? JSON.stringify({ ...outcome.error, key: item.key, at: Date.now() }) : '',
      Math.round(outcome.credits ?? 0),
      Date.now(),
      ...(outcome.aliases ?? []),
    );
    if (pending < 0) return null;
    const job = await readJob(item.jobId);
    return job && { job, finished: finished === 1 };
  }

  async function stop(
    id: string,
    team: string | undefined,
    status: JobStatus,
    error = '',
    errorCode = '',
  ): Promise<JobRecord | null> {
    guard();
    const ok = await redis.stopJob(k.job(id), team ?? '', status, Date.now(), error, errorCode);
    if (!ok) return null;
    for (const c of runningByJob.get(id) ?? []) c.abort();
    return readJob(id);
  }

  async function readList<T>(key: string, page: { offset?: number; limit?: number }): Promise<T[]> {
    const offset = Math.max(0, page.offset ?? 0);
    const limit = Math.max(1, page.limit ?? DEFAULT_PAGE_LIMIT);
    const raw = await redis.lrange(key, offset, offset + limit - 1);
    return raw.map((r) => JSON.parse(r) as T);
  }

  /** Aborts the item's handler once the job is no longer running (cancelled or ended by another process). */
  const abortWhenStopped = (item: WorkItem, controller: AbortController) =>
    setInterval(() => {
      redis
        .hget(k.job(item.jobId), 'status')
        .then((status) => status !== 'running' && controller.abort())
        .catch(() => {});
    }, CANCEL_POLL_MS);

  const store: JobStore = {
    home: 'redis',
    limits: {
      leaseMs,
      tryLease: async (name, id, limit) => (await redis.tryLease(k.lease(name), id, limit, leaseMs)) === 1,
      releaseLease: async (name, id) => void (await redis.zrem(k.lease(name), id)),
      untilNext: (name) => redis.untilNext(k.start(name)),
      pushNext: async (name, gapMs) => void (await redis.pushNext(k.start(name), Math.max(0, Math.round(gapMs)))),
    },
    async createJob(input) {
      guard();
      const now = Date.now();
      const id = input.id ?? randomUUID();
      const expiresAt = now + (input.ttlMs ?? DEFAULT_JOB_TTL_MS);
      const fields: Record<string, string | number> = {
        id,
        kind: input.kind,
        team: input.team,
        status: 'running',
        params: JSON.stringify(input.params ?? null),
        state: JSON.stringify(input.state ?? {}),
        createdAt: now,
        updatedAt: now,
        expiresAt,
        total: 0,
        completed: 0,
        failed: 0,
        pending: 0,
        creditsUsed: 0,
        maxItems: input.maxItems ?? '',
      };
      const created = await redis.hsetnx(k.job(id), 'id', id);
      if (!created) throw new JobError('invalid_input', `Job ${id} exists already`);
      await redis
        .multi()
        .hset(k.job(id), fields)
        .pexpireat(k.job(id), expiresAt)
        .zadd(k.team(input.team), now, id)
        .exec();
      await addItems({ id, kind: input.kind }, '', input.items ?? []);
      const job = (await readJob(id))!;
      if (job.pending === 0) return (await stop(id, undefined, 'completed')) ?? job;
      return job;
    },
    async getJob(id, team) {
      guard();
      const job = await readJob(id);
      if (!job || (team !== undefined && job.team !== team)) return null;
      return job;
    },
    async listJobs(team, filter = {}) {
      guard();
      const ids = await redis.zrevrange(k.team(team), 0, -1);
      const found: JobRecord[] = [];
      const stale: string[] = [];
      for (const id of ids) {
        const job = await readJob(id);
        if (!job) {
          stale.push(id);
          continue;
        }
        if (filter.kind && job.kind !== filter.kind) continue;
        if (filter.status && job.status !== filter.status) continue;
        found.push(job);
      }
      if (stale.length) await redis.zrem(k.team(team), ...stale);
      return found;
    },
    async enqueue(jobId, items) {
      guard();
      const job = await readJob(jobId);
      if (job?.status !== 'running') return 0;
      // Items added from outside a handler have no parent to re-claim them: a fresh parent id per call.
      return addItems(job, `enqueue:${randomUUID()}`, items);
    },
    cancelJob: (id, team) => stop(id, team, 'cancelled'),
    finishJob: (id, end) => stop(id, undefined, end.status, end.error, end.errorCode),
    async setJobState(id, patch) {
      guard();
      // Read-merge-write under WATCH: two handlers setting different fields both land.
      for (;;) {
        await redis.watch(k.job(id));
        const raw = await redis.hget(k.job(id), 'state');
        if (raw === null) {
          await redis.unwatch();
          return;
        }
        const state = { ...JSON.parse(raw), ...patch };
        const ok = await redis.multi().hset(k.job(id), 'state', JSON.stringify(state), 'updatedAt', Date.now()).exec();
        if (ok) return;
      }
    },
    readResults(jobId, page = {}) {
      guard();
      return readList(k.results(jobId), page);
    },
    readErrors(jobId, page = {}) {
      guard();
      return readList<StoredError>(k.errors(jobId), page);
    },
    async deleteJob(id) {
      guard();
      for (const c of runningByJob.get(id) ?? []) c.abort();
      const team = await redis.hget(k.job(id), 'team');
      await redis.del(k.job(id), k.seen(id), k.done(id), k.results(id), k.errors(id));
      if (team) await redis.zrem(k.team(team), id);
    },
    startWorker(workerOptions) {
      guard();
      const kinds = Object.keys(workerOptions.handlers).filter((kind) => workerOptions.handlers[kind]);
      const concurrency = Math.max(1, workerOptions.concurrency ?? DEFAULT_WORKER_CONCURRENCY);
      const report = (error: unknown, item?: WorkItem) => workerOptions.onError?.(error, item);
      let stopping = false;
      const controllers = new Set<AbortController>();

      const afterCommit = async (
        item: WorkItem,
        outcome: WorkOutcome,
        committed: Awaited<ReturnType<typeof commit>>,
      ) => {
        if (!committed || !workerOptions.onCommitted) return;
        try {
          await workerOptions.onCommitted({ job: committed.job, item, outcome, jobFinished: committed.finished });
        } catch (error) {
          report(error, item);
        }
      };

      /** Stores what the handler's run came to: nothing (job stopped), a retry (BullMQ retries), or its outcome. */
      const settle = async (item: WorkItem, job: JobRecord, run: Awaited<ReturnType<typeof runWorkItem>>) => {
        if ('abandoned' in run) {
          if (stopping) throw new JobError('closed', 'Worker closing: the item goes back to the queue');
          const committed = await commit(item, {});
          await afterCommit(item, {}, committed);
          return;
        }
        if ('retry' in run) throw run.retry instanceof Error ? run.retry : new Error(String(run.retry));
        // Aliases first: a redirect target the page also links to is this page, not a new one to queue.
        const aliases = (run.outcome.aliases ?? []).filter((a) => a !== item.key);
        if (aliases.length) await redis.claimAliases(k.seen(item.jobId), `alias:${item.key}`, ...aliases);
        if (run.outcome.discovered?.length) await addItems(job, item.key, run.outcome.discovered);
        const committed = await commit(item, run.outcome);
        await afterCommit(item, run.outcome, committed);
      };

      const bullWorkers = kinds.map((kind) => {
        const handler = workerOptions.handlers[kind]!;
        const processor = async (bullJob: Job<ItemData>) => {
          const item = toItem(kind, bullJob);
          const job = await readJob(item.jobId);
          if (!job) return;
          if (await redis.sismember(k.done(item.jobId), item.key)) return;
          if (job.status !== 'running') {
            await commit(item, {});
            return;
          }
          const { controller, release } = trackRunning(controllers, runningByJob, item.jobId);
          const watch = abortWhenStopped(item, controller);
          try {
            const run = await runWorkItem({
              handler,
              item,
              job,
              signal: controller.signal,
              maxAttempts,
              onError: report,
            });
            await settle(item, job, run);
          } finally {
            clearInterval(watch);
            release();
          }
        };
        const worker = new Worker<ItemData>(`work-${kind}`, processor, {
          connection,
          prefix: bullPrefix,
          concurrency,
          lockDuration: leaseMs,
          stalledInterval: Math.max(1_000, Math.floor(leaseMs / 2)),
          maxStalledCount: maxAttempts,
        });
        worker.on('error', (error) => report(error));
        // An item that ran out of attempts outside our handler (stalled too often) still lands as an error.
        worker.on('failed', (bullJob, error) => {
          if (!bullJob) return;
          const item = toItem(kind, bullJob);
          const outcome: WorkOutcome = { error: { code: 'ITEM_FAILED', message: error?.message ?? 'Item failed' } };
          // A retryable failure waits (delayed) for its next attempt; only a final one is in the failed state.
          bullJob
            .isFailed()
            .then(async (final) => final && afterCommit(item, outcome, await commit(item, outcome)))
            .catch((e) => report(e, item));
        });
        return worker;
      });

      const worker: JobWorker = {
        async close() {
          if (stopping) return;
          stopping = true;
          for (const c of controllers) c.abort();
          await Promise.all(bullWorkers.map((w) => w.close()));
          workers.delete(worker);
        },
      };
      workers.add(worker);
      return worker;
    },
    async queueStats(kinds) {
      guard();
      const counts: Record<string, QueueCounts> = {};
      await Promise.all(
        kinds.map(async (kind) => {
          const c = await queueFor(kind).getJobCounts('wait', 'prioritized', 'delayed', 'active');
          counts[kind] = {
            waiting: (c.wait ?? 0) + (c.prioritized ?? 0),
            delayed: c.delayed ?? 0,
            active: c.active ?? 0,
          };
        }),
      );
      return counts;
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
