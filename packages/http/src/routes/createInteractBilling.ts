import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { errors } from '@scrape/scraper';
import type { Account } from '../accounts/account.js';
import { usagePeriod, type Accounts } from '../accounts/openAccounts.js';

export interface InteractBilling {
  /** Notes who a session's team bills to (accounts with limited credits only); 402 when the balance is empty. */
  admit(account: Account | null): Promise<void>;
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
    async admit(account) {
      if (!accounts || !account || account.unlimitedCredits) return;
      limited.set(account.id, account);
      // Session time is charged afterwards, so an empty balance is the only thing to refuse up front.
      if ((await accounts.store.balance(account.id)) <= 0) throw errors.paymentRequired();
    },
    charge(ended) {
      if (!accounts || ended.creditsBilled <= 0 || !limited.has(ended.team)) return;
      const reservationId = `interact:${ended.sessionId}:${randomUUID()}`;
      void (async () => {
        try {
          await accounts.store.reserveCredits(ended.team, 0, reservationId);
          const usage = { period: usagePeriod(new Date()), keyId: limited.get(ended.team)?.keyId };
          await accounts.store.settleCredits(ended.team, reservationId, ended.creditsBilled, usage);
        } catch (error) {
          log.error(
            { account: ended.team, credits: ended.creditsBilled, err: String(error) },
            'interact session credits could not be charged',
          );
        }
      })();
    },
  };
}
