import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { open, type RootDatabase } from 'lmdb';
import type { Account, ApiKeyRecord } from './account.js';
import {
  AccountStoreError,
  type AccountSettings,
  type AccountStore,
  type UsageRecord,
  type UsageTag,
} from './AccountStore.js';

/**
 * Its own LMDB environment beside the page cache's: accounts are tiny and must not compete with page bytes for space.
 */
export const ACCOUNTS_DIR_NAME = 'accounts';

const ACCOUNT = 'account:';
const CREDITS = 'credits:';
const KEY = 'key:';
/** Credits held by a running request, by reservation id (settled when the request ends). */
const HELD = 'held:';
/** Billed credits: `usage:{account}:{YYYY-MM}:{keyId}` (empty key id: keys from the environment). */
const USAGE = 'usage:';
const LAST_SUCCESS = 'lastok:';

/**
 * Accounts in an LMDB file under `{dataDir}/accounts`. Every credit operation is one LMDB write transaction, which
 * holds the environment's write lock: atomic across all processes that open the same directory.
 */
export function createEmbeddedAccountStore(options: { dataDir: string }): AccountStore {
  const path = join(options.dataDir, ACCOUNTS_DIR_NAME);
  let db: RootDatabase;
  try {
    mkdirSync(path, { recursive: true });
    db = open({ path, encoding: 'json' });
  } catch (error) {
    throw new AccountStoreError(`cannot open the account store in ${path}: ${(error as Error).message}`, {
      cause: error,
    });
  }

  /** Every failure of the file (disk full, read-only, ...) becomes one typed error the service maps to 503. */
  const guard = async <T>(what: string, work: () => Promise<T> | T): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof AccountStoreError) throw error;
      throw new AccountStoreError(`account store ${what} failed: ${(error as Error).message}`, { cause: error });
    }
  };
  const balanceIn = (accountId: string): number => {
    const v = db.get(CREDITS + accountId);
    return typeof v === 'number' ? v : 0;
  };

  /** Inside a write transaction: adds billed credits to the month and key, marks the success. */
  const countUsage = (accountId: string, usage: UsageTag | undefined, credits: number) => {
    if (!usage) return;
    const key = `${USAGE}${accountId}:${usage.period}:${usage.keyId ?? ''}`;
    const before = db.get(key);
    db.put(key, (typeof before === 'number' ? before : 0) + credits);
    db.put(LAST_SUCCESS + accountId, new Date().toISOString());
  };

  return {
    kind: 'embedded',
    findKey: (hash) =>
      guard('read', () => {
        const key = db.get(KEY + hash) as ApiKeyRecord | undefined;
        if (!key) return null;
        const account = db.get(ACCOUNT + key.accountId) as Account | undefined;
        return account ? { key, account } : null;
      }),
    hasKeys: () =>
      guard('read', () => Array.from(db.getRange({ start: KEY, end: KEY + '\uffff', limit: 1 })).length > 0),
    addKey: (record) => guard('write', () => db.put(KEY + record.hash, record).then(() => undefined)),
    revokeKey: (id, at) =>
      guard('write', () =>
        db.transaction(() => {
          for (const { key, value } of db.getRange({ start: KEY, end: KEY + '\uffff' })) {
            const record = value as ApiKeyRecord;
            if (record.id !== id) continue;
            db.put(key, { ...record, revokedAt: record.revokedAt ?? at });
            return true;
          }
          return false;
        }),
      ),
    listKeys: () =>
      guard('read', () =>
        Array.from(db.getRange({ start: KEY, end: KEY + '\uffff' }), ({ value }) => value as ApiKeyRecord),
      ),
    getAccount: (id) => guard('read', () => (db.get(ACCOUNT + id) as Account | undefined) ?? null),
    listAccounts: () =>
      guard('read', () =>
        Array.from(db.getRange({ start: ACCOUNT, end: ACCOUNT + '\uffff' }), ({ value }) => value as Account),
      ),
    putAccount: (settings: AccountSettings) =>
      guard('write', () =>
        db.transaction(() => {
          const existing = db.get(ACCOUNT + settings.id) as Account | undefined;
          const account: Account = {
            ...settings,
            createdAt: existing?.createdAt ?? settings.createdAt ?? new Date().toISOString(),
          };
          db.put(ACCOUNT + settings.id, account);
          return account;
        }),
      ),
    addCredits: (accountId, amount) =>
      guard('write', () =>
        db.transaction(() => {
          const next = Math.max(0, balanceIn(accountId) + amount);
          db.put(CREDITS + accountId, next);
          return next;
        }),
      ),
    balance: (accountId) => guard('read', () => balanceIn(accountId)),
    reserveCredits: (accountId, amount, reservationId) =>
      guard('write', () =>
        db.transaction(() => {
          if (db.get(HELD + reservationId) !== undefined) return true;
          const current = balanceIn(accountId);
          if (current < amount) return false;
          db.put(CREDITS + accountId, current - amount);
          db.put(HELD + reservationId, amount);
          return true;
        }),
      ),
    settleCredits: (accountId, reservationId, cost, usage) =>
      guard('write', () =>
        db.transaction(() => {
          const held = db.get(HELD + reservationId);
          if (typeof held !== 'number') return false;
          db.remove(HELD + reservationId);
          const before = balanceIn(accountId);
          const next = Math.max(0, before + held - cost);
          db.put(CREDITS + accountId, next);
          // What was really taken: the held credits minus the refund, or plus what the balance could still give.
          if (cost > 0) countUsage(accountId, usage, held + before - next);
          return true;
        }),
      ),
    recordUsage: (accountId, usage, credits) =>
      guard('write', () => db.transaction(() => countUsage(accountId, usage, credits))),
    usage: (accountId) =>
      guard('read', () => {
        const prefix = `${USAGE}${accountId}:`;
        const records: UsageRecord[] = [];
        for (const { key, value } of db.getRange({ start: prefix, end: prefix + '\uffff' })) {
          const [period, keyId] = String(key).slice(prefix.length).split(':');
          records.push({ period, ...(keyId ? { keyId } : {}), credits: value as number });
        }
        const last = db.get(LAST_SUCCESS + accountId);
        return { records, lastSuccessAt: typeof last === 'string' ? last : null };
      }),
    async close() {
      await db.close();
    },
  };
}
