import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { openSharedLmdb, type SharedLmdb } from '@scrape/shared-lmdb';
import type { Database, RootDatabase } from 'lmdb';
import type { JobKind, JobRecord, StoredError } from '../types.js';

/** The upper bound of a string key part in a range read (every job id and item key sorts below it). */
export const MAX_KEY = '\uffff';
/** The upper bound of a sequence or time key part in a range read. */
export const MAX_SEQ = Number.MAX_SAFE_INTEGER;

/** A work item waiting in the queue (its kind and ready time are in the queue key). */
export interface QueuedItem {
  jobId: string;
  key: string;
  payload: unknown;
  attempt: number;
}

/** A work item a worker holds: `owner` renews `until` while the handler runs. */
export interface Lease extends QueuedItem {
  kind: JobKind;
  until: number;
  owner: string;
}

/** A place held under a JobLimits lease (shared by every process opening this file). */
export interface LimitLease {
  until: number;
  owner: string;
}

/** Queue key: kind, ready time, sequence (so the range read returns the ready items in order). */
export type QueueKey = [string, number, number];

/** The named databases of one `jobs.lmdb` file. */
export interface EmbeddedDatabases {
  root: RootDatabase;
  jobs: Database<JobRecord, string>;
  /** [team, jobId] → true: a team's jobs. */
  teams: Database<true, [string, string]>;
  /** [jobId, key] → true: the frontier (every key ever queued for the job). */
  seen: Database<true, [string, string]>;
  /** [jobId, key] → true: items whose outcome was committed. */
  done: Database<true, [string, string]>;
  queue: Database<QueuedItem, QueueKey>;
  leases: Database<Lease, [string, string]>;
  results: Database<unknown, [string, number]>;
  errors: Database<StoredError, [string, number]>;
  /** The sequence counter. */
  meta: Database<number, string>;
  limitLeases: Database<LimitLease, [string, string]>;
  /** Limit name → the earliest time of its next start. */
  limitStarts: Database<number, string>;
}

/**
 * Opens (creating it when missing) `dataDir/jobs.lmdb` and its named databases, or counts one more user of them when
 * this process has them open: one environment per file, never two (see @scrape/shared-lmdb for the deadlock a second
 * one causes; two scrapers of one process on the default ./.scrape-data did it to a CI run, issue 27). Each call's
 * hold is released once with `release()`.
 */
export function openEmbeddedDatabases(dataDir: string): SharedLmdb<EmbeddedDatabases> {
  mkdirSync(dataDir, { recursive: true });
  return openSharedLmdb(resolve(dataDir, 'jobs.lmdb'), { setup: openNamed });
}

function openNamed(root: RootDatabase): EmbeddedDatabases {
  return {
    root,
    jobs: root.openDB({ name: 'jobs' }),
    teams: root.openDB({ name: 'teams' }),
    seen: root.openDB({ name: 'seen' }),
    done: root.openDB({ name: 'done' }),
    queue: root.openDB({ name: 'queue' }),
    leases: root.openDB({ name: 'leases' }),
    results: root.openDB({ name: 'results' }),
    errors: root.openDB({ name: 'errors' }),
    meta: root.openDB({ name: 'meta' }),
    limitLeases: root.openDB({ name: 'limitLeases' }),
    limitStarts: root.openDB({ name: 'limitStarts' }),
  };
}

/** Inside a transaction: the next value of the file's sequence (orders queue entries, results and errors). */
export function nextSeq(dbs: EmbeddedDatabases): number {
  const seq = (dbs.meta.get('seq') ?? 0) + 1;
  dbs.meta.put('seq', seq);
  return seq;
}
