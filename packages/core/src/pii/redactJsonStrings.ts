import { CoreError, isCoreError } from '../errors.js';
import { loadGazetteers } from './loadGazetteers.js';
import type { PiiEntity, RedactPIIOptions } from './piiTypes.js';
import { needsGazetteers, redactText } from './redactText.js';
import { resolveRedactOptions } from './resolveRedactOptions.js';

/** Nesting deeper than this is refused rather than walked: JSON from an LLM or a page should never be this deep. */
const MAX_JSON_DEPTH = 200;

export interface RedactJsonResult<T> {
  value: T;
  counts: Partial<Record<PiiEntity, number>>;
}

/**
 * Redacts every string inside a JSON-like value (objects, arrays, strings; numbers, booleans and null pass
 * through), returning a new value of the same shape. Object keys are kept: they are field names, not data.
 * Use it for `pages`, `blocks`, `summary` and `json` results. Fails closed like `redactPII`.
 */
export async function redactJsonStrings<T>(
  value: T,
  options?: boolean | RedactPIIOptions,
): Promise<RedactJsonResult<T>> {
  const resolved = resolveRedactOptions(options);
  const g = needsGazetteers(resolved) ? await loadGazetteers() : undefined;
  const counts: Partial<Record<PiiEntity, number>> = {};
  const walk = (v: unknown, depth: number): unknown => {
    if (depth > MAX_JSON_DEPTH)
      throw new CoreError('limit_exceeded', `redactJsonStrings: nesting deeper than ${MAX_JSON_DEPTH}`);
    if (typeof v === 'string') {
      const r = redactText(v, resolved, g);
      for (const [type, n] of Object.entries(r.counts))
        counts[type as PiiEntity] = (counts[type as PiiEntity] ?? 0) + (n ?? 0);
      return r.text;
    }
    if (Array.isArray(v)) return v.map((item) => walk(item, depth + 1));
    if (v !== null && typeof v === 'object') {
      const out: Record<string, unknown> = {};
      // Defined, not assigned: a JSON key "__proto__" stays a plain key instead of replacing out's prototype.
      for (const [k, item] of Object.entries(v))
        Object.defineProperty(out, k, {
          value: walk(item, depth + 1),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      return out;
    }
    return v;
  };
  try {
    return { value: walk(value, 0) as T, counts };
  } catch (err) {
    if (isCoreError(err)) throw err;
    throw new CoreError(
      'parse_failed',
      `redactJsonStrings failed: ${err instanceof Error ? err.message : String(err)}`,
      err,
    );
  }
}
