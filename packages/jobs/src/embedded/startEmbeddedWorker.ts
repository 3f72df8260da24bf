import { retryDelayMs, runWorkItem, trackRunning } from '../runWorkItem.js';
import {
  DEFAULT_WORKER_CONCURRENCY,
  type JobRecord,
  type JobWorker,
  type WorkerOptions,
  type WorkItem,
} from '../types.js';
import { commitItem } from './embeddedItems.js';
import { type LeaseContext, recoverStalled, renewWhileRunning, requeue, takeItem } from './embeddedLeases.js';

/** How often an idle worker looks for items another process queued (in-process enqueues wake it at once). */
const IDLE_POLL_MS = 200;
/** Expired jobs are swept this often while a worker runs. */
const EXPIRY_SWEEP_MS = 10 * 60 * 1000;

/** What a worker needs of its store. */
export interface EmbeddedWorkerContext extends LeaseContext {
  backoffMs: number;
  /** Running items' abort controllers by job, so a cancel in this process stops them at once. */
  runningByJob: Map<string, Set<AbortController>>;
  /** The wake functions of this process's idle workers; a worker's own is in it while it runs. */
  wakers: Set<() => void>;
  isClosed: () => boolean;
  /** The store's sweep of expired jobs, run now and then while the worker runs. */
  sweep: () => Promise<number>;
}

/** One running worker: its store, options, running items and whether it is stopping. */
interface WorkerRun {
  ctx: EmbeddedWorkerContext;
  options: WorkerOptions;
  controllers: Set<AbortController>;
  /** The worker is closing or the store closed: take no more items, hand running ones back. */
  stopped: () => boolean;
  report: (error: unknown, item?: WorkItem) => void;
}

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

/** Wakes every idle worker of this process (an item became ready). */
export function wakeAll(wakers: Set<() => void>): void {
  for (const w of [...wakers]) w();
}

const commitNow = (run: WorkerRun, item: WorkItem, outcome: Parameters<typeof commitItem>[2]) =>
  run.ctx.dbs.root.transaction(() => commitItem(run.ctx.dbs, item, outcome, Date.now()));

/** Stores what the handler's run came to: skipped or requeued (job stopped), a later retry, or its outcome. */
async function settle(run: WorkerRun, item: WorkItem, result: Awaited<ReturnType<typeof runWorkItem>>): Promise<void> {
  const { ctx, options } = run;
  if ('abandoned' in result) {
    // The job stopped: the item is skipped. The worker is closing: the item goes back for another worker.
    if (run.stopped()) await requeue(ctx, item, item.attempt, 0);
    else await commitNow(run, item, {});
    return;
  }
  if ('retry' in result) {
    await requeue(ctx, item, item.attempt + 1, retryDelayMs(item.attempt, ctx.backoffMs));
    return;
  }
  const committed = await commitNow(run, item, result.outcome);
  if (committed && result.outcome.discovered?.length) ctx.wake();
  if (!committed || !options.onCommitted) return;
  try {
    await options.onCommitted({ job: committed.job, item, outcome: result.outcome, jobFinished: committed.finished });
  } catch (error) {
    run.report(error, item);
  }
}

/** Runs one leased item's handler (renewing its lease meanwhile) and settles the result. */
async function runOne(run: WorkerRun, item: WorkItem, job: JobRecord | undefined): Promise<void> {
  const { ctx } = run;
  if (job?.status !== 'running' || ctx.dbs.done.get([item.jobId, item.key])) {
    await commitNow(run, item, {});
    return;
  }
  const { controller, release } = trackRunning(run.controllers, ctx.runningByJob, item.jobId);
  const renew = renewWhileRunning(ctx, item, controller, run.report);
  try {
    const result = await runWorkItem({
      handler: run.options.handlers[item.kind]!,
      item,
      job,
      signal: controller.signal,
      maxAttempts: ctx.maxAttempts,
      onError: run.report,
    });
    await settle(run, item, result);
  } finally {
    clearInterval(renew);
    release();
  }
}

/** One of the worker's `concurrency` loops: take an item, run it, or wait idle. */
async function loop(run: WorkerRun, kinds: string[], idle: () => Promise<void>): Promise<void> {
  while (!run.stopped()) {
    let taken: Awaited<ReturnType<typeof takeItem>> = null;
    try {
      taken = await takeItem(run.ctx, kinds);
    } catch (error) {
      run.report(error);
    }
    if (!taken) {
      await idle();
      continue;
    }
    try {
      await runOne(run, taken.item, taken.job);
    } catch (error) {
      run.report(error, taken.item);
    }
  }
}

/** Starts a worker on the LMDB store: `concurrency` loops, stalled-item recovery and the expiry sweep. */
export function startEmbeddedWorker(
  ctx: EmbeddedWorkerContext,
  options: WorkerOptions,
  onClosed: (worker: JobWorker) => void,
): JobWorker {
  const kinds = Object.keys(options.handlers).filter((k) => options.handlers[k]);
  const concurrency = Math.max(1, options.concurrency ?? DEFAULT_WORKER_CONCURRENCY);
  let stopping = false;
  const { idle, wake: waker } = createIdleWait(IDLE_POLL_MS);
  ctx.wakers.add(waker);
  const report = (error: unknown, item?: WorkItem) => options.onError?.(error, item);
  const run: WorkerRun = { ctx, options, controllers: new Set(), stopped: () => stopping || ctx.isClosed(), report };

  const recoverTimer = setInterval(
    () => void recoverStalled(ctx).catch((e) => report(e)),
    Math.max(50, Math.floor(ctx.leaseMs / 2)),
  );
  const sweepTimer = setInterval(() => void ctx.sweep().catch((e) => report(e)), EXPIRY_SWEEP_MS);
  recoverTimer.unref();
  sweepTimer.unref();
  const loops = recoverStalled(ctx)
    .catch((e) => report(e))
    .then(() => Promise.all(Array.from({ length: concurrency }, () => loop(run, kinds, idle))));

  const worker: JobWorker = {
    async close() {
      if (stopping) return;
      stopping = true;
      clearInterval(recoverTimer);
      clearInterval(sweepTimer);
      for (const c of run.controllers) c.abort();
      waker();
      ctx.wakers.delete(waker);
      await loops;
      onClosed(worker);
    },
  };
  return worker;
}
