/** Shares one in-flight fetch among concurrent callers with the same key. */
export interface Coalescer {
  /**
   * Runs `fetcher` unless a call with the same key is already in flight, in which case the caller gets that call's
   * result (or error). The key is forgotten as soon as the call settles, so later calls fetch again.
   */
  coalesce<T>(key: string, fetcher: () => Promise<T>): Promise<T>;
  /** Keys with a fetch in flight right now. */
  readonly inFlight: number;
}

/**
 * Coalescing is per process: it saves duplicate fetches from one server. Across processes sharing Redis two
 * simultaneous misses may both fetch; both writes are valid copies, so this costs a fetch, never correctness.
 */
export function createCoalescer(): Coalescer {
  const pending = new Map<string, Promise<unknown>>();
  return {
    coalesce<T>(key: string, fetcher: () => Promise<T>): Promise<T> {
      const existing = pending.get(key);
      if (existing) return existing as Promise<T>;
      const run = Promise.resolve()
        .then(fetcher)
        .finally(() => {
          if (pending.get(key) === run) pending.delete(key);
        });
      pending.set(key, run);
      return run;
    },
    get inFlight() {
      return pending.size;
    },
  };
}
