import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { ScrapeError, errors } from '@scrape/scraper';
import { TIMEOUT_DEFAULT_MS } from '@scrape/scraper/internal';
import { ENDPOINT_SCRAPE, FEATURE_ZERO_DATA_RETENTION, allows, type Account } from './account.js';
import { AccountStoreError, type AccountStore, type UsageTag } from './AccountStore.js';
import { hashApiKey } from './apiKey.js';
import { createLandingWrites, type LandingWrites } from './createLandingWrites.js';
import { createEmbeddedAccountStore } from './createEmbeddedAccountStore.js';
import {
  DEFAULT_ACCOUNTS_KEY_PREFIX,
  connectAccountsRedis,
  createRedisAccountStore,
} from './createRedisAccountStore.js';
import {
  createConcurrencyLimiter,
  type ConcurrencyLimiter,
  type ConcurrencySlot,
} from '../limits/createConcurrencyLimiter.js';
import { createRateLimiter, type RateLimiter } from '../limits/createRateLimiter.js';
import { creditsForDocument, creditsForFailure, expectedCredits } from '../limits/creditCost.js';

/**
 * Until the first key is issued the service may run keyless (loopback); re-checked this often so no restart is needed.
 */
const HAS_KEYS_RECHECK_MS = 2_000;
/** Refunds and charges that failed (store unreachable) are retried this often until they land. */
const SETTLE_RETRY_MS = 1_000;
/** A crawl page waiting for one of its account's slots asks again this often (slots free in any process). */
const JOB_SLOT_POLL_MS = 50;

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

export interface AccountsLogger {
  warn: (o: object, msg?: string) => void;
  error: (o: object, msg?: string) => void;
}

/** One admitted request: reports its outcome so the held credits are settled and the slot freed. */
export interface Admission {
  /** Charges what the document says it cost and marks it if it waited for a slot (mutates `doc.metadata`). */
  succeed(doc: { metadata?: Record<string, unknown> }): Promise<void>;
  /** Charges `credits` (search, parse: the route knows the cost); never more than the balance holds. */
  succeedWith(credits: number): Promise<void>;
  fail(error: unknown): Promise<void>;
  /**
   * Work billed by size (PDF pages): reserves, beside what admission held, as much of `upTo` credits in all as the
   * balance allows, and answers how many the request may spend (all of `upTo` for unlimited accounts).
   */
  creditBudget(upTo: number): Promise<number>;
}

export interface Accounts {
  readonly store: AccountStore;
  /** Whether any key was ever issued in the store (then authentication is on). */
  hasKeys(): Promise<boolean>;
  /** The account of `Authorization: Bearer <key>`; null for missing, malformed, unknown or revoked keys. */
  authenticate(authorization: string | undefined): Promise<Account | null>;
  /**
   * Permission, rate, credits and concurrency checks in that order; throws the spec's 403/429/402/429. `endpoint`
   * (default scrape) is the permission asked for; `credits` what to hold (default: what the scrape body costs).
   */
  admit(account: Account, body: unknown, signal?: AbortSignal, options?: AdmitOptions): Promise<Admission>;
  /**
   * The rate and concurrency limits alone, for authenticated calls that are not scrapes (interact): one request of
   * the account's per-minute budget and one of its concurrency slots, held until `release`.
   */
  admitCall(
    account: Account,
    options?: { waitMs?: number; signal?: AbortSignal; concurrency?: boolean },
  ): Promise<{ release(): Promise<void> }>;
  /**
   * One of the account's `limit` concurrency slots for a page of its crawl or batch, held until `release`. It waits
   * as long as it takes and never joins the account's wait queue: a page takes a slot only when none of the account's
   * own requests is waiting, so a crawl cannot crowd out (or 429) the scrapes queued behind it.
   */
  acquireJobSlot(accountId: string, limit: number, signal: AbortSignal): Promise<{ release(): Promise<void> }>;
  /**
   * Requests of the account running (and waiting for a slot) now: the cluster's with a concurrency limit, else this
   * process's.
   */
  activity(account: Account): Promise<{ active: number; waiting: number }>;
  /** Settlements still waiting for the store (retried in the background). */
  pendingSettlements(): number;
  close(): Promise<void>;
}

export interface AdmitOptions {
  endpoint?: string;
  credits?: number;
}

export interface OpenAccountsOptions {
  /** Embedded home: LMDB under `{dataDir}/accounts` (used when no redisUrl). */
  dataDir?: string;
  /** Shared home for accounts, credits, rate windows and concurrency slots. */
  redisUrl?: string;
  keyPrefix?: string;
  logger?: AccountsLogger;
}

/** Opens the account store (Redis when `redisUrl`, else LMDB under `dataDir`) and the limiters beside it. */
export async function openAccounts(options: OpenAccountsOptions): Promise<Accounts> {
  const keyPrefix = options.keyPrefix ?? DEFAULT_ACCOUNTS_KEY_PREFIX;
  let redis: Redis | undefined;
  let store: AccountStore;
  if (options.redisUrl) {
    redis = await connectAccountsRedis(options.redisUrl);
    store = createRedisAccountStore({ redis, keyPrefix, ownsConnection: false });
  } else {
    if (!options.dataDir) throw new AccountStoreError('openAccounts needs a dataDir or a redisUrl');
    store = createEmbeddedAccountStore({ dataDir: options.dataDir });
  }
  return createAccounts({
    store,
    rateLimiter: createRateLimiter({ redis, keyPrefix }),
    concurrency: createConcurrencyLimiter({ redis, keyPrefix }),
    logger: options.logger,
    onClose: async () => {
      await store.close();
      if (redis && redis.status !== 'end') await redis.quit().catch(() => redis?.disconnect());
    },
  });
}

export function createAccounts(parts: {
  store: AccountStore;
  rateLimiter: RateLimiter;
  concurrency: ConcurrencyLimiter;
  logger?: AccountsLogger;
  onClose?: () => Promise<void>;
}): Accounts {
  const { rateLimiter, concurrency, logger } = parts;
  // Settlements land after the answer; reads of an account through `store` wait for its own first.
  const landing = createLandingWrites();
  const store = readingOwnWrites(parts.store, landing);
  let keysSeen = false;
  let keysCheckedAt = 0;
  const outbox: { accountId: string; reservationId: string; cost: number; usage?: UsageTag }[] = [];
  /** Requests admitted and not yet settled, per account, in this process (queue-status of unlimited accounts). */
  const running = new Map<string, number>();
  const track = (id: string, delta: number) => {
    const next = (running.get(id) ?? 0) + delta;
    if (next <= 0) running.delete(id);
    else running.set(id, next);
  };

  /**
   * Ends a reservation with its real cost. If the store is unreachable it is queued and retried until it lands;
   * settling is idempotent, so a retry after a lost reply cannot refund or charge twice.
   */
  /** Reserves the credits a request holds while it runs; refused (402) when the balance does not cover them. */
  const reserveHeld = async (accountId: string, held: number, reservationId: string): Promise<void> => {
    // The account's previous request may still be settling (a refund of what it held but did not spend).
    await landing.settled(accountId);
    let reserved: boolean;
    try {
      reserved = await store.reserveCredits(accountId, held, reservationId);
    } catch (error) {
      // The reply was lost, not necessarily the write: cancel the reservation in case it landed (a no-op if not).
      await settleOrDefer(accountId, reservationId, 0);
      throw storeUnavailable(error as Error);
    }
    if (!reserved) throw errors.paymentRequired();
  };

  /** The account's concurrency slot (none without a limit), waited for up to the request's timeout. */
  const acquireSlot = async (
    account: Account,
    b: AdmittedBody | null,
    signal: AbortSignal | undefined,
    held: number,
    reservationId: string,
  ): Promise<ConcurrencySlot | null> => {
    if (account.concurrency === null) return null;
    const waitMs = typeof b?.timeout === 'number' && b.timeout > 0 ? b.timeout : TIMEOUT_DEFAULT_MS;
    try {
      return await concurrency.acquire(account.id, {
        limit: account.concurrency,
        queueLimit: account.queueLimit,
        waitMs,
        signal,
      });
    } catch (error) {
      if (held > 0) await settleOrDefer(account.id, reservationId, 0);
      // Our 429, or the caller leaving, pass through; anything else is the shared store failing (Redis away).
      if (signal?.aborted || isScrapeErrorLike(error)) throw error;
      throw storeUnavailable(error as Error);
    }
  };

  const settleOrDefer = async (accountId: string, reservationId: string, cost: number, usage?: UsageTag) => {
    try {
      await store.settleCredits(accountId, reservationId, cost, usage);
    } catch (error) {
      outbox.push({ accountId, reservationId, cost, usage });
      logger?.warn(
        { account: accountId, cost, err: String(error) },
        'credit settlement deferred: account store unreachable',
      );
    }
  };
  const retry = setInterval(() => void drain(), SETTLE_RETRY_MS);
  retry.unref();
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

  return {
    store,
    async hasKeys() {
      if (keysSeen) return true;
      const now = Date.now();
      if (now - keysCheckedAt < HAS_KEYS_RECHECK_MS) return false;
      keysSeen = await storeCall(() => store.hasKeys());
      keysCheckedAt = now;
      return keysSeen;
    },
    async authenticate(authorization) {
      const token = typeof authorization === 'string' ? BEARER.exec(authorization)?.[1] : undefined;
      if (token === undefined) return null;
      const found = await storeCall(() => store.findKey(hashApiKey(token)));
      if (found) keysSeen = true;
      if (!found || found.key.revokedAt) return null;
      return { ...found.account, keyId: found.key.id };
    },
    async activity(account) {
      if (account.concurrency !== null && concurrency.activity) return concurrency.activity(account.id);
      return { active: running.get(account.id) ?? 0, waiting: 0 };
    },
    async admit(account, body, signal, options = {}) {
      const b = body as AdmittedBody | null;
      checkPermissions(account, options.endpoint ?? ENDPOINT_SCRAPE, b);
      if (account.ratePerMinute !== null) await rateLimiter.consume(account.id, account.ratePerMinute);

      const held = account.unlimitedCredits ? 0 : (options.credits ?? expectedCredits(body));
      const reservationId = randomUUID();
      if (held > 0) await reserveHeld(account.id, held, reservationId);
      const slot = await acquireSlot(account, b, signal, held, reservationId);

      const admittedAt = Date.now();
      let settled = false;
      track(account.id, 1);
      const usage: UsageTag = { period: usagePeriod(new Date()), keyId: account.keyId };
      // Credits reserved later for work billed by size, under a second reservation id.
      const extraId = `${reservationId}:extra`;
      let extra = 0;
      const settle = async (cost: number, succeeded: boolean) => {
        if (settled) return;
        settled = true;
        track(account.id, -1);
        await slot?.release();
        // The answer does not wait for the durable write (a disk flush per request); see createLandingWrites.
        landing.run(account.id, () => write(cost, succeeded));
      };
      const write = async (cost: number, succeeded: boolean) => {
        if (held > 0 || extra > 0) {
          if (held > 0) await settleOrDefer(account.id, reservationId, extra > 0 ? Math.min(cost, held) : cost, usage);
          if (extra > 0) await settleOrDefer(account.id, extraId, Math.max(0, cost - held), usage);
          return;
        }
        // Unlimited (or free) requests are counted too, so usage reports what they would have cost.
        if (succeeded || cost > 0) {
          await store.recordUsage(account.id, usage, cost).catch((error: unknown) => {
            logger?.warn(
              { account: account.id, cost, err: String(error) },
              'usage not recorded: account store unreachable',
            );
          });
        }
      };
      const creditBudget = async (upTo: number): Promise<number> => {
        if (account.unlimitedCredits) return upTo;
        if (settled || extra > 0) return held + extra;
        // The balance may move between the read and the reservation (other requests): a few tries, each atomic.
        for (let attempt = 0; attempt < 3; attempt++) {
          const want = Math.min(Math.max(0, upTo - held), await storeCall(() => store.balance(account.id)));
          if (want <= 0) return held;
          let reserved: boolean;
          try {
            reserved = await store.reserveCredits(account.id, want, extraId);
          } catch (error) {
            await settleOrDefer(account.id, extraId, 0);
            throw storeUnavailable(error as Error);
          }
          if (reserved) {
            extra = want;
            return held + extra;
          }
        }
        return held;
      };
      return {
        creditBudget,
        async succeed(doc) {
          if (slot && doc.metadata) {
            doc.metadata.concurrencyLimited = slot.queuedMs !== null;
            if (slot.queuedMs !== null) doc.metadata.concurrencyQueueDurationMs = slot.queuedMs;
          }
          await settle(creditsForDocument(doc, held || expectedCredits(body)), true);
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
    },
    async admitCall(account, options = {}) {
      if (account.ratePerMinute !== null) await rateLimiter.consume(account.id, account.ratePerMinute);
      if (account.concurrency === null || options.concurrency === false) return { release: async () => {} };
      let slot: ConcurrencySlot;
      try {
        const waitMs = options.waitMs ?? TIMEOUT_DEFAULT_MS;
        slot = await concurrency.acquire(account.id, {
          limit: account.concurrency,
          queueLimit: account.queueLimit,
          waitMs,
          signal: options.signal,
        });
      } catch (error) {
        if (options.signal?.aborted || isScrapeErrorLike(error)) throw error;
        throw storeUnavailable(error as Error);
      }
      let released = false;
      return {
        async release() {
          if (released) return;
          released = true;
          await slot.release();
        },
      };
    },
    async acquireJobSlot(accountId, limit, signal) {
      for (;;) {
        try {
          // queueLimit 0: a free slot is taken only when nobody queues for one; otherwise "limited" at once.
          const asked = { limit, queueLimit: 0, waitMs: TIMEOUT_DEFAULT_MS, signal };
          const slot = await concurrency.acquire(accountId, asked);
          track(accountId, 1);
          let released = false;
          return {
            async release() {
              if (released) return;
              released = true;
              track(accountId, -1);
              await slot.release();
            },
          };
        } catch (error) {
          if (signal.aborted) throw signal.reason ?? error;
          // A store failure is not ours to turn into a page error: wait and ask again, as for a busy account.
          if (isScrapeErrorLike(error) && (error as ScrapeError).status !== 429) throw error;
        }
        await sleepFor(JOB_SLOT_POLL_MS + Math.floor(Math.random() * 25), signal);
      }
    },
    pendingSettlements: () => outbox.length + landing.pending,
    async close() {
      clearInterval(retry);
      await landing.drain();
      await drain();
      if (outbox.length > 0)
        logger?.error({ pending: outbox }, 'closing with credit settlements that never reached the store');
      await parts.onClose?.();
    },
  };
}

/** The request fields admission reads. */
type AdmittedBody = { zeroDataRetention?: unknown; lockdown?: unknown; timeout?: unknown };

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

function sleepFor(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** The store, with an account's balance and usage read only once its settlements still landing have landed. */
function readingOwnWrites(store: AccountStore, landing: LandingWrites): AccountStore {
  return {
    ...store,
    balance: async (accountId: string) => {
      await landing.settled(accountId);
      return store.balance(accountId);
    },
    usage: async (accountId: string) => {
      await landing.settled(accountId);
      return store.usage(accountId);
    },
  };
}

/** The calendar month (UTC) usage is counted under: `YYYY-MM`. */
export function usagePeriod(at: Date): string {
  return at.toISOString().slice(0, 7);
}

/** Store failures (Redis down, disk full) are the service's: 503 with a reason, never a 500. */
async function storeCall<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isScrapeErrorLike(error)) throw error;
    throw storeUnavailable(error as Error);
  }
}

function isScrapeErrorLike(error: unknown): boolean {
  return error instanceof ScrapeError || (error as { name?: unknown } | null)?.name === 'ScrapeError';
}

function storeUnavailable(error: Error): ScrapeError {
  return new ScrapeError({
    status: 503,
    error: 'Service Unavailable',
    details: { reason: 'The account store is unreachable; retry shortly.' },
    headers: { 'Retry-After': '1' },
    message: error.message,
  });
}
