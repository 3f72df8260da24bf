import { defineOwn } from '../defineOwn.js';

/** One page's extraction, in the order its URL was given. */
export interface PageExtraction {
  url: string;
  order: number;
  data: unknown;
}

/**
 * Merges per-page extractions into one answer, in URL order: arrays are concatenated (identical items once), objects
 * merged key by key, and a scalar keeps the first page's non-empty value. `sources` names, per top-level field, the
 * pages that contributed to it.
 */
export function mergeExtractions(pages: PageExtraction[]): { data: unknown; sources: Record<string, string[]> } {
  const ordered = [...pages].sort((a, b) => a.order - b.order || a.url.localeCompare(b.url));
  let data: unknown = undefined;
  const sources: Record<string, string[]> = {};
  for (const page of ordered) {
    if (isEmpty(page.data)) continue;
    data = merge(data, page.data);
    if (isObject(page.data)) {
      for (const [key, value] of Object.entries(page.data)) {
        if (isEmpty(value)) continue;
        // Own keys only: a field named "constructor" or "__proto__" (the model reads hostile pages) is a field.
        const list = Object.hasOwn(sources, key) ? (sources[key] as string[]) : defineOwn(sources, key, []);
        if (!list.includes(page.url)) list.push(page.url);
      }
    }
  }
  return { data: data ?? null, sources };
}

function merge(into: unknown, value: unknown): unknown {
  if (isEmpty(into)) return value;
  if (isEmpty(value)) return into;
  if (Array.isArray(into) && Array.isArray(value)) {
    const seen = new Set(into.map((v) => JSON.stringify(v)));
    return [...into, ...value.filter((v) => !seen.has(JSON.stringify(v)) && seen.add(JSON.stringify(v)))];
  }
  if (isObject(into) && isObject(value)) {
    const out: Record<string, unknown> = { ...into };
    for (const [key, v] of Object.entries(value))
      defineOwn(out, key, merge(Object.hasOwn(out, key) ? out[key] : undefined, v));
    return out;
  }
  return into;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}
