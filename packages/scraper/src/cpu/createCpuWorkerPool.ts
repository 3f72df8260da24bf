// Runs the CPU-heavy page transforms of @scrape/core (HTML processing, PII redaction) on worker threads. A hostile page
// can make such a transform run long (a regex that backtracks, a huge document): on the main thread that would stall
// every other request and the scrape's own timeout timer. On a worker the event loop stays free, and a transform that
// outlives its scrape (timeout, client gone) is stopped by terminating its thread. Core stays pure: this lives here.
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { CoreError, type CoreErrorKind } from '@scrape/core';
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

interface Slot {
  worker: Worker;
  job?: Job;
  jobs: number;
  idleTimer?: NodeJS.Timeout;
}

interface Job {
  id: number;
  message: ToCpuWorker;
  transfer: ArrayBuffer[];
  signal?: AbortSignal;
  onAbort?: () => void;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  slot?: Slot;
  settled: boolean;
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

export function createCpuWorkerPool(options: CpuWorkerPoolOptions = {}): CpuWorkerPool {
  const size = Math.max(1, options.workers ?? DEFAULT_WORKERS);
  const slots = new Set<Slot>();
  const queue: Job[] = [];
  let nextId = 0;
  let closed = false;
  let script: { url: URL; modules: Record<CpuTask, { url: string; name: string }> } | undefined;

  function spawn(): Slot {
    script ??= { url: workerUrl(), modules: taskModules() };
    if (!existsSync(fileURLToPath(script.url))) {
      throw new Error(
        `The transform worker script is missing (${fileURLToPath(script.url)}); build @scrape/scraper first.`,
      );
    }
    const worker = new Worker(script.url, {
      workerData: { modules: script.modules },
      resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
    });
    // Idle threads must not keep the process alive.
    worker.unref();
    const slot: Slot = { worker, jobs: 0 };
    worker.on('message', (message: FromCpuWorker) => onMessage(slot, message));
    const lost = (reason: string) => {
      if (!slots.delete(slot)) return;
      clearTimeout(slot.idleTimer);
      const job = slot.job;
      slot.job = undefined;
      if (job) settle(job, new Error(`the transform thread stopped (${reason})`));
      pump();
    };
    worker.on('error', (err) => lost(err.message));
    worker.on('exit', (code) => lost(`exit code ${code}`));
    slots.add(slot);
    return slot;
  }

  function retire(slot: Slot): void {
    slots.delete(slot);
    clearTimeout(slot.idleTimer);
    void slot.worker.terminate().catch(() => undefined);
  }

  function pump(): void {
    while (queue.length > 0 && !closed) {
      let slot = [...slots].find((s) => !s.job);
      if (!slot) {
        if (slots.size >= size) return;
        try {
          slot = spawn();
        } catch (err) {
          for (const job of queue.splice(0)) settle(job, err);
          return;
        }
      }
      const job = queue.shift()!;
      clearTimeout(slot.idleTimer);
      slot.job = job;
      slot.jobs++;
      job.slot = slot;
      slot.worker.ref();
      slot.worker.postMessage(job.message, job.transfer);
    }
  }

  function onMessage(slot: Slot, message: FromCpuWorker): void {
    const job = slot.job;
    if (!job || job.id !== message.id) return;
    slot.job = undefined;
    slot.worker.unref();
    if (closed || slot.jobs >= RECYCLE_AFTER_JOBS) retire(slot);
    else {
      slot.idleTimer = setTimeout(() => {
        if (!slot.job) retire(slot);
      }, IDLE_MS);
      slot.idleTimer.unref();
    }
    if (message.ok) settle(job, null, message.result);
    else {
      const { kind, message: text, details, name } = message.error;
      settle(
        job,
        kind && name === 'CoreError'
          ? new CoreError(kind as CoreErrorKind, text, details)
          : Object.assign(new Error(text), { name }),
      );
    }
    queueMicrotask(pump);
  }

  function settle(job: Job, error: unknown, result?: unknown): void {
    if (job.settled) return;
    job.settled = true;
    if (job.onAbort) job.signal?.removeEventListener('abort', job.onAbort);
    if (error) job.reject(error);
    else job.resolve(result);
  }

  /** The job's scrape is over: out of the queue, or its thread terminated (a fresh one serves the next job). */
  function stop(job: Job): void {
    if (job.settled) return;
    const queued = queue.indexOf(job);
    if (queued >= 0) queue.splice(queued, 1);
    const slot = job.slot;
    settle(job, job.signal?.reason ?? new Error('aborted'));
    if (slot && slot.job === job) {
      slot.job = undefined;
      retire(slot);
      pump();
    }
  }

  return {
    run<T>(task: CpuTask, args: unknown[], runOptions: CpuRunOptions = {}) {
      if (closed) return Promise.reject(new Error('The transform pool is closed.'));
      const { signal, transfer = [], omit } = runOptions;
      if (signal?.aborted) return Promise.reject(signal.reason);
      return new Promise<T>((resolve, reject) => {
        const id = nextId++;
        const message: ToCpuWorker = { id, task, args, ...(omit?.length ? { omit } : {}) };
        const settleWith = resolve as (v: unknown) => void;
        const job: Job = { id, message, transfer, signal, resolve: settleWith, reject, settled: false };
        if (signal) {
          job.onAbort = () => stop(job);
          signal.addEventListener('abort', job.onAbort, { once: true });
        }
        queue.push(job);
        pump();
      });
    },
    get threads() {
      return slots.size;
    },
    async close() {
      closed = true;
      for (const job of queue.splice(0)) settle(job, new Error('The transform pool is closed.'));
      const all = [...slots];
      slots.clear();
      for (const slot of all) {
        clearTimeout(slot.idleTimer);
        if (slot.job) settle(slot.job, new Error('The transform pool is closed.'));
      }
      await Promise.all(all.map((slot) => slot.worker.terminate().catch(() => undefined)));
    },
  };
}
