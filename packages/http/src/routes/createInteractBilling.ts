import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Account } from '../accounts/account.js';
import type { Accounts } from '../accounts/openAccounts.js';

export interface InteractBilling {
  /** Notes who a session's team bills to (accounts with limited credits only). */
  noteAccount(account: Account | null): void;
  /** Charges an ended session's `creditsBilled` to its team's account (skipped for unlimited accounts). */
  charge(ended: { team: string; sessionId: string; creditsBilled: number }): void;
}

/**
 * Session time is billed when the session ends (stop, idle, lifetime, shutdown): an empty reservation settled at
 * the session's cost takes the credits (down to zero at most), idempotently per session id.
 */
export function createInteractBilling(accounts: Accounts | undefined, log: FastifyBaseLogger): InteractBilling {
  const limited = new Map<string, Account>();
  return {
    noteAccount(account) {
      if (account && !account.unlimitedCredits) limited.set(account.id, account);
    },
    charge(ended) {
      if (!accounts || ended.creditsBilled <= 0 || !limited.has(ended.team)) return;
      const reservationId = `interact:${ended.sessionId}:${randomUUID()}`;
      void (async () => {
        try {
          await accounts.store.reserveCredits(ended.team, 0, reservationId);
          await accounts.store.settleCredits(ended.team, reservationId, ended.creditsBilled);
        } catch (error) {
          log.error({ account: ended.team, credits: ended.creditsBilled, err: String(error) }, 'interact session credits could not be charged');
        }
      })();
    },
  };
}
