import { type Job, Worker } from 'bullmq';
import { JobError } from '../JobError.js';
import { runWorkItem, trackRunning } from '../runWorkItem.js';
import {
  DEFAULT_WORKER_CONCURRENCY,
  type JobKind,
  type JobRecord,
  type JobWorker,
  type WorkerOptions,
  type WorkHandler,
  type WorkItem,
  type WorkOutcome,
} from '../types.js';
import type { bullConnection } from './connectJobRedis.js';
import { type Committed, type ItemData, type RedisContext, addItems, commit, jobKeys, readJob } from './redisJobOps.js';

/** A worker notices a cancel made on another process this often. */
const CANCEL_POLL_MS = 1_000;

/** What a worker needs of its store beyond the shared Redis steps. */
export interface RedisWorkerContext extends RedisContext {
  /** BullMQ's connection options (the queues' too). */
  connection: ReturnType<typeof bullConnection>;
  bullPrefix: string;
  leaseMs: number;
  /** Running items' abort controllers by job, so a cancel in this process stops them at once. */
  runningByJob: Map<string, Set<AbortController>>;
}

/** One running worker: its store, options, running items and whether it is closing. */
interface WorkerRun {
  ctx: RedisWorkerContext;
  options: WorkerOptions;
  controllers: Set<AbortController>;
  stopping: () => boolean;
  report: (error: unknown, item?: WorkItem) => void;
}

/** BullMQ's job as the work item a handler gets. */
const toItem = (kind: JobKind, bullJob: Job<ItemData>): WorkItem => ({
  jobId: bullJob.data.jobId,
  kind,
  key: bullJob.data.key,
  payload: bullJob.data.payload,
  // A takeover after a stall does not count as a failure in BullMQ, but it is a new attempt for the handler.
  attempt: Math.max(bullJob.attemptsMade + 1, bullJob.attemptsStarted ?? 0),
});

/** Aborts the item's handler once the job is no longer running (cancelled or ended by another process). */
const abortWhenStopped = (ctx: RedisContext, item: WorkItem, controller: AbortController) =>
  setInterval(() => {
    ctx.redis
      .hget(jobKeys.job(item.jobId), 'status')
      .then((status) => status !== 'running' && controller.abort())
      .catch(() => {});
  }, CANCEL_POLL_MS);

/** Tells the worker's `onCommitted` of a commit; its errors are reported, never retried. */
async function afterCommit(run: WorkerRun, item: WorkItem, outcome: WorkOutcome, committed: Committed) {
  if (!committed || !run.options.onCommitted) return;
  try {
    await run.options.onCommitted({ job: committed.job, item, outcome, jobFinished: committed.finished });
  } catch (error) {
    run.report(error, item);
  }
}

/** Stores what the handler's run came to: nothing (job stopped), a retry (BullMQ retries), or its outcome. */
async function settle(run: WorkerRun, item: WorkItem, job: JobRecord, result: Awaited<ReturnType<typeof runWorkItem>>) {
  const { ctx } = run;
  if ('abandoned' in result) {
    if (run.stopping()) throw new JobError('closed', 'Worker closing: the item goes back to the queue');
    await afterCommit(run, item, {}, await commit(ctx, item, {}));
    return;
  }
  if ('retry' in result) throw result.retry instanceof Error ? result.retry : new Error(String(result.retry));
  // Aliases first: a redirect target the page also links to is this page, not a new one to queue.
  const aliases = (result.outcome.aliases ?? []).filter((a) => a !== item.key);
  if (aliases.length) await ctx.redis.claimAliases(jobKeys.seen(item.jobId), `alias:${item.key}`, ...aliases);
  if (result.outcome.discovered?.length) await addItems(ctx, job, item.key, result.outcome.discovered);
  await afterCommit(run, item, result.outcome, await commit(ctx, item, result.outcome));
}

/** BullMQ's processor for one kind: skips done items and stopped jobs, runs the handler, settles the result. */
function processorFor(run: WorkerRun, kind: JobKind, handler: WorkHandler) {
  const { ctx } = run;
  return async (bullJob: Job<ItemData>) => {
    const item = toItem(kind, bullJob);
    const job = await readJob(ctx, item.jobId);
    if (!job) return;
    if (await ctx.redis.sismember(jobKeys.done(item.jobId), item.key)) return;
    if (job.status !== 'running') {
      await commit(ctx, item, {});
      return;
    }
    const { controller, release } = trackRunning(run.controllers, ctx.runningByJob, item.jobId);
    const watch = abortWhenStopped(ctx, item, controller);
    try {
      const result = await runWorkItem({
        handler,
        item,
        job,
        signal: controller.signal,
        maxAttempts: ctx.maxAttempts,
        onError: run.report,
      });
      await settle(run, item, job, result);
    } finally {
      clearInterval(watch);
      release();
    }
  };
}

/** A BullMQ worker for one kind; an item that ran out of attempts outside the handler still lands as an error. */
function bullWorkerFor(run: WorkerRun, kind: JobKind, concurrency: number): Worker<ItemData> {
  const { ctx } = run;
  const worker = new Worker<ItemData>(`work-${kind}`, processorFor(run, kind, run.options.handlers[kind]!), {
    connection: ctx.connection,
    prefix: ctx.bullPrefix,
    concurrency,
    lockDuration: ctx.leaseMs,
    stalledInterval: Math.max(1_000, Math.floor(ctx.leaseMs / 2)),
    maxStalledCount: ctx.maxAttempts,
  });
  worker.on('error', (error) => run.report(error));
  // An item that ran out of attempts outside our handler (stalled too often) still lands as an error.
  worker.on('failed', (bullJob, error) => {
    if (!bullJob) return;
    const item = toItem(kind, bullJob);
    const outcome: WorkOutcome = { error: { code: 'ITEM_FAILED', message: error?.message ?? 'Item failed' } };
    // A retryable failure waits (delayed) for its next attempt; only a final one is in the failed state.
    bullJob
      .isFailed()
      .then(async (final) => final && afterCommit(run, item, outcome, await commit(ctx, item, outcome)))
      .catch((e) => run.report(e, item));
  });
  return worker;
}

/** Starts a worker on the Redis store: one BullMQ worker per kind it has a handler for. */
export function startRedisWorker(
  ctx: RedisWorkerContext,
  options: WorkerOptions,
  onClosed: (worker: JobWorker) => void,
): JobWorker {
  const kinds = Object.keys(options.handlers).filter((kind) => options.handlers[kind]);
  const concurrency = Math.max(1, options.concurrency ?? DEFAULT_WORKER_CONCURRENCY);
  let stopping = false;
  const report = (error: unknown, item?: WorkItem) => options.onError?.(error, item);
  const run: WorkerRun = { ctx, options, controllers: new Set(), stopping: () => stopping, report };
  const bullWorkers = kinds.map((kind) => bullWorkerFor(run, kind, concurrency));
  const worker: JobWorker = {
    async close() {
      if (stopping) return;
      stopping = true;
      for (const c of run.controllers) c.abort();
      await Promise.all(bullWorkers.map((w) => w.close()));
      onClosed(worker);
    },
  };
  return worker;
}
