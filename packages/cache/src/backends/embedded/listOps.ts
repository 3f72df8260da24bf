import type { ByteLru } from './createByteLru.js';
import type { CacheDatabases } from './cacheDatabases.js';
import { NEVER, stamp, type Stamped, unstamp } from './stampedValue.js';

/** Highest list sequence number, the start of a newest-first range scan. */
export const MAX_SEQ = Number.MAX_SAFE_INTEGER;

/** A list newest first, from the LRU or read whole from LMDB (and then kept in the LRU). */
export function readList(env: CacheDatabases, lru: ByteLru, key: string): Stamped[] {
  const cached = lru.get(`l:${key}`) as Stamped[] | undefined;
  if (cached) return cached;
  const items: Stamped[] = [];
  for (const { value } of env.lists.getRange({ start: [key, MAX_SEQ], end: [key, -1], reverse: true }))
    items.push(unstamp(value));
  lru.set(`l:${key}`, items);
  return items;
}

/**
 * Inside a write transaction: puts `value` at the head of the list with the next sequence number, indexes its expiry
 * and trims the list to `maxLength` items.
 */
export function pushInTransaction(
  env: CacheDatabases,
  key: string,
  value: Uint8Array,
  maxLength: number,
  expiresAt: number,
): void {
  const { lists, expiries } = env;
  const keys = [...lists.getKeys({ start: [key, MAX_SEQ], end: [key, -1], reverse: true })];
  const nextSeq = keys.length === 0 ? 0 : keys[0][1] + 1;
  lists.put([key, nextSeq], stamp(expiresAt, value));
  if (expiresAt !== NEVER) expiries.put([expiresAt, 'l', key, nextSeq], true);
  for (const old of keys.slice(Math.max(0, maxLength - 1))) lists.remove(old);
}
