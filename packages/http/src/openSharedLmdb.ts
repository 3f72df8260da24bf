// One LMDB environment per file per process, shared by its users (the monitor store, the account store). Why:
// opening an environment runs a synchronous write transaction on the main thread; if another environment of this
// process on the same file has an async `transaction()` in flight, LMDB's writer holds the write lock waiting for the
// main thread to run its callback, and the main thread waits for the lock: the process hangs for good, its event loop
// blocked (issue 27: the job store's `jobs.lmdb` stopped a CI run this way; the cache shares `cache.lmdb` likewise).
import { resolve } from 'node:path';
import { open, type RootDatabase } from 'lmdb';

const held = new Map<string, { db: RootDatabase; users: number }>();

/** A user's hold on a shared environment: `release()` once; the last user's release closes it. */
export interface SharedLmdb {
  db: RootDatabase;
  release(): Promise<void>;
}

/** The environment at `path` (JSON values), opened by its first user in this process. */
export function openSharedLmdb(path: string): SharedLmdb {
  const key = resolve(path);
  let entry = held.get(key);
  if (!entry) {
    entry = { db: open({ path: key, encoding: 'json' }), users: 0 };
    held.set(key, entry);
  }
  entry.users++;
  const mine = entry;
  let released = false;
  return {
    db: mine.db,
    async release() {
      if (released) return;
      released = true;
      if (--mine.users > 0) return;
      if (held.get(key) === mine) held.delete(key);
      await mine.db.close();
    },
  };
}
