import { createHash } from 'node:crypto';
import type { Queue } from 'bullmq';
import { JobError } from '../JobError.js';
import { newJobRecord } from '../newJobRecord.js';
import type {
  CreateJobInput,
  JobRecord,
  JobStatus,
  Page,
  QueueCounts,
  WorkItem,
  WorkItemInput,
  WorkOutcome,
} from '../types.js';
import type { RedisWithScripts } from './connectJobRedis.js';

const DEFAULT_PAGE_LIMIT = 100;

/** The data of one BullMQ job: the work item it carries. */
export interface ItemData {
  jobId: string;
  key: string;
  payload: unknown;
}

/** What the Redis steps share: the client, the BullMQ queue per kind and the item tunables. */
export interface RedisContext {
  redis: RedisWithScripts;
  queueFor: (kind: string) => Queue;
  maxAttempts: number;
  backoffMs: number;
}

/** The Redis keys of this package (under the client's key prefix). */
export const jobKeys = {
  job: (id: string) => `job:${id}`,
  seen: (id: string) => `seen:${id}`,
  done: (id: string) => `done:${id}`,
  results: (id: string) => `results:${id}`,
  errors: (id: string) => `errors:${id}`,
  team: (team: string) => `team:${team}`,
  lease: (name: string) => `limit:lease:${name}`,
  start: (name: string) => `limit:start:${name}`,
};

/** BullMQ's job id for an item: queueing the same item twice is a no-op. */
const bullId = (jobId: string, key: string) => `${jobId}-${createHash('sha1').update(key).digest('hex')}`;

/** The job hash as a JobRecord (null for a missing hash). */
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

/** The hash fields of a new running job with no items yet (newJobRecord's, JSON and absent values as strings). */
function newJobFields(job: JobRecord): Record<string, string | number> {
  const { params, state, maxItems, ...scalars } = job;
  return {
    ...scalars,
    params: JSON.stringify(params ?? null),
    state: JSON.stringify(state),
    maxItems: maxItems ?? '',
  };
}

/** The job when it exists and has not expired. */
export async function readJob(ctx: RedisContext, id: string): Promise<JobRecord | null> {
  const job = parseJob(await ctx.redis.hgetall(jobKeys.job(id)));
  return job && job.expiresAt >= Date.now() ? job : null;
}

/** Claims the keys under `parent` and queues the ones returned; returns how many were queued. */
export async function addItems(
  ctx: RedisContext,
  job: Pick<JobRecord, 'id' | 'kind'>,
  parent: string,
  items: WorkItemInput[],
): Promise<number> {
  if (items.length === 0) return 0;
  const byKey = new Map(items.map((i) => [i.key, i]));
  const claimed = await ctx.redis.claimKeys(jobKeys.job(job.id), jobKeys.seen(job.id), parent, ...byKey.keys());
  if (claimed.length === 0) return 0;
  await ctx.queueFor(job.kind).addBulk(
    claimed.map((key) => {
      const item = byKey.get(key)!;
      return {
        name: job.kind,
        data: { jobId: job.id, key, payload: item.payload ?? null } satisfies ItemData,
        opts: {
          jobId: bullId(job.id, key),
          delay: Math.max(0, item.delayMs ?? 0),
          attempts: ctx.maxAttempts,
          backoff: { type: 'exponential', delay: ctx.backoffMs },
          removeOnComplete: true,
          removeOnFail: { age: 24 * 3600 },
        },
      };
    }),
  );
  return claimed.length;
}

/** What a commit came to: the job after it, and whether this item was the job's last (null: a duplicate). */
export type Committed = { job: JobRecord; finished: boolean } | null;

/** Commits one item's outcome (once: a second commit of the same item is a no-op returning null). */
export async function commit(ctx: RedisContext, item: WorkItem, outcome: WorkOutcome): Promise<Committed> {
  const [pending, finished] = await ctx.redis.commitItem(
    jobKeys.job(item.jobId),
    jobKeys.done(item.jobId),
    jobKeys.results(item.jobId),
    jobKeys.errors(item.jobId),
    jobKeys.seen(item.jobId),
    item.key,
    outcome.result === undefined ? '' : JSON.stringify(outcome.result),
    outcome.error ? JSON.stringify({ ...outcome.error, key: item.key, at: Date.now() }) : '',
    Math.round(outcome.credits ?? 0),
    Date.now(),
    ...(outcome.aliases ?? []),
  );
  if (pending < 0) return null;
  const job = await readJob(ctx, item.jobId);
  return job && { job, finished: finished === 1 };
}

/** One page of a JSON list (results or errors). */
export async function readList<T>(redis: RedisWithScripts, key: string, page: Page): Promise<T[]> {
  const offset = Math.max(0, page.offset ?? 0);
  const limit = Math.max(1, page.limit ?? DEFAULT_PAGE_LIMIT);
  const raw = await redis.lrange(key, offset, offset + limit - 1);
  return raw.map((r) => JSON.parse(r) as T);
}

/** Merges `patch` into the job's state: read-merge-write under WATCH, so two handlers' fields both land. */
export async function mergeJobState(redis: RedisWithScripts, id: string, patch: Record<string, unknown>) {
  for (;;) {
    await redis.watch(jobKeys.job(id));
    const raw = await redis.hget(jobKeys.job(id), 'state');
    if (raw === null) {
      await redis.unwatch();
      return;
    }
    const state = { ...JSON.parse(raw), ...patch };
    const ok = await redis
      .multi()
      .hset(jobKeys.job(id), 'state', JSON.stringify(state), 'updatedAt', Date.now())
      .exec();
    if (ok) return;
  }
}

/** A team's live jobs that pass the filter, newest first; ids of expired jobs are dropped from the team's index. */
export async function listTeamJobs(
  ctx: RedisContext,
  team: string,
  filter: { kind?: string; status?: JobStatus },
): Promise<JobRecord[]> {
  const ids = await ctx.redis.zrevrange(jobKeys.team(team), 0, -1);
  const found: JobRecord[] = [];
  const stale: string[] = [];
  for (const id of ids) {
    const job = await readJob(ctx, id);
    if (!job) {
      stale.push(id);
      continue;
    }
    if (filter.kind && job.kind !== filter.kind) continue;
    if (filter.status && job.status !== filter.status) continue;
    found.push(job);
  }
  if (stale.length) await ctx.redis.zrem(jobKeys.team(team), ...stale);
  return found;
}

/** Stores a new job (refusing an id that exists) and queues its first items; returns the job as stored. */
export async function insertJob(ctx: RedisContext, input: CreateJobInput): Promise<JobRecord> {
  const { redis } = ctx;
  const now = Date.now();
  const job = newJobRecord(input, now);
  const id = job.id;
  const fields = newJobFields(job);
  const created = await redis.hsetnx(jobKeys.job(id), 'id', id);
  if (!created) throw new JobError('invalid_input', `Job ${id} exists already`);
  await redis
    .multi()
    .hset(jobKeys.job(id), fields)
    .pexpireat(jobKeys.job(id), job.expiresAt)
    .zadd(jobKeys.team(input.team), now, id)
    .exec();
  await addItems(ctx, { id, kind: input.kind }, '', input.items ?? []);
  return (await readJob(ctx, id))!;
}

/** Removes the job's keys and its entry in the team's index. */
export async function removeJobKeys(redis: RedisWithScripts, id: string): Promise<void> {
  const team = await redis.hget(jobKeys.job(id), 'team');
  await redis.del(jobKeys.job(id), jobKeys.seen(id), jobKeys.done(id), jobKeys.results(id), jobKeys.errors(id));
  if (team) await redis.zrem(jobKeys.team(team), id);
}

/** Waiting, delayed and active items per kind, as BullMQ counts them. */
export async function countQueues(ctx: RedisContext, kinds: readonly string[]): Promise<Record<string, QueueCounts>> {
  const counts: Record<string, QueueCounts> = {};
  await Promise.all(
    kinds.map(async (kind) => {
      const c = await ctx.queueFor(kind).getJobCounts('wait', 'prioritized', 'delayed', 'active');
      counts[kind] = {
        waiting: (c.wait ?? 0) + (c.prioritized ?? 0),
        delayed: c.delayed ?? 0,
        active: c.active ?? 0,
      };
    }),
  );
  return counts;
}
