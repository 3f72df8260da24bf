import type { Database } from 'lmdb';
import type { JobRecord, Page, QueueCounts, WorkItem, WorkItemInput, WorkOutcome } from '../types.js';
import { type EmbeddedDatabases, MAX_KEY, MAX_SEQ, nextSeq } from './openEmbeddedDatabases.js';

const DEFAULT_PAGE_LIMIT = 100;

/** Inside a transaction: adds new keys to the frontier and queue; mutates `job` counters. */
export function addItems(dbs: EmbeddedDatabases, job: JobRecord, items: WorkItemInput[], now: number): number {
  let added = 0;
  for (const item of items) {
    if (job.maxItems !== null && job.total >= job.maxItems) break;
    if (dbs.seen.get([job.id, item.key])) continue;
    dbs.seen.put([job.id, item.key], true);
    const readyAt = now + Math.max(0, item.delayMs ?? 0);
    dbs.queue.put([job.kind, readyAt, nextSeq(dbs)], {
      jobId: job.id,
      key: item.key,
      payload: item.payload ?? null,
      attempt: 1,
    });
    job.total++;
    job.pending++;
    added++;
  }
  return added;
}

/** Inside a transaction, for a running job: the item's aliases, discovered items, result or error and credits. */
function recordOutcome(
  dbs: EmbeddedDatabases,
  updated: JobRecord,
  item: WorkItem,
  outcome: WorkOutcome,
  now: number,
): void {
  // Aliases first: a redirect target the page also links to is this page, not a new one to queue.
  let duplicate = false;
  for (const alias of outcome.aliases ?? []) {
    if (alias === item.key) continue;
    if (dbs.seen.get([updated.id, alias])) duplicate = true;
    else dbs.seen.put([updated.id, alias], true);
  }
  if (outcome.discovered?.length) addItems(dbs, updated, outcome.discovered, now);
  if (outcome.result !== undefined && !duplicate) {
    dbs.results.put([updated.id, nextSeq(dbs)], outcome.result);
    updated.completed++;
  }
  if (outcome.error) {
    dbs.errors.put([updated.id, nextSeq(dbs)], { ...outcome.error, key: item.key, at: now });
    updated.failed++;
  }
  updated.creditsUsed += outcome.credits ?? 0;
}

/** What a commit came to: the job after it, and whether this item was the job's last. */
export type Committed = { job: JobRecord; finished: boolean } | null;

/** Inside a transaction: the one place an item's outcome lands. Returns null for a duplicate commit. */
export function commitItem(dbs: EmbeddedDatabases, item: WorkItem, outcome: WorkOutcome, now: number): Committed {
  dbs.leases.remove([item.jobId, item.key]);
  if (dbs.done.get([item.jobId, item.key])) return null;
  const job = dbs.jobs.get(item.jobId);
  if (!job) return null;
  dbs.done.put([item.jobId, item.key], true);
  const updated: JobRecord = { ...job, state: { ...job.state } };
  if (updated.status === 'running') recordOutcome(dbs, updated, item, outcome, now);
  updated.pending = Math.max(0, updated.pending - 1);
  let finished = false;
  if (updated.pending === 0 && updated.status === 'running') {
    updated.status = 'completed';
    updated.finishedAt = now;
    finished = true;
  }
  updated.updatedAt = now;
  dbs.jobs.put(job.id, updated);
  return { job: updated, finished };
}

/** Inside a transaction: removes the job and everything keyed by it (frontier, done set, results, errors, leases). */
export function removeJobData(dbs: EmbeddedDatabases, id: string): void {
  const job = dbs.jobs.get(id);
  if (job) dbs.teams.remove([job.team, id]);
  dbs.jobs.remove(id);
  for (const db of [dbs.seen, dbs.done] as Database<true, [string, string]>[]) {
    for (const k of db.getKeys({ start: [id, ''], end: [id, MAX_KEY] })) db.remove(k);
  }
  for (const db of [dbs.results, dbs.errors] as Database<unknown, [string, number]>[]) {
    for (const k of db.getKeys({ start: [id, 0], end: [id, MAX_SEQ] })) db.remove(k);
  }
  for (const k of dbs.leases.getKeys({ start: [id, ''], end: [id, MAX_KEY] })) dbs.leases.remove(k);
}

/** One page of a job's results or errors, in the order they were stored. */
export function readPage<T>(db: Database<T, [string, number]>, jobId: string, page: Page): T[] {
  const out: T[] = [];
  const range = db.getRange({
    start: [jobId, 0],
    end: [jobId, MAX_SEQ],
    offset: page.offset ?? 0,
    limit: page.limit ?? DEFAULT_PAGE_LIMIT,
  });
  for (const { value } of range) out.push(value);
  return out;
}

/** Waiting, delayed and leased items per kind. */
export function countQueue(dbs: EmbeddedDatabases, kinds: readonly string[], now: number): Record<string, QueueCounts> {
  const counts: Record<string, QueueCounts> = {};
  // Counted by key range in LMDB (no values read), so a large frontier stays cheap to report.
  for (const kind of kinds) {
    const waiting = dbs.queue.getKeysCount({ start: [kind, 0, 0], end: [kind, now, MAX_SEQ] });
    const all = dbs.queue.getKeysCount({ start: [kind, 0, 0], end: [kind, MAX_SEQ, MAX_SEQ] });
    counts[kind] = { waiting, delayed: Math.max(0, all - waiting), active: 0 };
  }
  for (const { value } of dbs.leases.getRange({})) {
    const entry = counts[value.kind];
    if (entry) entry.active++;
  }
  return counts;
}
