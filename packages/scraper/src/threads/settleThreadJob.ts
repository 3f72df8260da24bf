import type { ThreadJob, ThreadPoolOptions } from './threadPoolTypes.js';

/**
 * Settles the job once (later calls do nothing): the pool's `onSettle`, the abort listener removed, then its promise.
 */
export function settleThreadJob<R, J extends ThreadJob<R>, M>(
  options: ThreadPoolOptions<R, J, M>,
  job: J,
  error: unknown,
  result?: R,
): void {
  if (job.settled) return;
  job.settled = true;
  options.onSettle?.(job);
  if (job.onAbort) job.signal?.removeEventListener('abort', job.onAbort);
  if (error) job.reject(error);
  else job.resolve(result as R);
}
