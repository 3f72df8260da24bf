// Typewriter documents: a letter or report set entirely in a monospaced font is prose, not one long code block.
import type { PageText } from './extractPageText.js';

/** A document whose text is at least this share monospaced is set in a typewriter face throughout... */
const MONO_DOCUMENT_SHARE = 0.8;
/** ...and it is prose, not a listing, when code punctuation is at most this share of its characters. */
const MAX_CODE_PUNCTUATION = 0.02;
const CODE_PUNCTUATION = new Set('{}[]();=<>|\\$&*#_~^'.split(''));

/** Clears the monospace mark of every segment when the whole document is prose in a monospaced font. */
export function proseInMono(pages: PageText[]): void {
  let chars = 0;
  let mono = 0;
  let punct = 0;
  for (const p of pages)
    for (const s of p.segments) {
      if (s.figure) continue;
      const n = s.text.length;
      chars += n;
      if (!s.mono) continue;
      mono += n;
      for (const ch of s.text) if (CODE_PUNCTUATION.has(ch)) punct++;
    }
  if (chars === 0 || mono < chars * MONO_DOCUMENT_SHARE || punct > mono * MAX_CODE_PUNCTUATION) return;
  for (const p of pages) for (const s of p.segments) s.mono = false;
}
