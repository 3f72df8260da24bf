// The link check of a "read also" promo: its one link leads to another page of the same site (a story), not to a
// fragment of this page, a script, a mail address, or another site (a source the story cites).

/** The addresses a page goes by: where it was read from and the canonical address it gives itself (a saved copy
 *  still links to its own site). */
export interface PageSites {
  url?: string | undefined;
  canonicalUrl?: string | undefined;
}

/** Longest href read; longer ones are no story's address. */
const MAX_HREF_CHARS = 2000;
const PAGE_EXTENSIONS = ['.html', '.htm', '.shtml', '.php', '.asp', '.aspx'];
const NOT_PAGES = ['javascript:', 'mailto:', 'tel:', 'data:'];
/** A story's path: at least this many parts, or a slug of at least this many words. */
const STORY_PATH_PARTS = 2;
const STORY_SLUG_WORDS = 3;
/** A story's id in its address: a number of at least this many digits. */
const STORY_ID_DIGITS = 4;
const BASE_FOR_RELATIVE = 'http://relative.invalid/';

/** Whether `href` points at a story-like page of the page's own site: a relative address or one on a host the page
 *  goes by, whose path has several parts, a slug of several words, a long number or a page file's extension. */
export function pointsAtPage(href: string | null, sites: PageSites): boolean {
  if (href === null || href.length > MAX_HREF_CHARS) return false;
  const h = href.trim().toLowerCase();
  if (h === '' || h.startsWith('#') || NOT_PAGES.some((p) => h.startsWith(p))) return false;
  let url: URL;
  try {
    url = new URL(h, BASE_FOR_RELATIVE);
  } catch {
    return false;
  }
  const host = bareHost(url.hostname);
  if (host !== 'relative.invalid' && host !== hostOf(sites.url) && host !== hostOf(sites.canonicalUrl)) return false;
  const parts = url.pathname.split('/').filter((p) => p !== '');
  const last = parts.at(-1) ?? '';
  return (
    parts.length >= STORY_PATH_PARTS ||
    last.split('-').length >= STORY_SLUG_WORDS ||
    longestDigitRun(last) >= STORY_ID_DIGITS ||
    PAGE_EXTENSIONS.some((e) => last.endsWith(e))
  );
}

function hostOf(address: string | undefined): string | null {
  if (address === undefined || address.length > MAX_HREF_CHARS) return null;
  try {
    return bareHost(new URL(address).hostname) || null;
  } catch {
    return null;
  }
}

function bareHost(host: string): string {
  return host.startsWith('www.') ? host.slice(4) : host;
}

function longestDigitRun(text: string): number {
  let best = 0;
  let run = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    run = c >= 48 && c <= 57 ? run + 1 : 0;
    if (run > best) best = run;
  }
  return best;
}
