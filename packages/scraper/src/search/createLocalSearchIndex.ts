import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import MiniSearch from 'minisearch';
import { createSnapshotSaver } from './writeSearchSnapshot.js';

/** Pages kept in the index; past it the least recently scraped go first. */
export const MAX_INDEXED_PAGES = 10_000;
/** Text of one page kept for matching and snippets: the head of a long page says what it is about. */
export const MAX_INDEXED_CHARS = 10_000;
/** Text kept for snippets (the indexed text itself is not stored). */
const STORED_CHARS = 1_500;
const SNIPPET_CHARS = 240;
/**
 * Indexing a page costs a few ms of tokenising: it happens after the scrape is answered, a slice of pages per
 * event-loop turn. Past this many waiting pages, `add` indexes the oldest itself (so a flood cannot grow the queue).
 */
const MAX_PENDING_PAGES = 64;
/** Time one turn may spend indexing waiting pages before yielding to requests. */
const INDEX_SLICE_MS = 8;

export interface IndexedPage {
  url: string;
  title?: string;
  description?: string;
  /** The page's markdown. */
  text: string;
}

export interface LocalSearchHit {
  url: string;
  title: string;
  description: string;
  score: number;
}

export interface LocalSearchIndex {
  /** Adds or replaces the page at `url` (indexed soon after; `search`, `size` and `close` see it at once). */
  add(page: IndexedPage): void;
  search(query: string, limit: number, keep?: (url: string) => boolean): LocalSearchHit[];
  size(): number;
  /** Writes pending changes (embedded home) and stops the save timer. */
  close(): Promise<void>;
}

export interface StoredPage {
  id: string;
  title: string;
  description: string;
  text: string;
  head: string;
}

const OPTIONS = {
  fields: ['title', 'description', 'text'],
  storeFields: ['title', 'description', 'head'],
  searchOptions: { boost: { title: 3, description: 1.5 }, prefix: true, fuzzy: 0.15, combineWith: 'AND' as const },
};

/**
 * The service's own full-text index of pages it has scraped (search without a provider), on MiniSearch: BM25+
 * ranking, prefix and fuzzy matching, in memory. With a `path` (embedded home) it is loaded from and saved to a
 * JSON snapshot there, atomically (write, then rename); without one (Redis home) it lives and dies with the process.
 */
export function createLocalSearchIndex(
  options: { path?: string; logger?: { warn: (o: object, msg?: string) => void } } = {},
): LocalSearchIndex {
  let index = openMiniSearch();
  /**
   * Insertion order = scrape order, for evicting the oldest; the value is the fingerprint of what was indexed ('' for
   * pages loaded from a snapshot), so a re-scrape that found the same page only moves it to the newest end.
   */
  const order = new Map<string, string>();
  if (options.path) {
    try {
      const raw = readFileSync(options.path, 'utf8');
      index = openMiniSearch(raw);
      const ids = (JSON.parse(raw) as { documentIds?: Record<string, string> }).documentIds ?? {};
      for (const id of Object.values(ids)) order.set(id, '');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
        options.logger?.warn(
          { err: String(error), path: options.path },
          'search index unreadable; starting an empty one',
        );
      }
    }
  }
  const saver = createSnapshotSaver(
    options.path,
    () => index,
    options.logger,
    () => {
      if (pending.size > 0) drainScheduled ??= setImmediate(drainSlice);
    },
  );

  const indexNow = (doc: StoredPage) => {
    // Re-scraping an unchanged page (monitors, maxAge 0) is common: its tokens are the same, and re-adding them
    // costs the tokenising plus a discard whose clean-up (vacuuming) walks the whole index.
    const print = fingerprint(doc);
    const before = order.get(doc.id);
    order.delete(doc.id);
    order.set(doc.id, print);
    if (before === print && index.has(doc.id)) return;
    saver.changed();
    if (index.has(doc.id)) index.discard(doc.id);
    index.add(doc);
    while (order.size > MAX_INDEXED_PAGES) {
      const oldest = order.keys().next().value as string;
      order.delete(oldest);
      if (index.has(oldest)) index.discard(oldest);
    }
  };
  // Pages waiting to be indexed, oldest first; a page re-added while waiting replaces its earlier version.
  const pending = new Map<string, StoredPage>();
  let drainScheduled: NodeJS.Immediate | undefined;
  const indexOldest = () => {
    const [url, doc] = pending.entries().next().value as [string, StoredPage];
    pending.delete(url);
    indexNow(doc);
  };
  const drainSlice = () => {
    drainScheduled = undefined;
    // A save is walking the index: pages wait for it (it schedules this again) unless a search or a flood needs them.
    if (saver.running()) return;
    const started = performance.now();
    while (pending.size > 0 && performance.now() - started < INDEX_SLICE_MS) indexOldest();
    if (pending.size > 0) drainScheduled = setImmediate(drainSlice);
  };
  const indexPending = () => {
    while (pending.size > 0) indexOldest();
  };

  return {
    add(page) {
      const doc: StoredPage = {
        id: page.url,
        title: page.title ?? '',
        description: page.description ?? '',
        text: page.text.slice(0, MAX_INDEXED_CHARS),
        // A copy, not a slice: V8 keeps a slice's whole parent (the page's markdown) alive for as long as the index.
        head: copyString(page.text.slice(0, STORED_CHARS)),
      };
      pending.delete(doc.id);
      pending.set(doc.id, doc);
      if (pending.size > MAX_PENDING_PAGES) indexOldest();
      drainScheduled ??= setImmediate(drainSlice);
    },
    search(query, limit, keep = () => true) {
      indexPending();
      const hits: LocalSearchHit[] = [];
      for (const result of index.search(query)) {
        if (!keep(result.id as string)) continue;
        const text = String(result.head ?? '');
        hits.push({
          url: result.id as string,
          title: String(result.title ?? ''),
          description: String(result.description ?? '') || snippet(text, result.terms),
          score: result.score,
        });
        if (hits.length >= limit) break;
      }
      return hits;
    },
    size: () => {
      indexPending();
      return index.documentCount;
    },
    async close() {
      indexPending();
      clearImmediate(drainScheduled);
      drainScheduled = undefined;
      // Waits for a save already running, then writes what it did not hold.
      await saver.save();
    },
  };
}

/** The MiniSearch under the index: empty, or read from a snapshot's JSON (also for benchmarks/search/save.mjs). */
export function openMiniSearch(snapshot?: string): MiniSearch<StoredPage> {
  return snapshot === undefined
    ? new MiniSearch<StoredPage>(OPTIONS)
    : MiniSearch.loadJSON<StoredPage>(snapshot, OPTIONS);
}

/** What the index holds of a page (the head is part of the text): equal prints, equal entries. */
function fingerprint(doc: StoredPage): string {
  return createHash('sha1')
    .update(doc.title)
    .update('\0')
    .update(doc.description)
    .update('\0')
    .update(doc.text)
    .digest('base64');
}

function copyString(text: string): string {
  return Buffer.from(text, 'utf8').toString('utf8');
}

/** A passage of the page around the first matched term, on word boundaries. */
function snippet(text: string, terms: string[]): string {
  const plain = text
    .replace(/[#*_`>|[\]()!-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const lower = plain.toLowerCase();
  const at = Math.max(
    0,
    Math.min(...terms.map((t) => lower.indexOf(t.toLowerCase())).filter((i) => i >= 0), plain.length),
  );
  const start = at >= plain.length ? 0 : Math.max(0, plain.lastIndexOf(' ', Math.max(0, at - SNIPPET_CHARS / 3)) + 1);
  const cut = plain.slice(start, start + SNIPPET_CHARS);
  const end = cut.length === SNIPPET_CHARS ? cut.lastIndexOf(' ') : cut.length;
  return (
    (start > 0 ? '…' : '') +
    cut.slice(0, end > 0 ? end : cut.length) +
    (start + SNIPPET_CHARS < plain.length ? '…' : '')
  );
}
