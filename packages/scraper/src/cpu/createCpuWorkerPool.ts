// Runs the CPU-heavy page transforms of @scrape/core (HTML processing, PII redaction) on worker threads. A hostile page
// can make such a transform run long (a regex that backtracks, a huge document): on the main thread that would stall
// every other request and the scrape's own timeout timer. On a worker the event loop stays free, and a transform that
// outlives its scrape (timeout, client gone) is stopped by terminating its thread. Core stays pure: this lives here.
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { CoreError, type CoreErrorKind } from '@scrape/core';
import { createThreadPool, type ThreadJob } from '../threads/createThreadPool.js';
import type { CpuTask, FromCpuWorker, ToCpuWorker } from './cpuWorkerMessages.js';

/** Threads: transforms are CPU-bound, so more threads than cores only add memory (each loads the core). */
const DEFAULT_WORKERS = Math.max(1, Math.min(2, availableParallelism()));
/** An idle thread is ended after this long (a fresh one pays for loading the core and the PII word lists again). */
const IDLE_MS = 5 * 60_000;
/** Threads are replaced after this many jobs, so a slow leak in a transform cannot build up. */
const RECYCLE_AFTER_JOBS = 1_000;
/**
 * Young generation of a thread: parsing a page allocates a DOM that mostly dies with the page; a larger nursery
 * means fewer scavenges (measured on the held-out articles: ~6% less thread CPU per page at 48 MB than the default).
 */
const YOUNG_GENERATION_MB = 48;
/** The modules (relative to @scrape/core's entry) and exports the tasks run. */
const TASK_MODULES: Record<CpuTask, { path: string; name: string }> = {
  processHtml: { path: './html/processHtml.js', name: 'processHtml' },
  redactPII: { path: './pii/redactPII.js', name: 'redactPII' },
  redactJsonStrings: { path: './pii/redactJsonStrings.js', name: 'redactJsonStrings' },
};

export interface CpuRunOptions {
  signal?: AbortSignal;
  transfer?: ArrayBuffer[];
  omit?: string[];
}

export interface CpuWorkerPoolOptions {
  /** Threads (default: up to 2, fewer on a 1-core machine). */
  workers?: number;
}

export interface CpuWorkerPool {
  /**
   * Runs `task(...args)` on a thread. `signal` (the scrape's deadline and the caller's cancellation) ends it: a queued
   * job leaves the queue, a running one has its thread terminated; either rejects with the signal's reason. A
   * CoreError thrown by the task is rethrown as a CoreError; a thread that died rejects with a plain Error. `omit`:
   * fields of the result the caller does not need, left on the thread.
   */
  run<T>(task: CpuTask, args: unknown[], options?: CpuRunOptions): Promise<T>;
  /** Threads running or idle (for tests and stats). */
  readonly threads: number;
  close(): Promise<void>;
}

interface Job extends ThreadJob<unknown> {
  message: ToCpuWorker;
  transfer: ArrayBuffer[];
}

/** Beside this module in dist; tests running the TypeScript sources use the built one. */
function workerUrl(): URL {
  if (import.meta.url.endsWith('.ts')) return new URL('../../dist/cpu/cpuWorker.js', import.meta.url);
  return new URL('./cpuWorker.js', import.meta.url);
}

function taskModules(): Record<CpuTask, { url: string; name: string }> {
  const entry = import.meta.resolve('@scrape/core');
  const out = {} as Record<CpuTask, { url: string; name: string }>;
  for (const [task, { path, name }] of Object.entries(TASK_MODULES) as [CpuTask, { path: string; name: string }][]) {
    const module = new URL(path, entry);
    // Laid out otherwise (a bundle): the package entry exports every task too.
    out[task] = { url: existsSync(fileURLToPath(module)) ? module.href : entry, name };
  }
  return out;
}

const closedError = () => new Error('The transform pool is closed.');

export function createCpuWorkerPool(options: CpuWorkerPoolOptions = {}): CpuWorkerPool {
  const pool = createThreadPool<unknown, Job, FromCpuWorker>({
    size: Math.max(1, options.workers ?? DEFAULT_WORKERS),
    idleMs: IDLE_MS,
    recycleAfterJobs: RECYCLE_AFTER_JOBS,
    script: () => ({
      url: workerUrl(),
      workerData: { modules: taskModules() },
      resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
    }),
    missingScript: (path) =>
      new Error(`The transform worker script is missing (${path}); build @scrape/scraper first.`),
    lost: (reason) => new Error(`the transform thread stopped (${reason})`),
    closed: closedError,
    unrefIdle: true,
    start: (slot, job) => slot.worker.postMessage(job.message, job.transfer),
    messageId: (message) => message.id,
    onMessage(slot, job, message) {
      if (message.ok) return pool.finish(slot, job, null, message.result);
      const { kind, message: text, details, name } = message.error;
      pool.finish(
        slot,
        job,
        kind && name === 'CoreError'
          ? new CoreError(kind as CoreErrorKind, text, details)
          : Object.assign(new Error(text), { name }),
      );
    },
  });
  let nextId = 0;

  return {
    run<T>(task: CpuTask, args: unknown[], runOptions: CpuRunOptions = {}) {
      if (pool.isClosed) return Promise.reject(closedError());
      const { signal, transfer = [], omit } = runOptions;
      if (signal?.aborted) return Promise.reject(signal.reason);
      return new Promise<T>((resolve, reject) => {
        const id = nextId++;
        const message: ToCpuWorker = { id, task, args, ...(omit?.length ? { omit } : {}) };
        const settleWith = resolve as (v: unknown) => void;
        const job: Job = { id, message, transfer, signal, resolve: settleWith, reject, settled: false };
        if (signal) {
          // The job's scrape is over: out of the queue, or its thread terminated (a fresh one serves the next job).
          job.onAbort = () => pool.stop(job, signal.reason ?? new Error('aborted'));
          signal.addEventListener('abort', job.onAbort, { once: true });
        }
        pool.submit(job);
      });
    },
    get threads() {
      return pool.threads;
    },
    close: () => pool.close(),
  };
}
