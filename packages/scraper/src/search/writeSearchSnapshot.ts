import { mkdir, open, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import MiniSearch from 'minisearch';

/** Time one turn may spend serialising before yielding to requests (a write is awaited between slices). */
const SLICE_MS = 8;

/** Key of MiniSearch's term list in its JSON. */
const TERMS = '"index":';
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
 * the event loop for the whole of it. `toJSON` alone took 3.4 s on 1,000 pages under load, and most of it is the
 * term list: the rest (documents, stored fields) is copied at once, while the terms are walked, copied and written a
 * slice at a time with an awaited write between slices. MiniSearch's term map is private: its shape is checked and,
 * if it is not the known one, the whole index is serialised at once as before. The walk must not see the index
 * change, so `changed()` (the caller's adds and discards) and MiniSearch's own vacuuming are checked at every slice:
 * on a change the temporary file is removed and SnapshotStaleError thrown. Writes a temporary file, then renames it
 * over `path` (a crash leaves the previous snapshot).
 */
export async function writeSearchSnapshot<T>(
  index: MiniSearch<T>,
  path: string,
  changed: () => boolean = () => false,
): Promise<void> {
  const terms = (index as unknown as { _index?: unknown })._index;
  const first = isIterable(terms) ? terms[Symbol.iterator]().next().value : undefined;
  const known = first === undefined || (Array.isArray(first) && first[1] instanceof Map);
  const dirt = index.dirtCount;
  const stale = () => changed() || index.isVacuuming || index.dirtCount !== dirt;
  if (stale()) throw new SnapshotStaleError();
  // toJSON on a view of the index whose term map is empty: everything but the terms, in MiniSearch's own format.
  const [before, after] = known
    ? splitAt(JSON.stringify(MiniSearch.prototype.toJSON.call(Object.create(index, { _index: { value: [] } }))))
    : [JSON.stringify(index).slice(0, -1), '}'];
  await mkdir(dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}.tmp`;
  const file = await open(tmp, 'w');
  try {
    let buffer = known ? `${before}${TERMS}[` : before;
    let started = performance.now();
    let n = 0;
    for (const [term, fields] of known ? (terms as Iterable<[string, FieldPostings]>) : []) {
      const data: Record<string, Record<string, number>> = {};
      for (const [fieldId, freqs] of fields) data[fieldId] = Object.fromEntries(freqs);
      buffer += `${n++ > 0 ? ',' : ''}${JSON.stringify([term, data])}`;
      if ((n & 63) === 0 && performance.now() - started >= SLICE_MS) {
        await file.write(buffer);
        buffer = '';
        if (stale()) throw new SnapshotStaleError();
        started = performance.now();
      }
    }
    await file.write(`${buffer}${known ? ']' : ''}${after}`);
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

/** The JSON before and after the empty term list (a `"index":[]` inside a stored string is escaped: `\"`). */
function splitAt(json: string): [string, string] {
  const at = json.lastIndexOf(`${TERMS}[]`);
  if (at < 0) throw new Error('search index snapshot: no term list');
  return [json.slice(0, at), json.slice(at + TERMS.length + 2)];
}
