import { createHash } from 'node:crypto';
import type { PipelineDeps } from '../pipelineDeps.js';
import type { SourceCacheHit } from '../sourceCache.js';
import type { Source } from '../source.js';
import { isStorable } from './cacheWrite.js';
import type { ScrapePlan } from './plan.js';
import type { Content, TransformMemo } from './types.js';
import { defineOwn } from '../defineOwn.js';

/**
 * Memory for transformed pages, per process. A cache hit still has to run the transform (the cache stores Sources,
 * never Documents), and for an HTML article that transform is almost all of a hit's cost: the benchmark measured
 * a hit no faster than a fresh loopback fetch without this. 32 MB holds about a thousand typical articles.
 */
export const TRANSFORM_MEMO_MAX_BYTES = 32 * 1024 * 1024;
/** One entry larger than this is not kept: it would push out many ordinary pages for one huge one. */
const MAX_ENTRY_SHARE = 1 / 8;
/**
 * Request fields that cannot change what the transform produces (freshness, retention, billing, client identity,
 * post-transform steps). Every other field is part of the memo key, so an option added later is safe by default.
 */
const FIELDS_NOT_AFFECTING_TRANSFORM = new Set([
  'url',
  'maxAge',
  'minAge',
  'storeInCache',
  'zeroDataRetention',
  'lockdown',
  'timeout',
  'origin',
  'integration',
  'auditMetadata',
  'redactPII',
]);

/** A byte-bounded LRU of transform results; entries are copied in and out so callers can never alter a kept one. */
export function createTransformMemo(maxBytes = TRANSFORM_MEMO_MAX_BYTES): TransformMemo {
  const entries = new Map<string, { content: Content; size: number }>();
  let bytes = 0;
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      // Map order is recency order: move the entry to the young end.
      entries.delete(key);
      entries.set(key, entry);
      return copyContent(entry.content);
    },
    set(key, content) {
      const size = sizeOf(content);
      if (size > maxBytes * MAX_ENTRY_SHARE) return;
      const previous = entries.get(key);
      if (previous) {
        bytes -= previous.size;
        entries.delete(key);
      }
      entries.set(key, { content: copyContent(content), size });
      bytes += size;
      for (const [oldKey, old] of entries) {
        if (bytes <= maxBytes) break;
        entries.delete(oldKey);
        bytes -= old.size;
      }
    },
    get bytes() {
      return bytes;
    },
  };
}

/**
 * Step 5 with memory: a stored copy already transformed with the same options is not transformed again. Only stored
 * copies are remembered (a hit, or a miss that was just stored), and only for requests that may leave a trace.
 */
export async function transformRemembered(
  plan: ScrapePlan,
  source: Source,
  hit: SourceCacheHit | null,
  deps: PipelineDeps,
  run: () => Content | Promise<Content>,
): Promise<Content> {
  const memo = deps.transformMemo;
  const cacheKey = plan.cache.key;
  // No key: no cache, or this scrape neither reads nor writes it (so nothing it transforms is stored).
  if (!memo || cacheKey === undefined || !(hit !== null || (plan.cache.write && isStorable(source)))) return run();
  const key = transformMemoKey(plan, cacheKey, source);
  const known = memo.get(key);
  if (known) return known;
  const content = await run();
  if (plan.cache.retain) memo.set(key, content);
  return content;
}

/** The stored copy (cache key + fetch time) and every request option that may shape the transform's result. */
export function transformMemoKey(plan: ScrapePlan, cacheKey: string, source: Source): string {
  // Indexed, not destructured: `([a], [b])` runs the array iterator per call, and the sort's comparisons alone
  // allocated more per scrape than the key itself.
  const options = Object.entries(plan.request)
    .filter((entry) => !FIELDS_NOT_AFFECTING_TRANSFORM.has(entry[0]))
    .sort((a, b) => (a[0] < b[0] ? -1 : 1));
  return createHash('sha256')
    .update(`${cacheKey}\n${source.fetchedAt}\n${JSON.stringify(options)}`)
    .digest('base64url');
}

/**
 * A deep copy of the objects and arrays that shares the strings: strings cannot be altered, and copying a page's
 * markdown and HTML (what structuredClone does) cost more than the rest of the memo. Anything that is not plain data
 * (a Date, a typed array) is cloned as structuredClone would.
 */
export function copyContent<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(copyContent) as T;
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return structuredClone(value);
  const out: Record<string, unknown> = {};
  const source = value as Record<string, unknown>;
  // Keys by index, not entries: no [key, value] pair nor iterator result per field. Assigned, which allocates no
  // property descriptor, except "__proto__" (page-derived content may hold it): defined, it stays a key.
  const keys = Object.keys(source);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    if (key === '__proto__') defineOwn(out, key, copyContent(source[key]));
    else out[key] = copyContent(source[key]);
  }
  return out as T;
}

/** Approximate retained size: UTF-16 strings dominate. */
function sizeOf(content: Content): number {
  let chars = 0;
  for (const value of [content.markdown, content.html, content.rawHtml]) chars += value?.length ?? 0;
  for (const link of content.links ?? []) chars += link.length;
  chars += JSON.stringify(content.metadata ?? {}).length;
  // PDF pages and blocks repeat the markdown with boxes and spans: often several times its size.
  if (content.pages || content.blocks) chars += JSON.stringify([content.pages ?? null, content.blocks ?? null]).length;
  return chars * 2;
}
