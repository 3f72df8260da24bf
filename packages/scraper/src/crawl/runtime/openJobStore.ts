import { createJobStore, DEFAULT_JOBS_REDIS_PREFIX, isJobError, type JobStore } from '@scrape/jobs';
import { errors } from '../../errors.js';
import type { JobRuntimeOptions } from './jobRuntimeTypes.js';

/**
 * Opens the runtime's own job store in its home: BullMQ on Redis (under `<cache prefix>jobs:` unless a prefix is
 * given) or LMDB in the data directory. A failure is a 503 saying why the store could not be opened.
 */
export async function openJobStore(
  options: Pick<JobRuntimeOptions, 'home' | 'jobLeaseMs' | 'jobsRedisKeyPrefix'>,
): Promise<JobStore> {
  const home = options.home;
  try {
    const leaseMs = options.jobLeaseMs;
    const prefix =
      options.jobsRedisKeyPrefix?.trim() ||
      (home.kind === 'redis' && home.keyPrefix ? `${home.keyPrefix}jobs:` : DEFAULT_JOBS_REDIS_PREFIX);
    return home.kind === 'redis'
      ? await createJobStore({ redisUrl: home.redisUrl, redisKeyPrefix: prefix, leaseMs })
      : await createJobStore({ dataDir: home.dataDir, leaseMs });
  } catch (error) {
    throw errors.unavailable('Service Unavailable', {
      reason: `the job store could not be opened: ${isJobError(error) ? error.message : String(error)}`,
    });
  }
}
