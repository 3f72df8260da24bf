import { resolve } from 'node:path';
import { openSharedLmdb, type SharedLmdb } from '@scrape/shared-lmdb';
import type { Database, RootDatabase } from 'lmdb';

/** A key of the expiry index: [expiresAt, 'k', key] or [expiresAt, 'l', listKey, seq]. */
export type ExpiryKey = [number, 'k', string] | [number, 'l', string, number];

/** The named databases of one `cache.lmdb`, shared by every backend of this process on the same directory. */
export interface CacheDatabases {
  root: RootDatabase;
  kv: Database<Buffer, string>;
  lists: Database<Buffer, [string, number]>;
  expiries: Database<boolean, ExpiryKey>;
}

function openNamed(root: RootDatabase): CacheDatabases {
  return {
    root,
    kv: root.openDB({ name: 'kv', encoding: 'binary' }),
    lists: root.openDB({ name: 'lists', encoding: 'binary' }),
    // Expiry index ordered by time, so a sweep reads only what is due instead of every (100 KB) value.
    // Keys: [expiresAt, 'k', key] or [expiresAt, 'l', listKey, seq]. Entries may be stale (value since overwritten
    // or trimmed); the sweep checks the value's own stamp before deleting.
    expiries: root.openDB({ name: 'expiries', encoding: 'msgpack' }),
  };
}

/**
 * `dataDir/cache.lmdb` and its databases, opened once per process (see @scrape/shared-lmdb for the deadlock a second
 * environment on the file causes); `release()` once per call.
 */
export function openCacheDatabases(dataDir: string): SharedLmdb<CacheDatabases> {
  return openSharedLmdb(resolve(dataDir, 'cache.lmdb'), { setup: openNamed });
}
