import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ThreadJob, ThreadPoolOptions, ThreadPoolState, ThreadSlot } from './threadPoolTypes.js';

/**
 * Starts one thread of the pool and adds it to `state.slots`: its messages about the job it runs go to
 * `options.onMessage`; its error or exit calls `lost` (the pool settles the job the thread had and starts the next).
 * Throws `options.missingScript` when the worker script is not there.
 */
export function spawnThread<R, J extends ThreadJob<R>, M>(
  options: ThreadPoolOptions<R, J, M>,
  state: ThreadPoolState<J>,
  lost: (slot: ThreadSlot<J>, reason: string) => void,
): ThreadSlot<J> {
  state.script ??= options.script();
  const script = state.script;
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
  worker.on('error', (err) => lost(slot, err.message));
  worker.on('exit', (code) => lost(slot, `exit code ${code}`));
  state.slots.add(slot);
  return slot;
}

/** Ends a thread that is no longer wanted (idle too long, recycled, or its job stopped). */
export function retireThread<J>(state: ThreadPoolState<J>, slot: ThreadSlot<J>): void {
  state.slots.delete(slot);
  clearTimeout(slot.idleTimer);
  void slot.worker.terminate().catch(() => undefined);
}
