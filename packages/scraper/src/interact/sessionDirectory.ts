import { createRedisBackend, DEFAULT_REDIS_KEY_PREFIX, type KvBackend } from '@scrape/cache/internal';
import type { StoreHome } from '../createLazyStores.js';

export interface ScrapeRecord {
  team: string;
  url: string;
  profile?: { name: string; saveChanges: boolean };
  /** The manager (process) that keeps the scrape's browser page for a first interact call, if one does. */
  keptBy?: string;
}

export interface SessionRecord {
  sessionId: string;
  scrapeId: string;
  team: string;
  /** The process (manager instance) holding the session's browser context. */
  owner: string;
}

/**
 * Where several server processes (one Redis) tell each other about scrapes that can be continued and about which
 * process holds a live session. A session itself never moves: its browser context lives in its owner's Chromium.
 */
export interface SessionDirectory {
  putScrape(scrapeId: string, record: ScrapeRecord, ttlMs: number): Promise<void>;
  getScrape(scrapeId: string): Promise<ScrapeRecord | null>;
  putSession(record: SessionRecord, ttlMs: number): Promise<void>;
  sessionById(sessionId: string): Promise<SessionRecord | null>;
  sessionOfScrape(scrapeId: string): Promise<SessionRecord | null>;
  deleteSession(record: SessionRecord): Promise<void>;
  close(): Promise<void>;
}

const encode = (value: unknown) => new Uint8Array(Buffer.from(JSON.stringify(value), 'utf8'));
const decode = <T>(raw: Uint8Array | null): T | null =>
  raw ? (JSON.parse(Buffer.from(raw).toString('utf8')) as T) : null;

/** The directory in a shared KvBackend (Redis), opened on first use. */
export function createKvSessionDirectory(openKv: () => Promise<KvBackend>): SessionDirectory {
  let opening: Promise<KvBackend> | undefined;
  const kv = () =>
    (opening ??= openKv().catch((error: unknown) => {
      opening = undefined;
      throw error;
    }));
  return {
    async putScrape(scrapeId, record, ttlMs) {
      await (await kv()).put(`interact:scrape:${scrapeId}`, encode(record), ttlMs);
    },
    async getScrape(scrapeId) {
      return decode<ScrapeRecord>(await (await kv()).get(`interact:scrape:${scrapeId}`));
    },
    async putSession(record, ttlMs) {
      const store = await kv();
      await store.put(`interact:session:${record.sessionId}`, encode(record), ttlMs);
      await store.put(`interact:scrape-session:${record.scrapeId}`, encode(record), ttlMs);
    },
    async sessionById(sessionId) {
      return decode<SessionRecord>(await (await kv()).get(`interact:session:${sessionId}`));
    },
    async sessionOfScrape(scrapeId) {
      return decode<SessionRecord>(await (await kv()).get(`interact:scrape-session:${scrapeId}`));
    },
    async deleteSession(record) {
      const store = await kv();
      await store.delete(`interact:session:${record.sessionId}`);
      const current = decode<SessionRecord>(await store.get(`interact:scrape-session:${record.scrapeId}`));
      if (current?.sessionId === record.sessionId) await store.delete(`interact:scrape-session:${record.scrapeId}`);
    },
    async close() {
      const open = opening;
      opening = undefined;
      await (await open?.catch(() => undefined))?.close();
    },
  };
}

/** A directory for a Redis store home (processes share it); null for the embedded home (one process). */
export function sessionDirectoryForHome(home: StoreHome): SessionDirectory | null {
  if (home.kind !== 'redis') return null;
  return createKvSessionDirectory(() =>
    createRedisBackend({
      redisUrl: home.redisUrl,
      keyPrefix: `${home.keyPrefix ?? DEFAULT_REDIS_KEY_PREFIX}interact:`,
    }),
  );
}
