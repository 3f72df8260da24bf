/**
 * Account-store writes that land after their request was answered (credit settlement, usage counts): a durable
 * write costs a disk flush, which the client need not wait for. Per account, so whoever reads that account's balance
 * or usage in this process first waits for its writes still landing (read-your-writes); `drain` waits for all of
 * them (shutdown). A crash loses only the writes in flight, as it would have lost the same requests' settlements.
 * `work` must not reject (its failures are the caller's to log or retry); a rejection is swallowed here.
 */
export interface LandingWrites {
  /** Starts `work` now for `key` without waiting for it. */
  run(key: string, work: () => Promise<unknown>): void;
  /** Resolves once every write of `key` started before the call has landed. */
  settled(key: string): Promise<void>;
  /** Resolves once every write started before the call has landed. */
  drain(): Promise<void>;
  /** Writes still landing. */
  readonly pending: number;
}

export function createLandingWrites(): LandingWrites {
  const byKey = new Map<string, Set<Promise<void>>>();
  let pending = 0;
  return {
    run(key, work) {
      let writes = byKey.get(key);
      if (!writes) byKey.set(key, (writes = new Set()));
      const set = writes;
      pending++;
      const landed: Promise<void> = Promise.resolve()
        .then(work)
        .then(
          () => undefined,
          () => undefined,
        )
        .finally(() => {
          pending--;
          set.delete(landed);
          if (set.size === 0 && byKey.get(key) === set) byKey.delete(key);
        });
      set.add(landed);
    },
    async settled(key) {
      const writes = byKey.get(key);
      if (writes) await Promise.all([...writes]);
    },
    async drain() {
      await Promise.all([...byKey.values()].flatMap((set) => [...set]));
    },
    get pending() {
      return pending;
    },
  };
}
