import { createEmbeddedJobStore } from './createEmbeddedJobStore.js';
import { createRedisJobStore, DEFAULT_JOBS_REDIS_PREFIX } from './createRedisJobStore.js';
import type { JobStore } from './types.js';

export interface CreateJobStoreOptions {
  /** Redis (BullMQ) when set; wins over dataDir. */
  redisUrl?: string;
  /** Prefix of every Redis key (default DEFAULT_JOBS_REDIS_PREFIX). */
  redisKeyPrefix?: string;
  /** The embedded home's directory (default ./.scrape-data; the service: SCRAPE_DATA_DIR). */
  dataDir?: string;
  /** A dead worker's items are taken over after about this long (default DEFAULT_LEASE_MS). */
  leaseMs?: number;
  maxAttempts?: number;
  retryBackoffMs?: number;
}

/** The job store for this deployment: BullMQ on Redis when a URL is given, else LMDB in the data directory. */
export async function createJobStore(options: CreateJobStoreOptions = {}): Promise<JobStore> {
  const common = { leaseMs: options.leaseMs, maxAttempts: options.maxAttempts, retryBackoffMs: options.retryBackoffMs };
  if (options.redisUrl) {
    return createRedisJobStore({
      redisUrl: options.redisUrl,
      keyPrefix: options.redisKeyPrefix ?? DEFAULT_JOBS_REDIS_PREFIX,
      ...common,
    });
  }
  const dataDir = options.dataDir ?? './.scrape-data';
  return createEmbeddedJobStore({ dataDir, ...common });
}
