import { createHash } from 'node:crypto';
import type { KvBackend } from './backends/KvBackend.js';
import { systemClock, type Clock } from './clock.js';
import { decodeRecord, encodeRecord } from './codec.js';
import type { WriteBehindOptions } from './createPageCache.js';
import { createAfterGate } from './startAfter.js';

/** How long a scrape's result can be read back by its id. */
export const DEFAULT_RESULT_TTL_MS = 24 * 60 * 60 * 1000;
const RESULT_KEY_PREFIX = 'result:';

export interface PutResultInput {
  team: string;
  scrapeId: string;
  /** The document as JSON text. */
  json: string;
  ttlMs?: number;
  /**
   * Write-behind only: the record is encoded, keyed and stored once this settles (the scrape's answer), not before
   * the answer. Reads in this process see the result meanwhile; `flush()` starts the write at once. Ignored when the
   * write waits for its own commit (no write-behind, backpressure).
   */
  after?: PromiseLike<unknown>;
}

/** The finished documents of recent scrapes, readable by the team that made them (GET /v2/scrape/{id}). */
export interface ResultStore {
  putResult(input: PutResultInput): Promise<void>;
  /** The document's JSON text, or null when unknown, expired, or made by another team. */
  getResult(team: string, scrapeId: string): Promise<string | null>;
  /** Resolves once every result accepted so far is stored, or has failed and been reported. */
  flush(): Promise<void>;
}

/** A result whose write is still in flight: its text as given (reads answer it without decoding a record). */
interface QueuedResult {
  json: string;
  expiresAt: number;
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
  // Keyed by team and id as given: the stored key's hash is made only when the write starts.
  const queued = new Map<string, QueuedResult>();
  const inFlight = new Set<Promise<void>>();
  const waiting = createAfterGate();
  // The team is part of the key: another team's id finds nothing (a 404, never someone else's page).
  const keyOf = (team: string, scrapeId: string) =>
    RESULT_KEY_PREFIX + createHash('sha256').update(`${team}\n${scrapeId}`).digest('base64url');
  return {
    async putResult({ team, scrapeId, json, ttlMs = DEFAULT_RESULT_TTL_MS, after }) {
      const expiresAt = clock.now() + ttlMs;
      const store = () => backend.put(keyOf(team, scrapeId), encodeRecord({ expiresAt }, [json]), ttlMs);
      if (!writeBehind || inFlight.size >= writeBehind.maxPending) return store();
      const id = `${team}\n${scrapeId}`;
      const entry: QueuedResult = { json, expiresAt };
      queued.set(id, entry);
      const run: Promise<void> = (after ? waiting.run(store, after) : store())
        .catch((error: unknown) => writeBehind.onWriteError?.(error))
        .finally(() => {
          inFlight.delete(run);
          if (queued.get(id) === entry) queued.delete(id);
        });
      inFlight.add(run);
    },
    async flush() {
      waiting.startAll();
      while (inFlight.size > 0) await Promise.all(inFlight);
    },
    async getResult(team, scrapeId) {
      const writing = queued.get(`${team}\n${scrapeId}`);
      // As the stored record would read once written: nothing once expired.
      if (writing) return writing.expiresAt > clock.now() ? writing.json : null;
      const raw = await backend.get(keyOf(team, scrapeId));
      if (!raw) return null;
      const { meta, blobs } = decodeRecord<{ expiresAt: number }>(raw);
      if (!(meta.expiresAt > clock.now()) || !blobs[0]) return null;
      return Buffer.from(blobs[0]).toString('utf8');
    },
  };
}
