import type { Source } from '../source.js';

/** Statuses anti-bot systems answer a refused client with. */
const BLOCKED_STATUSES = new Set([401, 403, 429]);
/** Challenge pages are small; the markers sit near the top. Reading more only costs time on real pages. */
const SCAN_BYTES = 64 * 1024;
/** A challenge page is a shell; a full page that merely loads a bot-management script is not one. */
const SMALL_PAGE_BYTES = 20 * 1024;
/** Titles only challenge pages carry: a block on any status. */
const CHALLENGE_TITLES = [
  /<title>\s*Just a moment\.\.\.\s*<\/title>/i,
  /<title>\s*Attention Required! \| Cloudflare\s*<\/title>/i,
  /<title>\s*Access Denied\s*<\/title>[\s\S]{0,2000}Reference #[\d.a-f]+/i,
];
/**
 * Scripts and ids of the common bot challenges (Cloudflare, DataDome, PerimeterX, Imperva, AWS WAF). Normal pages
 * load some of them too (bot management runs everywhere), so they count only on an error status or a small page.
 */
const CHALLENGE_MARKERS = [
  /\/cdn-cgi\/challenge-platform\//i,
  /\bcf-browser-verification\b|\bcf_chl_opt\b/i,
  /captcha-delivery\.com/i,
  /\bpx-captcha\b|_pxCaptcha/i,
  /_Incapsula_Resource|Incapsula incident ID/i,
  /awswaf\.com|aws-waf-token/i,
];

/** True when the answer is an anti-bot refusal rather than the page: worth one retry through the enhanced proxy. */
export function looksBlocked(source: Pick<Source, 'status' | 'contentType' | 'body'>): boolean {
  if (BLOCKED_STATUSES.has(source.status)) return true;
  if (!/html/i.test(source.contentType) && source.contentType !== '') return false;
  const head = new TextDecoder('utf-8', { fatal: false }).decode(source.body.subarray(0, SCAN_BYTES));
  if (CHALLENGE_TITLES.some((title) => title.test(head))) return true;
  if (source.status < 400 && source.body.byteLength > SMALL_PAGE_BYTES) return false;
  return CHALLENGE_MARKERS.some((marker) => marker.test(head));
}
