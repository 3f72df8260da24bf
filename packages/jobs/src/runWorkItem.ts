import type { ItemError, JobRecord, WorkHandler, WorkItem, WorkOutcome } from './types.js';

/**
 * Runs one item's handler the same way on both homes: a throw is retried while attempts remain (returns `retry`),
 * and on the last attempt becomes a stored ITEM_FAILED error, so a poison item never blocks its job forever.
 */
export async function runWorkItem(options: {
  handler: WorkHandler;
  item: WorkItem;
  job: JobRecord;
  signal: AbortSignal;
  maxAttempts: number;
  onError?: (error: unknown, item?: WorkItem) => void;
}): Promise<{ outcome: WorkOutcome } | { retry: unknown } | { abandoned: true }> {
  const { handler, item, job, signal } = options;
  try {
    const outcome = await handler(item, { job, signal });
    // An aborted run's outcome is partial: the caller skips the item (job stopped) or leaves it to another worker.
    if (signal.aborted) return { abandoned: true };
    return { outcome: outcome ?? {} };
  } catch (error) {
    options.onError?.(error, item);
    if (signal.aborted) return { abandoned: true };
    if (item.attempt < options.maxAttempts) return { retry: error };
    const failure: ItemError = { code: 'ITEM_FAILED', message: error instanceof Error ? error.message : String(error) };
    return { outcome: { error: failure } };
  }
}

/** Backoff before attempt `attempt + 1`: base × 2^(attempt-1), capped at a minute. */
export function retryDelayMs(attempt: number, baseMs: number): number {
  return Math.min(60_000, baseMs * 2 ** Math.max(0, attempt - 1));
}

/**
 * Registers a running item's abort controller with its worker (closing the worker aborts it) and its job (deleting
 * or ending the job aborts it); `release` undoes both once the handler returned.
 */
export function trackRunning(
  workerControllers: Set<AbortController>,
  runningByJob: Map<string, Set<AbortController>>,
  jobId: string,
): { controller: AbortController; release: () => void } {
  const controller = new AbortController();
  workerControllers.add(controller);
  const perJob = runningByJob.get(jobId) ?? new Set();
  runningByJob.set(jobId, perJob);
  perJob.add(controller);
  const release = () => {
    workerControllers.delete(controller);
    perJob.delete(controller);
    if (perJob.size === 0) runningByJob.delete(jobId);
  };
  return { controller, release };
}
