// The public face of @scrape/jobs: one job model (queue of work items with leases, retries and stalled-item
// recovery; a per-job frontier; a result store; status and ownership by team), embedded (LMDB) or BullMQ on Redis,
// opened by createJobStore. The store's backends and tunables stay in their modules.

/** The job store of a deployment: BullMQ on Redis when a URL is given, else LMDB in the data directory. */
export { createJobStore } from './createJobStore.js';
/** createJobStore's options: Redis URL and key prefix or data directory, lease, attempts, retry backoff. */
export type { CreateJobStoreOptions } from './createJobStore.js';
/** The Redis key prefix when none is given (a deployment sharing one Redis derives its own from it). */
export { DEFAULT_JOBS_REDIS_PREFIX } from './createRedisJobStore.js';
/** The defaults the options name: a dead worker's items are taken over after the lease; items a worker runs at once. */
export { DEFAULT_LEASE_MS, DEFAULT_WORKER_CONCURRENCY } from './types.js';

/** The store: create, read, list and cancel jobs; add work items (the frontier); run workers; read results. */
export type { JobStore, CreateJobInput, JobLimits, ListJobsFilter, Page, QueueCounts } from './types.js';
/** A job as stored: kind, status, team, counts, limits, the kind's own state. */
export type { JobRecord, JobKind, JobStatus } from './types.js';
/** The work side: an item, what a handler gets and returns, a worker and its options, a commit's event. */
export type {
  WorkItem,
  WorkItemInput,
  WorkHandler,
  WorkContext,
  WorkOutcome,
  JobWorker,
  WorkerOptions,
  CommitEvent,
} from './types.js';
/** An item's failure as a handler reports it and as the job keeps it. */
export type { ItemError, StoredError } from './types.js';

/** Every failure of this package; `kind` says which (unavailable, invalid input, not found, closed). */
export { JobError, isJobError, type JobErrorKind } from './JobError.js';
