import type { AccountStore } from './AccountStore.js';
import type { AccountsLogger } from './accountsTypes.js';
import type { LandingWrites } from './createLandingWrites.js';
import type { Settlements } from './createSettlements.js';
import type { ConcurrencyLimiter } from '../limits/createConcurrencyLimiter.js';
import type { RateLimiter } from '../limits/createRateLimiter.js';

/** What the accounts' steps (admission, slots) share. */
export interface AccountsContext {
  /** The store, an account's balance and usage read after its own settlements still landing (readingOwnWrites). */
  readonly store: AccountStore;
  readonly landing: LandingWrites;
  readonly rateLimiter: RateLimiter;
  readonly concurrency: ConcurrencyLimiter;
  readonly logger?: AccountsLogger;
  readonly settlements: Settlements;
  /** Requests admitted and not yet settled, per account, in this process (queue-status of unlimited accounts). */
  readonly running: Map<string, number>;
}

/** Counts a request of the account in (`1`) or out (`-1`) of `running`. */
export function track(ctx: AccountsContext, id: string, delta: number): void {
  const next = (ctx.running.get(id) ?? 0) + delta;
  if (next <= 0) ctx.running.delete(id);
  else ctx.running.set(id, next);
}
