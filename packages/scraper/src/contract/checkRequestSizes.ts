import { errors } from '../errors.js';
import {
  ACTIONS_MAX_ITEMS,
  FORMATS_MAX_ITEMS,
  HEADER_VALUE_MAX_CHARS,
  HEADERS_MAX_ENTRIES,
  LANGUAGES_MAX_ITEMS,
  PARSERS_MAX_ITEMS,
  SELECTOR_MAX_CHARS,
  TAG_SELECTORS_MAX_ITEMS,
} from './limits.js';

/** The arrays of a scrape request and their caps, by path. */
const ARRAY_CAPS: readonly [path: readonly string[], max: number][] = [
  [['formats'], FORMATS_MAX_ITEMS],
  [['includeTags'], TAG_SELECTORS_MAX_ITEMS],
  [['excludeTags'], TAG_SELECTORS_MAX_ITEMS],
  [['actions'], ACTIONS_MAX_ITEMS],
  [['parsers'], PARSERS_MAX_ITEMS],
  [['location', 'languages'], LANGUAGES_MAX_ITEMS],
];

/**
 * Refuses, before the schema looks at any item, a body whose arrays, selectors or headers are larger than any real
 * request: the cost of validating and applying them grows with their size, and the client chooses the size. Each
 * refusal is a 400 `BAD_REQUEST_TOO_LARGE` naming the field and its limit.
 */
export function checkRequestSizes(body: Record<string, unknown>): void {
  for (const [path, max] of ARRAY_CAPS) {
    const value = path.reduce<unknown>(
      (at, key) => (at !== null && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined),
      body,
    );
    if (Array.isArray(value) && value.length > max)
      tooLarge(path, `${path.join('.')} may hold at most ${max} items (got ${value.length})`);
  }
  for (const field of ['includeTags', 'excludeTags'] as const) {
    const tags = body[field];
    if (!Array.isArray(tags)) continue;
    const at = tags.findIndex((t) => typeof t === 'string' && t.length > SELECTOR_MAX_CHARS);
    if (at !== -1) tooLarge([field, at], `${field}[${at}] is longer than ${SELECTOR_MAX_CHARS} characters`);
  }
  const headers = body.headers;
  if (headers !== null && typeof headers === 'object' && !Array.isArray(headers)) {
    const entries = Object.entries(headers);
    if (entries.length > HEADERS_MAX_ENTRIES)
      tooLarge(['headers'], `headers may hold at most ${HEADERS_MAX_ENTRIES} entries (got ${entries.length})`);
    const long = entries.find(
      ([name, value]) => name.length + (typeof value === 'string' ? value.length : 0) > HEADER_VALUE_MAX_CHARS,
    );
    if (long)
      tooLarge(
        ['headers', long[0].slice(0, 64)],
        `headers.${long[0].slice(0, 64)} is longer than ${HEADER_VALUE_MAX_CHARS} characters`,
      );
  }
}

function tooLarge(path: readonly (string | number)[], message: string): never {
  throw errors.badRequest(message, [{ code: 'too_big', path: [...path], message }], 'BAD_REQUEST_TOO_LARGE');
}
