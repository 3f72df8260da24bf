import { createHash } from 'node:crypto';
import type { KvBackend } from './backends/KvBackend.js';
import { systemClock, type Clock } from './clock.js';
import { decodeRecord, encodeRecord } from './codec.js';
import type { WriteBehindOptions } from './createPageCache.js';

/** How long a scrape's result can be read back by its id. */
export const DEFAULT_RESULT_TTL_MS = 24 * 60 * 60 * 1000;
const RESULT_KEY_PREFIX = 'result:';

export interface PutResultInput {
  team: string;
  scrapeId: string;
  /** The document as JSON text. */
  json: string;
  ttlMs?: number;
}

/** The finished documents of recent scrapes, readable by the team that made them (GET /v2/scrape/{id}). */
export interface ResultStore {
  putResult(input: PutResultInput): Promise<void>;
  /** The document's JSON text, or null when unknown, expired, or made by another team. */
  getResult(team: string, scrapeId: string): Promise<string | null>;
  /** Resolves once every result accepted so far is stored, or has failed and been reported. */
  flush(): Promise<void>;
}

/**
 * `writeBehind`: as the page cache's (see WriteBehindOptions): a result is stored after the scrape is answered, and
 * reads in this process see it while its write is in flight.
 */
export function createResultStore(
  backend: KvBackend,
  options: { clock?: Clock; writeBehind?: WriteBehindOptions } = {},
): ResultStore {
  const clock = options.clock ?? systemClock;
  const writeBehind = options.writeBehind;
  const queued = new Map<string, Uint8Array>();
  const inFlight = new Set<Promise<void>>();
  // The team is part of the key: another team's id finds nothing (a 404, never someone else's page).
  const keyOf = (team: string, scrapeId: string) =>
    RESULT_KEY_PREFIX + createHash('sha256').update(`${team}\n${scrapeId}`).digest('base64url');
  return {
    async putResult({ team, scrapeId, json, ttlMs = DEFAULT_RESULT_TTL_MS }) {
      const key = keyOf(team, scrapeId);
      const record = encodeRecord({ expiresAt: clock.now() + ttlMs }, [json]);
      if (!writeBehind || inFlight.size >= writeBehind.maxPending) return backend.put(key, record, ttlMs);
      queued.set(key, record);
      const run: Promise<void> = backend
        .put(key, record, ttlMs)
        .catch((error: unknown) => writeBehind.onWriteError?.(error))
        .finally(() => {
          inFlight.delete(run);
          if (queued.get(key) === record) queued.delete(key);
        });
      inFlight.add(run);
    },
    async flush() {
      while (inFlight.size > 0) await Promise.all(inFlight);
    },
    async getResult(team, scrapeId) {
      const key = keyOf(team, scrapeId);
      const raw = queued.get(key) ?? (await backend.get(key));
      if (!raw) return null;
      const { meta, blobs } = decodeRecord<{ expiresAt: number }>(raw);
      if (!(meta.expiresAt > clock.now()) || !blobs[0]) return null;
      return Buffer.from(blobs[0]).toString('utf8');
    },
  };
}
