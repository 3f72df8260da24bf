// The worker-thread pool under the CPU transforms (cpu/) and the PDF parser (pdf/): a bounded set of threads, a queue,
// threads ended when idle or recycled after enough jobs, and a job that outlives its caller stopped by terminating its
// thread. What differs between the two (the script, the messages, the errors, which queued job goes next, extra
// reasons to recycle) is passed in as typed options; the pools keep only their own protocol.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type ResourceLimits, Worker } from 'node:worker_threads';

export interface ThreadSlot<J> {
  worker: Worker;
  job?: J;
  /** Jobs started on this thread (it is recycled after `recycleAfterJobs`). */
  jobs: number;
  idleTimer?: NodeJS.Timeout;
}

/** What the pool needs of a job; the pools add their own fields. */
export interface ThreadJob<R> {
  id: number;
  /** The thread running it, once started. */
  slot?: ThreadSlot<ThreadJob<R>>;
  settled: boolean;
  /** The caller's cancellation; its listener `onAbort` is removed when the job settles. */
  signal?: AbortSignal;
  onAbort?: () => void;
  resolve: (value: R) => void;
  reject: (error: unknown) => void;
}

export interface ThreadScript {
  url: URL;
  workerData: unknown;
  resourceLimits?: ResourceLimits;
}

export interface ThreadPoolOptions<R, J extends ThreadJob<R>, M> {
  /** Most threads at once. */
  size: number;
  /** An idle thread is ended after this long. */
  idleMs: number;
  /** A thread is replaced after this many jobs. */
  recycleAfterJobs: number;
  /** The worker script and its data, asked once, when the first thread starts. */
  script: () => ThreadScript;
  /** The error when the script is not there (the package was not built). */
  missingScript: (path: string) => Error;
  /** The error of a job whose thread died under it. */
  lost: (reason: string) => Error;
  /** The error of a job the closed pool will not run. */
  closed: () => Error;
  /** Idle threads do not keep the process alive (they are ref'd while they run a job). */
  unrefIdle?: boolean;
  /** Which queued job starts next, given the jobs running now (default: the oldest). */
  pick?: (queue: readonly J[], running: readonly J[]) => number;
  /** Sends the job to the thread it was given (the pool has already marked the thread busy). */
  start: (slot: ThreadSlot<J>, job: J) => void;
  /** The job a message is about (`undefined`: not about a job). */
  messageId: (message: M) => number | undefined;
  /** A message about the job running on `slot`; call `finish` when it is done. */
  onMessage: (slot: ThreadSlot<J>, job: J, message: M) => void;
  /** A further reason to replace a thread after this job (besides `recycleAfterJobs`). */
  recycle?: (job: J) => boolean;
  /** Called once when a job settles, before its promise does (clear timers, end side work). */
  onSettle?: (job: J) => void;
}

export interface ThreadPool<R, J extends ThreadJob<R>> {
  /** Queues the job and starts it when a thread is free. */
  submit(job: J): void;
  /** The job on `slot` is done: the thread is freed (or recycled), then the job settles. */
  finish(slot: ThreadSlot<J>, job: J, error: unknown, result?: R): void;
  /** Settles the job once (later calls do nothing). */
  settle(job: J, error: unknown, result?: R): void;
  /** Ends a job now with `error`: out of the queue, or its thread terminated (a fresh one serves the next job). */
  stop(job: J, error: unknown): void;
  readonly threads: number;
  readonly busy: number;
  readonly queued: number;
  readonly isClosed: boolean;
  close(): Promise<void>;
}

export function createThreadPool<R, J extends ThreadJob<R>, M>(options: ThreadPoolOptions<R, J, M>): ThreadPool<R, J> {
  const slots = new Set<ThreadSlot<J>>();
  const queue: J[] = [];
  let closed = false;
  let script: ThreadScript | undefined;

  function spawn(): ThreadSlot<J> {
    script ??= options.script();
    if (!existsSync(fileURLToPath(script.url))) throw options.missingScript(fileURLToPath(script.url));
    const worker = new Worker(script.url, {
      workerData: script.workerData,
      ...(script.resourceLimits ? { resourceLimits: script.resourceLimits } : {}),
    });
    if (options.unrefIdle) worker.unref();
    const slot: ThreadSlot<J> = { worker, jobs: 0 };
    worker.on('message', (message: M) => {
      const job = slot.job;
      const id = options.messageId(message);
      if (id === undefined || !job || job.id !== id) return;
      options.onMessage(slot, job, message);
    });
    const lost = (reason: string) => {
      if (!slots.delete(slot)) return;
      clearTimeout(slot.idleTimer);
      const job = slot.job;
      slot.job = undefined;
      if (job) settle(job, options.lost(reason));
      pump();
    };
    worker.on('error', (err) => lost(err.message));
    worker.on('exit', (code) => lost(`exit code ${code}`));
    slots.add(slot);
    return slot;
  }

  function retire(slot: ThreadSlot<J>): void {
    slots.delete(slot);
    clearTimeout(slot.idleTimer);
    void slot.worker.terminate().catch(() => undefined);
  }

  /** An idle thread, or a new one while there is room; none when all are busy or none can start (the queue fails). */
  function freeSlot(): ThreadSlot<J> | undefined {
    const idle = [...slots].find((s) => !s.job);
    if (idle || slots.size >= options.size) return idle;
    try {
      return spawn();
    } catch (err) {
      for (const job of queue.splice(0)) settle(job, err);
      return undefined;
    }
  }

  function nextJob(): J {
    if (!options.pick) return queue.shift()!;
    const running = [...slots].flatMap((s) => (s.job ? [s.job] : []));
    return queue.splice(options.pick(queue, running), 1)[0];
  }

  function pump(): void {
    while (queue.length > 0 && !closed) {
      const slot = freeSlot();
      if (!slot) return;
      const job = nextJob();
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
    if (closed || slot.jobs >= options.recycleAfterJobs || options.recycle?.(job)) retire(slot);
    else {
      slot.idleTimer = setTimeout(() => {
        if (!slot.job) retire(slot);
      }, options.idleMs);
      slot.idleTimer.unref();
    }
    queueMicrotask(pump);
    settle(job, error, result);
  }

  function settle(job: J, error: unknown, result?: R): void {
    if (job.settled) return;
    job.settled = true;
    options.onSettle?.(job);
    if (job.onAbort) job.signal?.removeEventListener('abort', job.onAbort);
    if (error) job.reject(error);
    else job.resolve(result as R);
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
      return closed;
    },
    async close() {
      closed = true;
      for (const job of queue.splice(0)) settle(job, options.closed());
      const all = [...slots];
      slots.clear();
      for (const slot of all) {
        clearTimeout(slot.idleTimer);
        if (slot.job) settle(slot.job, options.closed());
      }
      await Promise.all(all.map((slot) => slot.worker.terminate().catch(() => undefined)));
    },
  };
}
