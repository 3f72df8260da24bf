import type { ThreadJob, ThreadPoolOptions } from './threadPoolTypes.js';

/** Which queued job starts next: the pool's `pick` given the jobs running now, or the oldest. */
export function takeNextJob<R, J extends ThreadJob<R>, M>(
  options: ThreadPoolOptions<R, J, M>,
  queue: J[],
  running: () => J[],
): J {
  if (!options.pick) return queue.shift()!;
  return queue.splice(options.pick(queue, running()), 1)[0];
}
