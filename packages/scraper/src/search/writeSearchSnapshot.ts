import { mkdir, open, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import MiniSearch from 'minisearch';

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
 * their shape is checked and, if it is not the known one, the whole index is serialised at once as before. The walk must not see the index
 * change, so `changed()` (the caller's adds and discards) and MiniSearch's own vacuuming are checked at every slice:
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
