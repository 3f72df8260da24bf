import { mkdir, open, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import MiniSearch from 'minisearch';

/** Changes are written to disk this long after the first unsaved one (and on close): a save of a large index takes
 * seconds (in slices), so not on every scrape; a crash loses at most this much of a derived index. */
const SAVE_DELAY_MS = 30_000;
/** A save the index changed under is tried again this soon; after this many in a row, written in one go. */
const STALE_RETRY_MS = 1_000;
const MAX_STALE_SAVES = 3;
/** Time one turn may spend serialising before yielding to requests (a write is awaited between slices). */
const SLICE_MS = 8;

/** Key of MiniSearch's term list in its JSON. */
const TERMS = '"index":';
/** Key of its stored fields. */
const STORED = '"storedFields":';
/** A term's postings as MiniSearch keeps them: field id → document short id → term frequency. */
type FieldPostings = Map<number, Map<number, number>>;

/** Thrown when the index changed during a sliced save: the half-written file is dropped, the caller tries again. */
export class SnapshotStaleError extends Error {
  constructor() {
    super('search index changed during the save');
  }
}

/**
 * Writes `index` as the same bytes `JSON.stringify(index)` gives (what `MiniSearch.loadJSON` reads) without holding
 * the event loop for the whole of it (one stringify of 10,000 pages held it for seconds: benchmarks/search/save.mjs).
 * The small parts are serialised at once; the stored fields and the term list, nearly all of it, are written a slice
 * of entries at a time with an awaited write between slices. MiniSearch's term and stored-field maps are private:
 * their shape is checked and, if it is not the known one, the whole index is serialised at once as before. The
 * walk must not see the index change, so `changed()` (the caller's adds and discards) and MiniSearch's own vacuuming are checked at every slice:
 * on a change the temporary file is removed and SnapshotStaleError thrown. Writes a temporary file, then renames it
 * over `path` (a crash leaves the previous snapshot).
 */
export async function writeSearchSnapshot<T>(
  index: MiniSearch<T>,
  path: string,
  changed: () => boolean = () => false,
): Promise<void> {
  const inside = index as unknown as { _index?: unknown; _storedFields?: unknown };
  const terms = inside._index;
  const first = isIterable(terms) ? terms[Symbol.iterator]().next().value : undefined;
  const known =
    inside._storedFields instanceof Map && (first === undefined || (Array.isArray(first) && first[1] instanceof Map));
  const dirt = index.dirtCount;
  const stale = () => changed() || index.isVacuuming || index.dirtCount !== dirt;
  if (stale()) throw new SnapshotStaleError();
  // toJSON on a view of the index without terms and stored fields: the rest, in MiniSearch's own format. The stored
  // fields are copied now (a page's entry is replaced, never changed, when it is re-added) and written in slices.
  const stored = known ? [...(inside._storedFields as Map<number, unknown>)] : [];
  const [head, middle, tail] = known
    ? splitSections(
        JSON.stringify(
          MiniSearch.prototype.toJSON.call(
            Object.create(index, { _index: { value: [] }, _storedFields: { value: new Map() } }),
          ),
        ),
      )
    : [JSON.stringify(index), '', ''];
  await mkdir(dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}.tmp`;
  const file = await open(tmp, 'w');
  try {
    let buffer = head;
    let started = performance.now();
    /** Appends one entry; every so often writes the buffer (the await yields to requests) and checks for changes. */
    const append = async (json: string) => {
      buffer += json;
      if (performance.now() - started < SLICE_MS) return;
      await file.write(buffer);
      buffer = '';
      if (stale()) throw new SnapshotStaleError();
      started = performance.now();
    };
    if (known) {
      buffer += `${STORED}{`;
      for (const [n, [id, fields]] of stored.entries())
        await append(`${n > 0 ? ',' : ''}${JSON.stringify(String(id))}:${JSON.stringify(fields)}`);
      buffer += `}${middle}${TERMS}[`;
      let n = 0;
      for (const [term, fields] of terms as Iterable<[string, FieldPostings]>) {
        const data: Record<string, Record<string, number>> = {};
        for (const [fieldId, freqs] of fields) data[fieldId] = Object.fromEntries(freqs);
        await append(`${n++ > 0 ? ',' : ''}${JSON.stringify([term, data])}`);
      }
      buffer += `]${tail}`;
    }
    await file.write(buffer);
    await file.close();
    if (stale()) throw new SnapshotStaleError();
  } catch (error) {
    await file.close().catch(() => undefined);
    await rm(tmp, { force: true });
    throw error;
  }
  await rename(tmp, path);
}

function isIterable(value: unknown): value is Iterable<unknown> {
  return typeof (value as Iterable<unknown> | undefined)?.[Symbol.iterator] === 'function';
}

/**
 * The JSON before the empty stored fields, between them and the empty term list, and after it (MiniSearch writes
 * each once, stored fields first; the same text inside a document id is escaped: `\"`).
 */
function splitSections(json: string): [string, string, string] {
  const a = json.indexOf(`${STORED}{}`);
  const b = json.indexOf(`${TERMS}[]`, a);
  if (a < 0 || b < 0) throw new Error('search index snapshot: unknown layout');
  return [json.slice(0, a), json.slice(a + STORED.length + 2, b), json.slice(b + TERMS.length + 2)];
}

export interface SnapshotSaver {
  /** Call before each add or discard: marks the index unsaved (saved within SAVE_DELAY_MS) and drops a running save. */
  changed(): void;
  /** A save is walking the index (background indexing waits for it). */
  running(): boolean;
  /** Saves now if unsaved, after the save already running if any (one at a time: they share the temporary file). */
  save(): Promise<void>;
}

/** Saves the index at `path` (none: never) a while after it changes; `onIdle` runs when a save ends. */
export function createSnapshotSaver<T>(
  path: string | undefined,
  index: () => MiniSearch<T>,
  logger: { warn: (o: object, msg?: string) => void } | undefined,
  onIdle: () => void,
): SnapshotSaver {
  let timer: NodeJS.Timeout | undefined;
  let dirty = false;
  let generation = 0;
  let staleSaves = 0;
  let saving: Promise<void> | undefined;
  const later = (delay: number) => {
    timer ??= setTimeout(() => void save(), delay);
    timer.unref();
  };
  const write = async (to: string) => {
    if (staleSaves < MAX_STALE_SAVES) {
      const started = generation;
      await writeSearchSnapshot(index(), to, () => generation !== started);
      return;
    }
    // Changed under every sliced try (a flood of scrapes or searches): once in a while the loop waits, as it used to.
    const tmp = `${to}.${process.pid}.tmp`;
    await writeFile(tmp, JSON.stringify(index()));
    await rename(tmp, to);
  };
  const save = (): Promise<void> => {
    clearTimeout(timer);
    timer = undefined;
    if (saving) return saving.then(save);
    if (!path || !dirty) return Promise.resolve();
    dirty = false;
    saving = write(path)
      .then(
        () => {
          staleSaves = 0;
        },
        (error: unknown) => {
          // Not saved: still unsaved, so tried again (soon after a change under it, else at the next change or close).
          dirty = true;
          if (error instanceof SnapshotStaleError) {
            staleSaves++;
            later(STALE_RETRY_MS);
          } else logger?.warn({ err: String(error), path }, 'search index not saved');
        },
      )
      .finally(() => {
        saving = undefined;
        onIdle();
      });
    return saving;
  };
  return {
    changed() {
      generation++;
      dirty = true;
      if (path) later(SAVE_DELAY_MS);
    },
    running: () => saving !== undefined,
    save,
  };
}
