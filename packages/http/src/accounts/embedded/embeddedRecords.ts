import type { RootDatabase } from 'lmdb';
import type { Account, ApiKeyRecord } from '../account.js';
import type { AccountSettings } from '../AccountStore.js';
import type { AccountRecords } from '../accountStoreParts.js';
import { ACCOUNT, type EmbeddedGuard, KEY } from './embeddedLayout.js';

/**
 * Keys and accounts in the embedded store: one LMDB record each (`key:{sha256}`, `account:{id}`). Revoking and
 * putting an account are write transactions, so a concurrent writer in another process cannot interleave.
 */
export function embeddedRecords(db: RootDatabase, guard: EmbeddedGuard): AccountRecords {
  return {
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
  };
}
