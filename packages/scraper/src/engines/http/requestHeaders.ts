import type { ScrapePlan } from '../../steps/plan.js';
import { defineOwn } from '../../defineOwn.js';

// The headers of the fetch engine's requests, and of the answers it returns.

const DEFAULT_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
/** Only encodings readBody can undo. */
const ACCEPT_ENCODING = 'gzip, deflate, br';
/** Connection-level headers the client may not set (undici refuses them; they describe our socket, not the page). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'proxy-connection',
  'te',
  'trailer',
  'expect',
  'content-length',
]);
/**
 * `Host` comes from the URL only: a client's own would be sent to the address the SSRF guard checked for another
 * name (virtual-host confusion: the checked public server may route it to an internal site).
 */
const URL_BOUND = new Set(['host']);
/** On a redirect to another origin only these go along (the client's other headers may be credentials or tokens). */
const FOLLOWS_CROSS_ORIGIN = new Set(['user-agent', 'accept', 'accept-language', 'accept-encoding']);

/** Defaults first, then the client's headers (they win, case-insensitively). */
export function requestHeaders(plan: ScrapePlan, userAgent: string): Record<string, string> {
  const headers: Record<string, string> = {
    'user-agent': userAgent,
    accept: DEFAULT_ACCEPT,
    'accept-language': plan.acceptLanguage,
    'accept-encoding': ACCEPT_ENCODING,
  };
  for (const [name, value] of Object.entries(plan.request.headers ?? {})) {
    const lower = name.toLowerCase();
    // Defined, not assigned: a caller's header named "__proto__" stays a header.
    if (!HOP_BY_HOP.has(lower) && !URL_BOUND.has(lower)) defineOwn(headers, lower, value);
  }
  return headers;
}

/** What follows a redirect to another origin: the request's identity, none of the client's custom headers. */
export function crossOriginHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => FOLLOWS_CROSS_ORIGIN.has(name)));
}

/** Header names lower-cased, repeated values joined with `, ` (as a Source carries them). */
export function flattenHeaders(raw: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (value !== undefined) defineOwn(out, name.toLowerCase(), Array.isArray(value) ? value.join(', ') : value);
  }
  return out;
}
