import type { JobLimits } from '../types.js';
import { processIsGone } from './embeddedLeases.js';
import { type EmbeddedDatabases, MAX_KEY } from './openEmbeddedDatabases.js';

/**
 * JobLimits on the LMDB file: every process opening it shares them (one LMDB write transaction at a time, the
 * host's clock).
 */
export function createEmbeddedLimits(dbs: EmbeddedDatabases, owner: string, leaseMs: number): JobLimits {
  const { root, limitLeases, limitStarts } = dbs;
  return {
    leaseMs,
    tryLease: (name, id, limit) =>
      root.transaction(() => {
        const now = Date.now();
        let held = 0;
        let mine = false;
        for (const { key, value } of limitLeases.getRange({ start: [name, ''], end: [name, MAX_KEY] })) {
          // A lease of a process that is gone (SIGKILL, crash) frees its place at once, not after leaseMs.
          if (value.until <= now || processIsGone(value.owner)) limitLeases.remove(key);
          else if (key[1] === id) mine = true;
          else held++;
        }
        if (!mine && held >= limit) return false;
        limitLeases.put([name, id], { until: now + leaseMs, owner });
        return true;
      }),
    releaseLease: async (name, id) => void (await limitLeases.remove([name, id])),
    untilNext: async (name) => Math.max(0, (limitStarts.get(name) ?? 0) - Date.now()),
    pushNext: async (name, gapMs) => {
      await root.transaction(() => {
        const nextAt = Date.now() + gapMs;
        // Entries are tiny and one per host; sweep() drops the past ones.
        if (nextAt > (limitStarts.get(name) ?? 0)) limitStarts.put(name, nextAt);
      });
    },
  };
}

/** Past start gaps and lapsed leases (dead workers') are no longer limits: dropped so hosts do not pile up. */
export async function sweepLimits(dbs: EmbeddedDatabases, now: number): Promise<void> {
  await dbs.root.transaction(() => {
    for (const { key, value } of dbs.limitStarts.getRange({})) if (value < now) dbs.limitStarts.remove(key);
    for (const { key, value } of dbs.limitLeases.getRange({})) if (value.until < now) dbs.limitLeases.remove(key);
  });
}
