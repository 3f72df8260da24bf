// One LMDB environment per file per process, shared by its users and closed by the last one. Why: opening an
// environment (and each named database in it) runs a synchronous write transaction on the main thread; if another
// environment of this process on the same file has an async `transaction()` in flight, LMDB's writer holds the file's
// write lock waiting for the main thread to run its callback, and the main thread waits for the lock: the process
// hangs for good, its event loop blocked, so no timer (no test timeout) can fire. Seen twice: two page caches on one
// `cache.lmdb`, then two job stores on one `jobs.lmdb` (a CI run killed at 90 minutes, issue 27). The cache, the job
// store and the service's monitor and account stores all open their files here, so none can open one twice.
import { resolve } from 'node:path';
import { open, type RootDatabase } from 'lmdb';

/** How the first user opens the file; every later user of the same file must ask for the same. */
export interface SharedLmdbOptions<T> {
  /** The root database's value encoding (LMDB's default, msgpack, when not given). */
  encoding?: 'msgpack' | 'json' | 'string' | 'binary' | 'ordered-binary';
  /**
   * Opens what the users work with (named databases) on the new environment, once: later users get the same value.
   * Pass a function defined once (module level): a different function for an open file is refused.
   */
  setup?: (root: RootDatabase) => T;
}

/** A user's hold on a shared environment: `release()` once (more calls do nothing); the last release closes it. */
export interface SharedLmdb<T = undefined> {
  root: RootDatabase;
  /** What `setup` returned when the file was opened (the same object for every user). */
  dbs: T;
  release(): Promise<void>;
}

interface Held {
  root: RootDatabase;
  dbs: unknown;
  encoding: SharedLmdbOptions<unknown>['encoding'];
  setup: SharedLmdbOptions<unknown>['setup'];
  users: number;
}

const held = new Map<string, Held>();

/** The opened file of `key`, or why the caller cannot share it (it asked for another encoding or set-up). */
function heldFor(key: string, options: SharedLmdbOptions<unknown>): Held | undefined {
  const entry = held.get(key);
  if (entry && (entry.encoding !== options.encoding || entry.setup !== options.setup)) {
    // Two modules reading one file with different shapes is a bug of the caller, not something to share silently.
    throw new Error(`${key} is open in this process with another encoding or set-up; it cannot be shared`);
  }
  return entry;
}

/** The environment at `path` (a directory or file LMDB opens), opened by its first user in this process. */
export function openSharedLmdb<T = undefined>(path: string, options: SharedLmdbOptions<T> = {}): SharedLmdb<T> {
  const key = resolve(path);
  let entry = heldFor(key, options);
  if (!entry) {
    const root = open({ path: key, ...(options.encoding ? { encoding: options.encoding } : {}) });
    let dbs: unknown;
    try {
      dbs = options.setup?.(root);
    } catch (error) {
      void root.close();
      throw error;
    }
    entry = { root, dbs, encoding: options.encoding, setup: options.setup, users: 0 };
    held.set(key, entry);
  }
  entry.users++;
  const mine = entry;
  let released = false;
  return {
    root: mine.root,
    dbs: mine.dbs as T,
    async release() {
      if (released) return;
      released = true;
      if (--mine.users > 0) return;
      if (held.get(key) === mine) held.delete(key);
      await mine.root.close();
    },
  };
}
