/**
 * The storage primitive under the page cache, change history and artifact index: byte values by string key, plus
 * bounded newest-first lists. One interface, two homes (embedded LMDB behind an LRU, or Redis), so every store above
 * is written once and the same test suite runs on both.
 *
 * TTLs are garbage-collection hints ("may vanish after"): stores that need exact expiry keep their own timestamps
 * and judge them against the injected clock, so a test clock and Redis' wall clock never disagree on an answer.
 */
export interface KvBackend {
  readonly kind: 'embedded' | 'redis';
  get(key: string): Promise<Uint8Array | null>;
  put(key: string, value: Uint8Array, ttlMs?: number): Promise<void>;
  delete(key: string): Promise<void>;
  /** Prepends `value` to the list at `key` and keeps only the newest `maxLength` items, atomically. */
  push(key: string, value: Uint8Array, maxLength: number, ttlMs?: number): Promise<void>;
  /** Items `start..stop` (inclusive, 0 = newest) of the list at `key`; `stop` -1 means to the end. */
  range(key: string, start: number, stop: number): Promise<Uint8Array[]>;
  deleteList(key: string): Promise<void>;
  /** Removes values whose TTL has passed (embedded only; Redis expires keys itself). Returns how many. */
  sweep(): Promise<number>;
  /**
   * Shared homes only (Redis): a lease on `key` for `ttlMs`, taken only when nobody holds it (SET NX PX), so several
   * processes can agree that one of them holds something. Absent on the embedded home (one process: lock in memory).
   */
  acquireLease?(key: string, token: string, ttlMs: number): Promise<boolean>;
  /** Extends the lease when `token` still holds it; false when it was lost (expired, taken over). */
  renewLease?(key: string, token: string, ttlMs: number): Promise<boolean>;
  /** Gives the lease up when `token` still holds it (never someone else's). */
  releaseLease?(key: string, token: string): Promise<void>;
  close(): Promise<void>;
}
