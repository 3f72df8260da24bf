import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { RootDatabase } from 'lmdb';
import { openSharedLmdb, type SharedLmdb } from '@scrape/shared-lmdb';
import { AccountStoreError, type AccountStore } from './AccountStore.js';
import type { EmbeddedGuard } from './embedded/embeddedLayout.js';
import { embeddedLedger } from './embedded/embeddedLedger.js';
import { embeddedRecords } from './embedded/embeddedRecords.js';

/**
 * Its own LMDB environment beside the page cache's: accounts are tiny and must not compete with page bytes for space.
 */
export const ACCOUNTS_DIR_NAME = 'accounts';

/**
 * Accounts in an LMDB file under `{dataDir}/accounts`: keys and accounts (embedded/embeddedRecords) and credits
 * (embedded/embeddedLedger). Every credit operation is one LMDB write transaction, which holds the environment's
 * write lock: atomic across all processes that open the same directory.
 */
export function createEmbeddedAccountStore(options: { dataDir: string }): AccountStore {
  const path = join(options.dataDir, ACCOUNTS_DIR_NAME);
  let shared: SharedLmdb;
  try {
    mkdirSync(path, { recursive: true });
    // Shared with any other account store of this process on the same directory (a second open could deadlock it).
    shared = openSharedLmdb(path, { encoding: 'json' });
  } catch (error) {
    throw new AccountStoreError(`cannot open the account store in ${path}: ${(error as Error).message}`, {
      cause: error,
    });
  }

  /** Every failure of the file (disk full, read-only, ...) becomes one typed error the service maps to 503. */
  const guard: EmbeddedGuard = async (what, work) => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof AccountStoreError) throw error;
      throw new AccountStoreError(`account store ${what} failed: ${(error as Error).message}`, { cause: error });
    }
  };

  const db: RootDatabase = shared.root;
  return {
    kind: 'embedded',
    ...embeddedRecords(db, guard),
    ...embeddedLedger(db, guard),
    close: () => shared.release(),
  };
}
