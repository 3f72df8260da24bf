import { randomUUID } from 'node:crypto';
import { errors } from '@scrape/scraper';
import { TIMEOUT_DEFAULT_MS } from '@scrape/scraper/internal';
import { ENDPOINT_SCRAPE, FEATURE_ZERO_DATA_RETENTION, allows, type Account } from './account.js';
import type { UsageTag } from './AccountStore.js';
import { type AccountsContext, track } from './accountsContext.js';
import { isScrapeErrorLike, storeCall, storeUnavailable } from './accountStoreCalls.js';
import type { Admission, AdmitOptions } from './accountsTypes.js';
import type { ConcurrencySlot } from '../limits/createConcurrencyLimiter.js';
import { creditsForDocument, creditsForFailure, expectedCredits } from '../limits/creditCost.js';

// Admission of a request: permission, rate, credits held, a concurrency slot; then its settlement with what it cost.

/** The request fields admission reads. */
type AdmittedBody = { zeroDataRetention?: unknown; lockdown?: unknown; timeout?: unknown };

/** The calendar month (UTC) usage is counted under: `YYYY-MM`. */
export function usagePeriod(at: Date): string {
  return at.toISOString().slice(0, 7);
}

/** Refuses (403) an endpoint the key may not use, and zero data retention or lockdown without the feature. */
function checkPermissions(account: Account, endpoint: string, b: AdmittedBody | null): void {
  if (!allows(account.endpoints, endpoint)) {
    throw errors.forbidden({ reason: `This key has no permission for the ${endpoint} endpoint.` });
  }
  if (b?.zeroDataRetention === true && !allows(account.features, FEATURE_ZERO_DATA_RETENTION)) {
    throw errors.forbidden({ reason: 'Zero data retention is not enabled for this account.' });
  }
  // Lockdown promises what zero data retention does (nothing of the request is kept): the same feature gates it.
  if (b?.lockdown === true && !allows(account.features, FEATURE_ZERO_DATA_RETENTION)) {
    throw errors.forbidden({ reason: 'Lockdown needs the zero data retention feature (not enabled here).' });
  }
}

/** Reserves the credits a request holds while it runs; refused (402) when the balance does not cover them. */
async function reserveHeld(ctx: AccountsContext, accountId: string, held: number, reservationId: string) {
  const { landing, store, settlements } = ctx;
  // The account's previous request may still be settling (a refund of what it held but did not spend).
  await landing.settled(accountId);
  let reserved: boolean;
  try {
    reserved = await store.reserveCredits(accountId, held, reservationId);
  } catch (error) {
    // The reply was lost, not necessarily the write: cancel the reservation in case it landed (a no-op if not).
    await settlements.settleOrDefer(accountId, reservationId, 0);
    throw storeUnavailable(error as Error);
  }
  if (!reserved) throw errors.paymentRequired();
}

/** The account's concurrency slot (none without a limit), waited for up to the request's timeout. */
async function acquireSlot(
  ctx: AccountsContext,
  account: Account,
  b: AdmittedBody | null,
  signal: AbortSignal | undefined,
  held: number,
  reservationId: string,
): Promise<ConcurrencySlot | null> {
  if (account.concurrency === null) return null;
  const waitMs = typeof b?.timeout === 'number' && b.timeout > 0 ? b.timeout : TIMEOUT_DEFAULT_MS;
  try {
    return await ctx.concurrency.acquire(account.id, {
      limit: account.concurrency,
      queueLimit: account.queueLimit,
      waitMs,
      signal,
    });
  } catch (error) {
    if (held > 0) await ctx.settlements.settleOrDefer(account.id, reservationId, 0);
    // Our 429, or the caller leaving, pass through; anything else is the shared store failing (Redis away).
    if (signal?.aborted || isScrapeErrorLike(error)) throw error;
    throw storeUnavailable(error as Error);
  }
}

/** An admitted request's credits: `held` at admission, `extra` reserved later for work billed by size. */
interface Held {
  readonly account: Account;
  readonly held: number;
  readonly reservationId: string;
  /** Credits reserved later for work billed by size, under a second reservation id. */
  readonly extraId: string;
  extra: number;
  settled: boolean;
}

/** Writes what the request cost: its reservations settled, or (nothing held) its usage recorded. */
async function writeCost(ctx: AccountsContext, h: Held, usage: UsageTag, cost: number, succeeded: boolean) {
  const { account, held, extra } = h;
  if (held > 0 || extra > 0) {
    if (held > 0)
      await ctx.settlements.settleOrDefer(account.id, h.reservationId, extra > 0 ? Math.min(cost, held) : cost, usage);
    if (extra > 0) await ctx.settlements.settleOrDefer(account.id, h.extraId, Math.max(0, cost - held), usage);
    return;
  }
  // Unlimited (or free) requests are counted too, so usage reports what they would have cost.
  if (succeeded || cost > 0) {
    await ctx.store.recordUsage(account.id, usage, cost).catch((error: unknown) => {
      ctx.logger?.warn(
        { account: account.id, cost, err: String(error) },
        'usage not recorded: account store unreachable',
      );
    });
  }
}

/** Admission.creditBudget: as much of `upTo` in all as the balance allows, reserved once. */
async function creditBudget(ctx: AccountsContext, h: Held, upTo: number): Promise<number> {
  const { account, held } = h;
  if (account.unlimitedCredits) return upTo;
  if (h.settled || h.extra > 0) return held + h.extra;
  // The balance may move between the read and the reservation (other requests): a few tries, each atomic.
  for (let attempt = 0; attempt < 3; attempt++) {
    const want = Math.min(Math.max(0, upTo - held), await storeCall(() => ctx.store.balance(account.id)));
    if (want <= 0) return held;
    let reserved: boolean;
    try {
      reserved = await ctx.store.reserveCredits(account.id, want, h.extraId);
    } catch (error) {
      await ctx.settlements.settleOrDefer(account.id, h.extraId, 0);
      throw storeUnavailable(error as Error);
    }
    if (reserved) {
      h.extra = want;
      return held + h.extra;
    }
  }
  return held;
}

/**
 * Permission, rate, credits and concurrency checks in that order (Accounts.admit); the Admission settles the
 * credits held with what the request cost and frees its slot.
 */
export async function admitRequest(
  ctx: AccountsContext,
  account: Account,
  body: unknown,
  signal: AbortSignal | undefined,
  options: AdmitOptions,
): Promise<Admission> {
  const b = body as AdmittedBody | null;
  checkPermissions(account, options.endpoint ?? ENDPOINT_SCRAPE, b);
  if (account.ratePerMinute !== null) await ctx.rateLimiter.consume(account.id, account.ratePerMinute);

  const held = account.unlimitedCredits ? 0 : (options.credits ?? expectedCredits(body));
  const reservationId = randomUUID();
  if (held > 0) await reserveHeld(ctx, account.id, held, reservationId);
  const slot = await acquireSlot(ctx, account, b, signal, held, reservationId);

  const admittedAt = Date.now();
  track(ctx, account.id, 1);
  const usage: UsageTag = { period: usagePeriod(new Date()), keyId: account.keyId };
  const h: Held = { account, held, reservationId, extraId: `${reservationId}:extra`, extra: 0, settled: false };
  const settle = async (cost: number, succeeded: boolean) => {
    if (h.settled) return;
    h.settled = true;
    track(ctx, account.id, -1);
    await slot?.release();
    // The answer does not wait for the durable write (a disk flush per request); see createLandingWrites.
    ctx.landing.run(account.id, () => writeCost(ctx, h, usage, cost, succeeded));
  };
  return {
    creditBudget: (upTo) => creditBudget(ctx, h, upTo),
    async succeed(doc) {
      const marked = Boolean(slot && doc.metadata);
      if (slot && doc.metadata) {
        doc.metadata.concurrencyLimited = slot.queuedMs !== null;
        if (slot.queuedMs !== null) doc.metadata.concurrencyQueueDurationMs = slot.queuedMs;
      }
      await settle(creditsForDocument(doc, held || expectedCredits(body)), true);
      return marked;
    },
    async succeedWith(credits) {
      await settle(credits, true);
    },
    async fail(error) {
      // A failure that held its slot long is billed (see creditsForFailure), also when the client left: leaving
      // just before the timeout must not make the work free.
      await settle(Math.min(held || Infinity, creditsForFailure(error, Date.now() - admittedAt)), false);
    },
  };
}
