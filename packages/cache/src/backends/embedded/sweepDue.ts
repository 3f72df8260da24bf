import type { ByteLru } from './createByteLru.js';
import type { CacheDatabases } from './cacheDatabases.js';
import { expiryOf } from './stampedValue.js';

/**
 * Inside a write transaction: removes every value and list item due by `now` from LMDB and the LRU, reading only
 * the due part of the expiry index. An index entry whose value was since overwritten (another expiry) is dropped
 * without touching the value. Returns how many values and items were removed.
 */
export function sweepDue(env: CacheDatabases, lru: ByteLru, now: number): number {
  const { kv, lists, expiries } = env;
  let removed = 0;
  for (const entry of expiries.getKeys({ start: [0], end: [now + 1] })) {
    expiries.remove(entry);
    const [expiresAt, kind, key] = entry;
    if (kind === 'k') {
      const raw = kv.get(key);
      if (raw && expiryOf(raw) === expiresAt) {
        kv.remove(key);
        lru.delete(`k:${key}`);
        removed++;
      }
    } else {
      const itemKey: [string, number] = [key, entry[3] as number];
      const raw = lists.get(itemKey);
      if (raw && expiryOf(raw) === expiresAt) {
        lists.remove(itemKey);
        lru.delete(`l:${key}`);
        removed++;
      }
    }
  }
  return removed;
}
