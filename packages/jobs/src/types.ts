/**
 * The job model every long-running feature shares (crawl, batch scrape, and later extract, agent runs, monitor checks).
 *
 * A job is a record owned by a team, plus a frontier of work items (each item known by a `key`; the seen set makes
 * adding the same key twice a no-op), plus its results and errors. Workers in any process lease items, run the
 * handler for the job's kind and commit the outcome atomically: the result (once per key, never twice), the items it
 * discovered (into the frontier), the credits, the counters. When the last pending item commits, the job completes.
 *
 * Two homes behind this one interface: an embedded LMDB store in the data directory (one machine; survives a crash and
 * restart) and BullMQ on Redis (any number of processes on any number of machines). The same test suite runs on both.
 */

/** What a job is for; each kind has its own handler. Open-ended so later features add kinds without changing this. */
export type JobKind = 'crawl' | 'batch' | 'extract' | 'agent' | 'monitor' | (string & {});

/**
 * `running` until every item committed (`completed`), or the job was stopped (`cancelled`) or ended early (`failed`).
 */
export type JobStatus = 'running' | 'completed' | 'failed' | 'cancelled';

export interface JobRecord {
  id: string;
  kind: JobKind;
  /** The owning team: reads with a team see only that team's jobs. */
  team: string;
  status: JobStatus;
  /** The job's validated request, opaque to the queue. */
  params: unknown;
  /** Small free-form state the job's handlers share (e.g. robots rules, the crawl's origin); merged by setJobState. */
  state: Record<string, unknown>;
  createdAt: number;
  updatedAt: number;
  /** After this the job and everything it stored may be deleted. */
  expiresAt: number;
  /** Items accepted into the frontier so far. */
  total: number;
  /** Items committed with a result. */
  completed: number;
  /** Items committed with an error. */
  failed: number;
  /** Items accepted but not committed yet. */
  pending: number;
  creditsUsed: number;
  /** Most items the frontier accepts (a crawl's `limit`); later keys are dropped. Null: no cap. */
  maxItems: number | null;
  /** Why a job failed or was stopped early. */
  error?: string;
  errorCode?: string;
  finishedAt?: number;
}

export interface WorkItemInput {
  /** The item's identity within its job (a crawl uses the normalised URL). Adding a key already seen does nothing. */
  key: string;
  /** What the handler needs (small: it travels through the queue). */
  payload?: unknown;
  /** Do not start the item before this many ms from now (politeness delays). */
  delayMs?: number;
}

export interface WorkItem {
  jobId: string;
  kind: JobKind;
  key: string;
  payload: unknown;
  /** 1 on the first run; higher after a failure or after the worker that held it died (stalled-item recovery). */
  attempt: number;
}

/** An error stored with the job (`GET /v2/crawl/{id}/errors`). `code` lets readers sort them (e.g. ROBOTS_BLOCKED). */
export interface ItemError {
  code: string;
  message: string;
  [field: string]: unknown;
}

export interface StoredError extends ItemError {
  key: string;
  at: number;
}

/** What a handler reports for one item; the queue commits it in one atomic step. */
export interface WorkOutcome {
  /** Stored in the job's results (once per item key, whatever retries or takeovers happened). */
  result?: unknown;
  /** Stored in the job's errors; the item counts as failed. */
  error?: ItemError;
  /** New items for the frontier (de-duplicated by key, capped by the job's maxItems). */
  discovered?: WorkItemInput[];
  /** Added to the job's creditsUsed. */
  credits?: number;
  /**
   * Other keys this item turned out to be (a redirect's target, a canonical URL). They are marked seen so they are
   * never queued; when one was seen already, this item is a duplicate of that one: its result is not stored.
   */
  aliases?: string[];
}

export interface WorkContext {
  job: JobRecord;
  /** Aborted when the job is cancelled, deleted or the worker closes. */
  signal: AbortSignal;
}

/** Runs one item. Throwing counts as a failed attempt: the item is retried with backoff, then stored as an error. */
export type WorkHandler = (item: WorkItem, context: WorkContext) => Promise<WorkOutcome>;

export interface CommitEvent {
  job: JobRecord;
  item: WorkItem;
  outcome: WorkOutcome;
  /** True for exactly one commit per job: the one that completed it. */
  jobFinished: boolean;
}

export interface WorkerOptions {
  /** The handler per kind; a worker takes only items of these kinds. */
  handlers: Partial<Record<JobKind, WorkHandler>>;
  /** Items run at once by this worker (default DEFAULT_WORKER_CONCURRENCY). */
  concurrency?: number;
  /** Called after each commit (webhooks, logs); its errors are logged and swallowed, never retried. */
  onCommitted?: (event: CommitEvent) => void | Promise<void>;
  /** Reports handler crashes and commit failures (default: none). */
  onError?: (error: unknown, item?: WorkItem) => void;
}

export interface QueueCounts {
  waiting: number;
  delayed: number;
  active: number;
}

export interface JobWorker {
  /** Stops taking items, aborts the running ones and waits for them; their leases lapse to other workers. */
  close(): Promise<void>;
}

export interface CreateJobInput {
  kind: JobKind;
  team: string;
  params: unknown;
  /**
   * The first items (a crawl's start URL, a batch's URLs). A job created without any completes at once: a job is
   * done when its last pending item commits, so give it at least one.
   */
  items?: WorkItemInput[];
  maxItems?: number | null;
  /** Keep the job this long after creation (default DEFAULT_JOB_TTL_MS). */
  ttlMs?: number;
  state?: Record<string, unknown>;
  /** Caller-chosen id (default: a random UUID). */
  id?: string;
}

export interface Page {
  offset?: number;
  limit?: number;
}

export interface ListJobsFilter {
  kind?: JobKind;
  status?: JobStatus;
}

/**
 * Limits shared by every worker of one home (every process on the Redis, every process on the LMDB file): a crawl's
 * `maxConcurrency`, its `delay` and robots `Crawl-delay` per host hold however many workers run its pages. Times are
 * the home's clock (Redis `TIME`, the host's clock for LMDB), so processes with skewed clocks still agree.
 */
export interface JobLimits {
  /**
   * Takes one of `limit` leases named `name` (re-taking `id` renews it); false when `limit` others hold one. A lease
   * lapses `leaseMs` after it was taken or renewed (the store's item lease), and at once in the embedded store when
   * its process is gone, so a dead worker's leases free themselves no later than its items are taken over.
   */
  tryLease(name: string, id: string, limit: number): Promise<boolean>;
  releaseLease(name: string, id: string): Promise<void>;
  /** How long an unrenewed lease lasts; renew well within it. */
  readonly leaseMs: number;
  /** Milliseconds until the next start under `name` is allowed (0: now). */
  untilNext(name: string): Promise<number>;
  /** Allows the next start under `name` no sooner than `gapMs` from now (never earlier than already set). */
  pushNext(name: string, gapMs: number): Promise<void>;
}

export interface JobStore {
  readonly home: 'embedded' | 'redis';
  /** Cross-process leases and start gaps (crawl politeness, a job's maxConcurrency). */
  readonly limits: JobLimits;
  createJob(input: CreateJobInput): Promise<JobRecord>;
  /** The job, or null when unknown, expired, or (with `team`) owned by another team. */
  getJob(id: string, team?: string): Promise<JobRecord | null>;
  /** A team's jobs, newest first. */
  listJobs(team: string, filter?: ListJobsFilter): Promise<JobRecord[]>;
  /** Adds items to a running job's frontier; returns how many were new (seen keys and over-limit keys are dropped). */
  enqueue(jobId: string, items: WorkItemInput[]): Promise<number>;
  /** Stops a running job: no item starts after this, running ones are aborted. Null when unknown / other team's. */
  cancelJob(id: string, team?: string): Promise<JobRecord | null>;
  /** Ends a running job early (e.g. out of credits) with a status and reason; remaining items are skipped. */
  finishJob(
    id: string,
    end: { status: 'completed' | 'failed'; error?: string; errorCode?: string },
  ): Promise<JobRecord | null>;
  /** Merges `patch` into the job's state. */
  setJobState(id: string, patch: Record<string, unknown>): Promise<void>;
  /** Results in commit order. */
  readResults(jobId: string, page?: Page): Promise<unknown[]>;
  readErrors(jobId: string, page?: Page): Promise<StoredError[]>;
  /** Forgets the job and everything stored with it (zero data retention, expiry). */
  deleteJob(id: string): Promise<void>;
  /** Starts a worker in this process. */
  startWorker(options: WorkerOptions): JobWorker;
  /** Deletes expired jobs (embedded; Redis expires keys itself). Returns how many. */
  sweep(): Promise<number>;
  /** Work items per kind waiting (ready now), delayed (politeness, retry backoff) and leased by a worker (metrics). */
  queueStats?(kinds: readonly JobKind[]): Promise<Record<string, QueueCounts>>;
  close(): Promise<void>;
}

export const DEFAULT_JOB_TTL_MS = 24 * 60 * 60 * 1000;
export const DEFAULT_WORKER_CONCURRENCY = 8;
/** Attempts per item before it is stored as an error (a crash counts as an attempt). */
export const DEFAULT_ITEM_ATTEMPTS = 3;
/** A worker holds an item this long without renewing before others take it over. */
export const DEFAULT_LEASE_MS = 30_000;
/** First retry delay; doubles per attempt. */
export const RETRY_BACKOFF_MS = 1_000;
