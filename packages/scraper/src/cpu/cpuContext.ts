import { AsyncLocalStorage } from 'node:async_hooks';
import type { CpuWorkerPool } from './createCpuWorkerPool.js';

/** The transform threads and the running scrape's signal, for the steps that hand CPU-heavy work to a thread. */
export interface CpuContext {
  pool: CpuWorkerPool;
  signal: AbortSignal;
}

// Carried by the async context rather than through every step's signature: the steps that transform (HTML, PII
// redaction, which LLM and change-tracking steps call too) ask for it where they run, and without one (a step run
// on its own, a test) they run in-process as before.
const storage = new AsyncLocalStorage<CpuContext>();

/** Runs `work` with `context` as the CPU context of everything it awaits. */
export function runWithCpu<T>(context: CpuContext | undefined, work: () => T): T {
  return context ? storage.run(context, work) : work();
}

/** The current scrape's CPU context; undefined outside a scrape run with one. */
export function cpuContext(): CpuContext | undefined {
  return storage.getStore();
}
