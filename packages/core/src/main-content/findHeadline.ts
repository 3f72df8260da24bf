// The page's headline on the page: the heading whose text is the headline the page's metadata names (JSON-LD
// `headline`, og:title). A page names its own story there, never a teaser's, so the heading that matches it marks
// where the story sits, however much text a menu, a teaser strip or another post holds elsewhere.
import type { NodeStats } from './measureTree.js';

/** Headings that may carry the headline: most pages set it in <h1>, some in <h2> under a logo's <h1>. */
const HEADLINE_TAGS = new Set(['h1', 'h2']);
/** og:title often adds the site's name ("Headline | Site"): a heading holding at least this share of the named
 *  headline's letters, inside it, is that headline. */
const MIN_COVER = 0.6;
/** Headings shorter than this (letters and digits) say too little to match anything. */
const MIN_LETTERS = 8;

const NOT_WORD = /[^\p{L}\p{N}]+/gu;

/** Lower-cased letters and digits only: markup, spacing and punctuation differ between metadata and the page. */
export function compactLetters(text: string): string {
  return text.toLowerCase().replace(NOT_WORD, '');
}

/** Whether a heading's letters are the named headline's (equal, or most of it: the site's name added around it). */
export function matchesHeadline(heading: string, named: string): boolean {
  if (heading.length < MIN_LETTERS || named.length < MIN_LETTERS) return false;
  if (heading === named) return true;
  if (named.includes(heading)) return heading.length >= MIN_COVER * named.length;
  return heading.includes(named) && named.length >= MIN_COVER * heading.length;
}

/** The first <h1> (else <h2>) whose text matches the named headline; null when none does or none is named. */
export function findHeadline(preorder: readonly NodeStats[], headline: string | undefined): NodeStats | null {
  if (headline === undefined) return null;
  const named = compactLetters(headline);
  if (named.length < MIN_LETTERS) return null;
  let second: NodeStats | null = null;
  for (const s of preorder) {
    if (!HEADLINE_TAGS.has(s.el.localName) || s.text === 0) continue;
    if (!matchesHeadline(compactLetters(s.el.textContent ?? ''), named)) continue;
    if (s.el.localName === 'h1') return s;
    second ??= s;
  }
  return second;
}
