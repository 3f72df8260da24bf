import { hostname } from 'node:os';
import type { JobRecord, WorkItem } from '../types.js';
import { commitItem } from './embeddedItems.js';
import { type EmbeddedDatabases, type QueuedItem, MAX_SEQ, nextSeq } from './openEmbeddedDatabases.js';

/** What the lease steps share: the file, this store's lease owner id and its tunables. */
export interface LeaseContext {
  dbs: EmbeddedDatabases;
  /** `host/pid/uuid` of this store: whose leases are whose. */
  owner: string;
  leaseMs: number;
  maxAttempts: number;
  /** Wakes this process's idle workers (an item became ready). */
  wake: () => void;
}

/** Whether `pid` (a process on this host) is gone: signal 0 reaches no one; EPERM means it lives under another user. */
function pidIsGone(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'EPERM';
  }
}

/** Whether the lease of `leaseOwner` may be taken over now that its holder is dead (this host only). */
function holderIsDead(owner: string, leaseOwner: string): boolean {
  if (leaseOwner === owner) return false;
  const [host, pidText] = leaseOwner.split('/');
  if (host !== hostname()) return false;
  const pid = Number(pidText);
  if (pid === process.pid) return true; // an earlier store in this very process (closed or re-opened)
  return pidIsGone(pid);
}

/** Whether the process of `leaseOwner` is known dead (this host only; this process's other stores count as alive). */
export function processIsGone(leaseOwner: string): boolean {
  const [host, pidText] = leaseOwner.split('/');
  const pid = Number(pidText);
  if (host !== hostname() || pid === process.pid) return false;
  return pidIsGone(pid);
}

/** Leases the first ready item of the first kind that has one; the item comes with its job. */
export function takeItem(
  ctx: LeaseContext,
  kinds: string[],
): Promise<{ item: WorkItem; job: JobRecord | undefined } | null> {
  const { dbs } = ctx;
  const now = Date.now();
  return dbs.root.transaction(() => {
    for (const kind of kinds) {
      for (const { key, value } of dbs.queue.getRange({ start: [kind, 0, 0], end: [kind, now, MAX_SEQ], limit: 1 })) {
        dbs.queue.remove(key);
        dbs.leases.put([value.jobId, value.key], { ...value, kind, until: now + ctx.leaseMs, owner: ctx.owner });
        const item: WorkItem = {
          jobId: value.jobId,
          kind,
          key: value.key,
          payload: value.payload,
          attempt: value.attempt,
        };
        return { item, job: dbs.jobs.get(value.jobId) };
      }
    }
    return null;
  });
}

/** Puts an item this store holds back in the queue, ready after `delayMs`, as attempt `attempt`. */
export async function requeue(ctx: LeaseContext, item: WorkItem, attempt: number, delayMs: number): Promise<void> {
  const { dbs } = ctx;
  await dbs.root.transaction(() => {
    const lease = dbs.leases.get([item.jobId, item.key]);
    if (!lease || lease.owner !== ctx.owner) return;
    dbs.leases.remove([item.jobId, item.key]);
    const queued: QueuedItem = { jobId: item.jobId, key: item.key, payload: item.payload, attempt };
    dbs.queue.put([item.kind, Date.now() + delayMs, nextSeq(dbs)], queued);
  });
  ctx.wake();
}

/** Stalled-item recovery: leases whose holder died or stopped renewing go back to the queue (or fail for good). */
export async function recoverStalled(ctx: LeaseContext): Promise<number> {
  const { dbs, owner } = ctx;
  const now = Date.now();
  let recovered = 0;
  const deadOwners = new Map<string, boolean>();
  await dbs.root.transaction(() => {
    for (const { key, value } of dbs.leases.getRange({})) {
      const dead = deadOwners.get(value.owner) ?? holderIsDead(owner, value.owner);
      deadOwners.set(value.owner, dead);
      if (value.owner === owner && value.until >= now) continue;
      if (!dead && value.until >= now) continue;
      dbs.leases.remove(key);
      recovered++;
      const { kind, jobId, key: itemKey, payload, attempt } = value;
      if (attempt >= ctx.maxAttempts) {
        const item: WorkItem = { jobId, kind, key: itemKey, payload, attempt };
        commitItem(dbs, item, { error: { code: 'ITEM_FAILED', message: 'The worker running this item stopped' } }, now);
      } else {
        dbs.queue.put([kind, now, nextSeq(dbs)], { jobId, key: itemKey, payload, attempt: attempt + 1 });
      }
    }
  });
  if (recovered) ctx.wake();
  return recovered;
}

/** Renews the item's lease while its handler runs, and aborts the handler when another process ended the job. */
export function renewWhileRunning(
  ctx: LeaseContext,
  item: WorkItem,
  controller: AbortController,
  report: (error: unknown, item?: WorkItem) => void,
): ReturnType<typeof setInterval> {
  const { dbs, owner, leaseMs } = ctx;
  return setInterval(
    () => {
      void dbs.root
        .transaction(() => {
          const lease = dbs.leases.get([item.jobId, item.key]);
          if (lease?.owner === owner) dbs.leases.put([item.jobId, item.key], { ...lease, until: Date.now() + leaseMs });
          return dbs.jobs.get(item.jobId)?.status;
        })
        .then((status) => {
          if (status !== 'running') controller.abort();
        })
        .catch((error) => report(error, item));
    },
    Math.max(50, Math.floor(leaseMs / 3)),
  );
}
