// TeX-style accents that MuPDF leaves on a line of their own: the spacing accent glyph (´ ` ˆ ¨ …) is drawn over its
// letter but comes in another text run (Chromium prints a zero-width accent box that way), so MuPDF puts it in a
// block of its own and the letter stays bare ("fete ... ˆ"). An accent alone on its line, drawn over a letter of
// another line's top, is combined with that letter.
import { ACCENTS, withAccent } from './refineGlyphs.js';

export interface AccentLine {
  text: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** Spans as [start offset in text, x0, x1]; glyph-by-glyph where the page's glyph boxes were read. */
  spans: [number, number, number][];
}

/** A line that is nothing but one spacing accent. */
export const LONE_ACCENT = /^\s*[´`ˆ¨˜ˇ˘˚˝¸¯˙˛]\s*$/u;

/** Combines lone accents with the letter under them; answers the lines left (combined accents removed). */
export function attachLoneAccents<T extends AccentLine>(lines: T[]): T[] {
  if (!lines.some((l) => LONE_ACCENT.test(l.text))) return lines;
  const gone = new Set<T>();
  for (const a of lines) {
    if (!LONE_ACCENT.test(a.text)) continue;
    const mark = ACCENTS[a.text.trim()];
    const cx = (a.x0 + a.x1) / 2;
    const cy = (a.y0 + a.y1) / 2;
    for (const b of lines) {
      if (b === a || gone.has(b) || LONE_ACCENT.test(b.text)) continue;
      const h = b.y1 - b.y0;
      // The accent's middle lies in the upper part of the line's box, or just above it.
      if (cy < b.y0 - 0.4 * h || cy > b.y0 + 0.6 * h || cx < b.x0 || cx > b.x1) continue;
      if (combineAt(b, a.x0, a.x1, mark)) {
        gone.add(a);
        break;
      }
    }
  }
  return gone.size === 0 ? lines : lines.filter((l) => !gone.has(l));
}

/**
 * Puts `mark` on the one-glyph span the accent's box [a0, a1] overlaps most (by at least a third of the narrower of
 * the two: TeX centres an accent on its letter, but a narrow ı is narrower than its ¨); false when none holds a letter.
 */
function combineAt(line: AccentLine, a0: number, a1: number, mark: string): boolean {
  let best = -1;
  let most = 0;
  for (let i = 0; i < line.spans.length; i++) {
    const [offset, x0, x1] = line.spans[i];
    const end = i + 1 < line.spans.length ? line.spans[i + 1][0] : line.text.length;
    if (end - offset !== 1) continue;
    const overlap = Math.min(x1, a1) - Math.max(x0, a0);
    if (overlap > most && overlap >= Math.min(x1 - x0, a1 - a0) / 3) [best, most] = [offset, overlap];
  }
  if (best < 0) return false;
  const letter = line.text[best];
  if (!/\p{L}/u.test(letter)) return false;
  const combined = withAccent(letter, mark);
  // Only where a precomposed letter exists: offsets of the line's spans and links stay valid.
  if (combined.length !== 1) return false;
  line.text = line.text.slice(0, best) + combined + line.text.slice(best + 1);
  return true;
}
