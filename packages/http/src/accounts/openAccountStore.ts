import type { AccountStore } from './AccountStore.js';
import { createEmbeddedAccountStore } from './createEmbeddedAccountStore.js';
import { connectAccountsRedis, createRedisAccountStore } from './createRedisAccountStore.js';

/** The store alone (admin CLI): Redis when `redisUrl`, else LMDB under `dataDir`; the same choice the server makes. */
export async function openAccountStore(options: {
  dataDir: string;
  redisUrl?: string;
  keyPrefix?: string;
}): Promise<AccountStore> {
  if (options.redisUrl) {
    const redis = await connectAccountsRedis(options.redisUrl);
    return createRedisAccountStore({ redis, keyPrefix: options.keyPrefix });
  }
  return createEmbeddedAccountStore({ dataDir: options.dataDir });
}
