import type { FastifyBaseLogger } from 'fastify';
import type { InteractTimeBilling } from '@scrape/scraper/internal';
import type { Account } from '../accounts/account.js';
import { usagePeriod, type Accounts } from '../accounts/openAccounts.js';

export interface InteractBilling extends InteractTimeBilling {
  /** Notes who a session's team bills to (accounts with limited credits only); their sessions' time is reserved. */
  admit(account: Account | null): Promise<void>;
}

/**
 * Session time is paid ahead, a billing minute at a time (the sessions manager asks as each minute starts): each
 * minute is a reservation of the account's credits, taken only when the balance holds it all, so no number of
 * sessions can run past the balance. When the session ends its reservations settle at its bill (what was held and
 * not used comes back; never below zero), idempotently per reservation id. Unlimited accounts reserve nothing.
 */
export function createInteractBilling(accounts: Accounts | undefined, log: FastifyBaseLogger): InteractBilling {
  const limited = new Map<string, Account>();
  /** Reservations of live sessions, by session id, in order. */
  const held = new Map<string, { id: string; credits: number }[]>();
  return {
    async admit(account) {
      if (!accounts || !account || account.unlimitedCredits) return;
      limited.set(account.id, account);
    },
    async reserve({ team, sessionId, credits }) {
      if (!accounts || !limited.has(team)) return true;
      const list = held.get(sessionId) ?? [];
      const id = `interact:${sessionId}:${list.length}`;
      if (!(await accounts.store.reserveCredits(team, credits, id))) return false;
      list.push({ id, credits });
      held.set(sessionId, list);
      return true;
    },
    settle({ team, sessionId, creditsBilled }) {
      const list = held.get(sessionId);
      held.delete(sessionId);
      if (!accounts || !list) return;
      const usage = { period: usagePeriod(new Date()), keyId: limited.get(team)?.keyId };
      void (async () => {
        let left = creditsBilled;
        for (const [i, reservation] of list.entries()) {
          // Each reservation pays what it holds; the last takes whatever is left (the store never goes below zero).
          const cost = i === list.length - 1 ? left : Math.min(left, reservation.credits);
          left -= cost;
          try {
            await accounts.store.settleCredits(team, reservation.id, cost, cost > 0 ? usage : undefined);
          } catch (error) {
            const failure = { account: team, credits: cost, err: String(error) };
            log.error(failure, 'interact session credits could not be settled');
          }
        }
      })();
    },
  };
}
