import { errors, isScrapeError } from '../errors.js';
import type { ScraperLogger } from '../types.js';

/**
 * One deadline for the whole job (fetch or conversion, transforms) with the caller's signal on top. A timeout, a
 * caller's abort and a ScrapeError are answered as such; anything else is logged and answered as an internal error.
 */
export async function withDeadline<T>(
  timeoutMs: number,
  callerSignal: AbortSignal | undefined,
  work: (signal: AbortSignal) => Promise<T>,
  log: { logger?: ScraperLogger; url?: string } = {},
): Promise<T> {
  if (callerSignal?.aborted) throw errors.aborted();
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new Error(`timed out after ${timeoutMs} ms`));
  }, timeoutMs);
  const onCallerAbort = () => controller.abort(callerSignal?.reason);
  callerSignal?.addEventListener('abort', onCallerAbort, { once: true });
  try {
    return await untilAborted(work(controller.signal), controller.signal);
  } catch (error) {
    if (timedOut) throw errors.timeout({ timeoutMs });
    if (callerSignal?.aborted) throw errors.aborted();
    if (isScrapeError(error)) throw error;
    log.logger?.error({ err: error, scrapeUrl: log.url }, 'scrape failed unexpectedly');
    throw errors.internal();
  } finally {
    clearTimeout(timer);
    callerSignal?.removeEventListener('abort', onCallerAbort);
  }
}

/**
 * Settles when `work` does or as soon as `signal` aborts, so a step that ignores the signal cannot outlive the
 * deadline.
 */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  work.catch(() => undefined); // the loser of the race must not become an unhandled rejection
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
