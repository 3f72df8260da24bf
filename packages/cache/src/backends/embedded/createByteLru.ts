import { LRUCache } from 'lru-cache';
import type { Stamped } from './stampedValue.js';

/** Items larger than this skip the LRU: one huge PDF must not evict hundreds of pages. */
const LRU_MAX_ITEM_FRACTION = 0.1;
/** Per-item bookkeeping counted against the LRU budget besides the bytes themselves. */
const LRU_ENTRY_OVERHEAD_BYTES = 64;

/** The in-process LRU of the embedded backend: values (`k:` keys) and whole lists (`l:` keys). */
export type ByteLru = LRUCache<string, Stamped | Stamped[]>;

/** An LRU bounded by the bytes it holds (values plus a fixed overhead per item), not by its item count. */
export function createByteLru(maxBytes: number): ByteLru {
  return new LRUCache<string, Stamped | Stamped[]>({
    maxSize: maxBytes,
    maxEntrySize: Math.max(1, Math.floor(maxBytes * LRU_MAX_ITEM_FRACTION)),
    sizeCalculation: (entry) =>
      Array.isArray(entry)
        ? entry.reduce((n, e) => n + e.value.byteLength + LRU_ENTRY_OVERHEAD_BYTES, LRU_ENTRY_OVERHEAD_BYTES)
        : entry.value.byteLength + LRU_ENTRY_OVERHEAD_BYTES,
  });
}
