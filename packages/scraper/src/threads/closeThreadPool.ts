import { settleThreadJob } from './settleThreadJob.js';
import type { ThreadJob, ThreadPoolOptions, ThreadPoolState } from './threadPoolTypes.js';

/** Closes the pool: queued and running jobs fail with `options.closed()`, every thread is terminated. */
export async function closeThreadPool<R, J extends ThreadJob<R>, M>(
  options: ThreadPoolOptions<R, J, M>,
  state: ThreadPoolState<J>,
): Promise<void> {
  state.closed = true;
  for (const job of state.queue.splice(0)) settleThreadJob(options, job, options.closed());
  const all = [...state.slots];
  state.slots.clear();
  for (const slot of all) {
    clearTimeout(slot.idleTimer);
    if (slot.job) settleThreadJob(options, slot.job, options.closed());
  }
  await Promise.all(all.map((slot) => slot.worker.terminate().catch(() => undefined)));
}
