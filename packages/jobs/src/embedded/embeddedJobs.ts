import { JobError } from '../JobError.js';
import { newJobRecord } from '../newJobRecord.js';
import type { CreateJobInput, JobRecord, ListJobsFilter, WorkItemInput } from '../types.js';
import { addItems } from './embeddedItems.js';
import { type EmbeddedDatabases, MAX_KEY } from './openEmbeddedDatabases.js';

/** Stores a new job with its first items in one transaction; a job with none is completed at once. */
export async function insertJob(dbs: EmbeddedDatabases, input: CreateJobInput): Promise<JobRecord> {
  const now = Date.now();
  const job = newJobRecord(input, now);
  await dbs.root.transaction(() => {
    if (dbs.jobs.get(job.id)) throw new JobError('invalid_input', `Job ${job.id} exists already`);
    addItems(dbs, job, input.items ?? [], now);
    if (job.pending === 0) {
      job.status = 'completed';
      job.finishedAt = now;
    }
    dbs.jobs.put(job.id, job);
    dbs.teams.put([job.team, job.id], true);
  });
  return job;
}

/** A team's live jobs that pass the filter, newest first. */
export function listTeamJobs(dbs: EmbeddedDatabases, team: string, filter: ListJobsFilter): JobRecord[] {
  const found: JobRecord[] = [];
  const now = Date.now();
  for (const [, id] of dbs.teams.getKeys({ start: [team, ''], end: [team, MAX_KEY] })) {
    const job = dbs.jobs.get(id);
    if (!job || job.expiresAt < now) continue;
    if (filter.kind && job.kind !== filter.kind) continue;
    if (filter.status && job.status !== filter.status) continue;
    found.push(job);
  }
  return found.sort((a, b) => b.createdAt - a.createdAt);
}

/** Adds items to a running job's frontier; returns how many were new. */
export function enqueueItems(dbs: EmbeddedDatabases, jobId: string, items: WorkItemInput[]): Promise<number> {
  return dbs.root.transaction(() => {
    const job = dbs.jobs.get(jobId);
    if (job?.status !== 'running') return 0;
    const next: JobRecord = { ...job };
    const n = addItems(dbs, next, items, Date.now());
    if (n) dbs.jobs.put(jobId, next);
    return n;
  });
}

/**
 * Ends a running job with `patch` (its status and error); a job already ended is returned as it is, one of another
 * team (when `team` is given) or none as null.
 */
export function endJob(
  dbs: EmbeddedDatabases,
  id: string,
  team: string | undefined,
  patch: Partial<JobRecord>,
): Promise<JobRecord | null> {
  return dbs.root.transaction(() => {
    const job = dbs.jobs.get(id);
    if (!job || (team !== undefined && job.team !== team)) return null;
    if (job.status !== 'running') return job;
    const next: JobRecord = { ...job, ...patch, updatedAt: Date.now(), finishedAt: Date.now() };
    dbs.jobs.put(id, next);
    return next;
  });
}

/** Merges `patch` into the job's own state. */
export async function mergeJobState(dbs: EmbeddedDatabases, id: string, patch: Record<string, unknown>): Promise<void> {
  await dbs.root.transaction(() => {
    const job = dbs.jobs.get(id);
    if (job) dbs.jobs.put(id, { ...job, state: { ...job.state, ...patch }, updatedAt: Date.now() });
  });
}

/** The ids of the jobs past their expiry. */
export function expiredJobIds(dbs: EmbeddedDatabases, now: number): string[] {
  const expired: string[] = [];
  for (const { key, value } of dbs.jobs.getRange({})) if (value.expiresAt < now) expired.push(key);
  return expired;
}

/** The job when it is live (not expired) and, when `team` is given, that team's. */
export function readLiveJob(dbs: EmbeddedDatabases, id: string, team: string | undefined): JobRecord | null {
  const job = dbs.jobs.get(id);
  if (!job || job.expiresAt < Date.now()) return null;
  if (team !== undefined && job.team !== team) return null;
  return job;
}
