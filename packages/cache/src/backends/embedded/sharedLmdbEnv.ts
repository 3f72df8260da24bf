import { resolve } from 'node:path';
import { open, type Database, type RootDatabase } from 'lmdb';

/** A key of the expiry index: [expiresAt, 'k', key] or [expiresAt, 'l', listKey, seq]. */
export type ExpiryKey = [number, 'k', string] | [number, 'l', string, number];

/** One LMDB environment and its databases, shared by every backend of this process on the same directory. */
export interface SharedEnv {
  root: RootDatabase;
  kv: Database<Buffer, string>;
  lists: Database<Buffer, [string, number]>;
  expiries: Database<boolean, ExpiryKey>;
  users: number;
}

/**
 * Open environments by path. Why: opening a store runs `openDB`, a synchronous write transaction on the main thread;
 * if another backend of this process on the same directory has an async `transaction()` whose callback is waiting
 * for the main thread, LMDB's writer waits for the main thread and the main thread for the writer: the process hangs
 * for good (seen when two scrapers of one process shared the default data directory). One environment per path, with
 * a count of its users, never opens twice.
 */
const openEnvs = new Map<string, SharedEnv>();

/** The environment of `dataDir/cache.lmdb`, opened on its first user; counts this user. */
export function acquireEnv(dataDir: string): { path: string; env: SharedEnv } {
  const path = resolve(dataDir, 'cache.lmdb');
  let env = openEnvs.get(path);
  if (!env) {
    const root: RootDatabase = open({ path });
    env = {
      root,
      kv: root.openDB({ name: 'kv', encoding: 'binary' }),
      lists: root.openDB({ name: 'lists', encoding: 'binary' }),
      // Expiry index ordered by time, so a sweep reads only what is due instead of every (100 KB) value.
      // Keys: [expiresAt, 'k', key] or [expiresAt, 'l', listKey, seq]. Entries may be stale (value since overwritten
      // or trimmed); the sweep checks the value's own stamp before deleting.
      expiries: root.openDB({ name: 'expiries', encoding: 'msgpack' }),
      users: 0,
    };
    openEnvs.set(path, env);
  }
  env.users++;
  return { path, env };
}

/** Drops this user; the last one closes the environment. */
export async function releaseEnv(path: string, env: SharedEnv): Promise<void> {
  env.users--;
  if (env.users > 0) return;
  if (openEnvs.get(path) === env) openEnvs.delete(path);
  await env.root.close();
}
