import { createEmbeddedJobStore } from './createEmbeddedJobStore.js';
import { createRedisJobStore, DEFAULT_JOBS_REDIS_PREFIX } from './createRedisJobStore.js';
import type { JobStore } from './types.js';

export interface CreateJobStoreOptions {
  /** Redis (BullMQ) when set; wins over dataDir. */
  redisUrl?: string;
  /** Prefix of every Redis key (default DEFAULT_JOBS_REDIS_PREFIX). */
  redisKeyPrefix?: string;
  /** The embedded home's directory (default env SCRAPE_DATA_DIR or ./.scrape-data). */
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
  const dataDir = options.dataDir ?? process.env.SCRAPE_DATA_DIR ?? './.scrape-data';
  return createEmbeddedJobStore({ dataDir, ...common });
}

/** From the environment: REDIS_URL, SCRAPE_JOBS_REDIS_PREFIX, SCRAPE_DATA_DIR, SCRAPE_JOB_LEASE_MS. */
export function jobStoreFromEnv(env: NodeJS.ProcessEnv = process.env): Promise<JobStore> {
  const lease = Number(env.SCRAPE_JOB_LEASE_MS);
  return createJobStore({
    redisUrl: env.REDIS_URL || undefined,
    redisKeyPrefix: env.SCRAPE_JOBS_REDIS_PREFIX || undefined,
    dataDir: env.SCRAPE_DATA_DIR || undefined,
    leaseMs: Number.isFinite(lease) && lease > 0 ? lease : undefined,
  });
}
