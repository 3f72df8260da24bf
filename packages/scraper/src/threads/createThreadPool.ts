// The worker-thread pool under the CPU transforms (cpu/) and the PDF parser (pdf/): a bounded set of threads, a queue,
// threads ended when idle or recycled after enough jobs, and a job that outlives its caller stopped by terminating its
// thread. What differs between the two (the script, the messages, the errors, which queued job goes next, extra
// reasons to recycle) is passed in as typed options; the pools keep only their own protocol.
import { closeThreadPool } from './closeThreadPool.js';
import { retireThread, spawnThread } from './spawnThread.js';
import { settleThreadJob } from './settleThreadJob.js';
import { takeNextJob } from './takeNextJob.js';
import type { ThreadJob, ThreadPool, ThreadPoolOptions, ThreadPoolState, ThreadSlot } from './threadPoolTypes.js';

export type { ThreadJob, ThreadPool } from './threadPoolTypes.js';

/**
 * The pool; its steps: spawnThread/retireThread (a thread's life), takeNextJob (the queue's order),
 * settleThreadJob (a job's end), closeThreadPool.
 */
export function createThreadPool<R, J extends ThreadJob<R>, M>(options: ThreadPoolOptions<R, J, M>): ThreadPool<R, J> {
  const state: ThreadPoolState<J> = { slots: new Set(), queue: [], closed: false };
  const { slots, queue } = state;
  const settle = (job: J, error: unknown, result?: R) => settleThreadJob(options, job, error, result);
  const retire = (slot: ThreadSlot<J>) => retireThread(state, slot);

  /** The thread died (error or exit): its job fails with `options.lost`, the queue moves on. */
  function lost(slot: ThreadSlot<J>, reason: string): void {
    if (!slots.delete(slot)) return;
    clearTimeout(slot.idleTimer);
    const job = slot.job;
    slot.job = undefined;
    if (job) settle(job, options.lost(reason));
    pump();
  }

  /** An idle thread, or a new one while there is room; none when all are busy or none can start (the queue fails). */
  function freeSlot(): ThreadSlot<J> | undefined {
    const idle = [...slots].find((s) => !s.job);
    if (idle || slots.size >= options.size) return idle;
    try {
      return spawnThread(options, state, lost);
    } catch (err) {
      for (const job of queue.splice(0)) settle(job, err);
      return undefined;
    }
  }

  function pump(): void {
    while (queue.length > 0 && !state.closed) {
      const slot = freeSlot();
      if (!slot) return;
      const job = takeNextJob(options, queue, () => [...slots].flatMap((s) => (s.job ? [s.job] : [])));
      clearTimeout(slot.idleTimer);
      slot.job = job;
      slot.jobs++;
      job.slot = slot as ThreadSlot<ThreadJob<R>>;
      if (options.unrefIdle) slot.worker.ref();
      options.start(slot, job);
    }
  }

  function finish(slot: ThreadSlot<J>, job: J, error: unknown, result?: R): void {
    slot.job = undefined;
    if (options.unrefIdle) slot.worker.unref();
    if (state.closed || slot.jobs >= options.recycleAfterJobs || options.recycle?.(job)) retire(slot);
    else {
      slot.idleTimer = setTimeout(() => {
        if (!slot.job) retire(slot);
      }, options.idleMs);
      slot.idleTimer.unref();
    }
    queueMicrotask(pump);
    settle(job, error, result);
  }

  function stop(job: J, error: unknown): void {
    if (job.settled) return;
    const queued = queue.indexOf(job);
    if (queued >= 0) queue.splice(queued, 1);
    const slot = job.slot as ThreadSlot<J> | undefined;
    settle(job, error);
    if (slot && slot.job === job) {
      slot.job = undefined;
      retire(slot);
      pump();
    }
  }

  return {
    submit(job) {
      queue.push(job);
      pump();
    },
    finish,
    settle,
    stop,
    get threads() {
      return slots.size;
    },
    get busy() {
      return [...slots].filter((s) => s.job).length;
    },
    get queued() {
      return queue.length;
    },
    get isClosed() {
      return state.closed;
    },
    close: () => closeThreadPool(options, state),
  };
}
