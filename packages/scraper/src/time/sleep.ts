/**
 * Waits `ms`, or until `signal` aborts: then it rejects with the signal's reason (at once if it already has), and the
 * timer is cleared so nothing keeps the process alive or fires later. The one wait of the scraper's retry and
 * polling loops (LLM retries, crawl leases and host politeness); a caller wanting its own error catches and maps it.
 */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
