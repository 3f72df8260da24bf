import type { RootDatabase } from 'lmdb';
import type { UsageRecord, UsageTag } from '../AccountStore.js';
import type { CreditLedger } from '../accountStoreParts.js';
import { CREDITS, type EmbeddedGuard, HELD, LAST_SUCCESS, USAGE } from './embeddedLayout.js';

/**
 * Balances, reservations and usage in the embedded store. Every credit operation is one LMDB write transaction,
 * which holds the environment's write lock: atomic across all processes that open the same directory.
 */
export function embeddedLedger(db: RootDatabase, guard: EmbeddedGuard): CreditLedger {
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
  };
}
