/**
 * Writes that wait for their scrape's answer: each starts once its `after` settles, or at once when `startAll()` (a
 * flush) asks, and at most once. Used by the write-behind of the page cache and of the result store, so their
 * encoding, hashing and transaction run after the answer instead of on its path.
 */
export interface AfterGate {
  /** `work` once `after` settles (or startAll); the promise settles as `work` does. */
  run<T>(work: () => T | Promise<T>, after: PromiseLike<unknown>): Promise<T>;
  /** Starts every write still waiting (flush, close). */
  startAll(): void;
}

export function createAfterGate(): AfterGate {
  const waiting = new Set<() => void>();
  return {
    run: <T>(work: () => T | Promise<T>, after: PromiseLike<unknown>) =>
      new Promise<T>((resolve) => {
        const start = () => {
          if (!waiting.delete(start)) return;
          // A `work` that throws rejects this write like a failed store.
          resolve(Promise.resolve().then(work));
        };
        waiting.add(start);
        after.then(start, start);
      }),
    startAll() {
      for (const start of waiting) start();
    },
  };
}
