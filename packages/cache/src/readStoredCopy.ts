import type { KvBackend } from './backends/KvBackend.js';
import { judgeCopy, type CachePlan, type CopyVerdict } from './planCache.js';
import { decodeSource, type Source } from './source.js';

type AgeWindow = Pick<CachePlan, 'maxAgeMs' | 'minAgeMs'>;

/** judgeCopy, where a copy past the retention is too old whatever the window (it is kept no longer). */
export function judgeRetained(window: AgeWindow, fetchedAt: number, now: number, retentionMs: number): CopyVerdict {
  return now - fetchedAt > retentionMs ? 'too-old' : judgeCopy(window, fetchedAt, now);
}

/**
 * The newest stored copy of the list `listKey` that fits the window, or null. The newest copy answers almost every
 * read (maxAge); older ones are fetched only when it is too young (minAge).
 */
export async function readStoredCopy(
  backend: KvBackend,
  listKey: string,
  window: AgeWindow,
  now: number,
  limits: { retentionMs: number; versions: number },
): Promise<Source | null> {
  const [newestBytes] = await backend.range(listKey, 0, 0);
  if (!newestBytes) return null;
  const newest = decodeSource(newestBytes);
  const verdict = judgeRetained(window, newest.fetchedAt, now, limits.retentionMs);
  if (verdict === 'usable') return newest;
  if (verdict === 'too-old') return null;
  for (const bytes of await backend.range(listKey, 1, limits.versions - 1)) {
    const older = decodeSource(bytes);
    const olderVerdict = judgeRetained(window, older.fetchedAt, now, limits.retentionMs);
    if (olderVerdict === 'usable') return older;
    // Copies are newest first: once one is too old, every later one is too.
    if (olderVerdict === 'too-old') return null;
  }
  return null;
}
