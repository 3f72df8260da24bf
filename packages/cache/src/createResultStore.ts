import { createHash } from 'node:crypto';
import type { KvBackend } from './backends/KvBackend.js';
import { systemClock, type Clock } from './clock.js';
import { decodeRecord, encodeRecord } from './codec.js';

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
}

export function createResultStore(backend: KvBackend, options: { clock?: Clock } = {}): ResultStore {
  const clock = options.clock ?? systemClock;
  // The team is part of the key: another team's id finds nothing (a 404, never someone else's page).
  const keyOf = (team: string, scrapeId: string) => RESULT_KEY_PREFIX + createHash('sha256').update(`${team}\n${scrapeId}`).digest('base64url');
  return {
    async putResult({ team, scrapeId, json, ttlMs = DEFAULT_RESULT_TTL_MS }) {
      const expiresAt = clock.now() + ttlMs;
      await backend.put(keyOf(team, scrapeId), encodeRecord({ expiresAt }, [Buffer.from(json, 'utf8')]), ttlMs);
    },
    async getResult(team, scrapeId) {
      const raw = await backend.get(keyOf(team, scrapeId));
      if (!raw) return null;
      const { meta, blobs } = decodeRecord<{ expiresAt: number }>(raw);
      if (!(meta.expiresAt > clock.now()) || !blobs[0]) return null;
      return Buffer.from(blobs[0]).toString('utf8');
    },
  };
}
