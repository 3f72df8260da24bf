import type { Redis } from 'ioredis';
import { hashApiKey } from './apiKey.js';
import { acquireJobSlot, admitCall } from './accountSlots.js';
import type { AccountsContext } from './accountsContext.js';
import { storeCall } from './accountStoreCalls.js';
import { AccountStoreError, type AccountStore } from './AccountStore.js';
import type { Accounts, AccountsLogger } from './accountsTypes.js';
import { admitRequest } from './admitRequest.js';
import { createLandingWrites, type LandingWrites } from './createLandingWrites.js';
import { createEmbeddedAccountStore } from './createEmbeddedAccountStore.js';
import {
  DEFAULT_ACCOUNTS_KEY_PREFIX,
  connectAccountsRedis,
  createRedisAccountStore,
} from './createRedisAccountStore.js';
import { createSettlements } from './createSettlements.js';
import { createConcurrencyLimiter, type ConcurrencyLimiter } from '../limits/createConcurrencyLimiter.js';
import { createRateLimiter, type RateLimiter } from '../limits/createRateLimiter.js';

// The steps: admission (admitRequest), other slots (accountSlots), settlements retried (createSettlements).
export type { Accounts, AccountsLogger, Admission } from './accountsTypes.js';
export { usagePeriod } from './admitRequest.js';

/**
 * Until the first key is issued the service may run keyless (loopback); re-checked this often so no restart is needed.
 */
const HAS_KEYS_RECHECK_MS = 2_000;

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

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
  const settlements = createSettlements(store, logger);
  const ctx: AccountsContext = { store, landing, rateLimiter, concurrency, logger, settlements, running: new Map() };
  let keysSeen = false;
  let keysCheckedAt = 0;
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
      return { active: ctx.running.get(account.id) ?? 0, waiting: 0 };
    },
    admit: (account, body, signal, options = {}) => admitRequest(ctx, account, body, signal, options),
    admitCall: (account, options = {}) => admitCall(ctx, account, options),
    acquireJobSlot: (accountId, limit, signal) => acquireJobSlot(ctx, accountId, limit, signal),
    pendingSettlements: () => settlements.pending + landing.pending,
    async close() {
      await settlements.close(() => landing.drain());
      await parts.onClose?.();
    },
  };
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
