import type { ResourceLimits, Worker } from 'node:worker_threads';

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

/** What the pool and its steps share: the threads, the queue, whether it is closed, the script once asked. */
export interface ThreadPoolState<J> {
  slots: Set<ThreadSlot<J>>;
  queue: J[];
  closed: boolean;
  script?: ThreadScript;
}
