import type { AccountStore, UsageTag } from './AccountStore.js';
import type { AccountsLogger } from './accountsTypes.js';

/** Refunds and charges that failed (store unreachable) are retried this often until they land. */
const SETTLE_RETRY_MS = 1_000;

interface Settlement {
  accountId: string;
  reservationId: string;
  cost: number;
  usage?: UsageTag;
}

export interface Settlements {
  /**
   * Ends a reservation with its real cost. If the store is unreachable it is queued and retried until it lands;
   * settling is idempotent, so a retry after a lost reply cannot refund or charge twice.
   */
  settleOrDefer(accountId: string, reservationId: string, cost: number, usage?: UsageTag): Promise<void>;
  /** Settlements still waiting for the store. */
  readonly pending: number;
  /** Stops the retries, awaits `first` (writes that may still defer), tries once more; what still fails is logged. */
  close(first?: () => Promise<void>): Promise<void>;
}

/** Settlements of reservations, those the store did not take retried every SETTLE_RETRY_MS in order. */
export function createSettlements(store: AccountStore, logger: AccountsLogger | undefined): Settlements {
  const outbox: Settlement[] = [];
  let draining = false;
  const drain = async () => {
    if (draining || outbox.length === 0) return;
    draining = true;
    try {
      while (outbox.length > 0) {
        const next = outbox[0];
        await store.settleCredits(next.accountId, next.reservationId, next.cost, next.usage);
        outbox.shift();
      }
    } catch {
      // still away; the next tick retries
    } finally {
      draining = false;
    }
  };
  const retry = setInterval(() => void drain(), SETTLE_RETRY_MS);
  retry.unref();
  return {
    async settleOrDefer(accountId, reservationId, cost, usage) {
      try {
        await store.settleCredits(accountId, reservationId, cost, usage);
      } catch (error) {
        outbox.push({ accountId, reservationId, cost, usage });
        logger?.warn(
          { account: accountId, cost, err: String(error) },
          'credit settlement deferred: account store unreachable',
        );
      }
    },
    get pending() {
      return outbox.length;
    },
    async close(first) {
      clearInterval(retry);
      await first?.();
      await drain();
      if (outbox.length > 0)
        logger?.error({ pending: outbox }, 'closing with credit settlements that never reached the store');
    },
  };
}
