// The public face of @scrape/jobs: one job model (queue of work items with leases, retries and stalled-item
// recovery; a per-job frontier; a result store; status and ownership by team), embedded (LMDB) or BullMQ on Redis.
export {
  DEFAULT_ITEM_ATTEMPTS,
  DEFAULT_JOB_TTL_MS,
  DEFAULT_LEASE_MS,
  DEFAULT_WORKER_CONCURRENCY,
  RETRY_BACKOFF_MS,
  type CommitEvent,
  type CreateJobInput,
  type ItemError,
  type JobKind,
  type JobLimits,
  type JobRecord,
  type JobStatus,
  type JobStore,
  type JobWorker,
  type ListJobsFilter,
  type QueueCounts,
  type Page,
  type StoredError,
  type WorkContext,
  type WorkHandler,
  type WorkItem,
  type WorkItemInput,
  type WorkOutcome,
  type WorkerOptions,
} from './types.js';
export { createJobStore, type CreateJobStoreOptions } from './createJobStore.js';
export { createEmbeddedJobStore, type EmbeddedJobStoreOptions } from './createEmbeddedJobStore.js';
export { createRedisJobStore, DEFAULT_JOBS_REDIS_PREFIX, type RedisJobStoreOptions } from './createRedisJobStore.js';
export { JobError, isJobError, type JobErrorKind } from './JobError.js';
