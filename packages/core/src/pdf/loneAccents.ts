// TeX-style accents that MuPDF leaves on a line of their own: the spacing accent glyph (´ ` ˆ ¨ …) is drawn over its
// letter but comes in another text run (Chromium prints a zero-width accent box that way), so MuPDF puts it in a
// block of its own and the letter stays bare ("fete ... ˆ"). An accent alone on its line, drawn over a letter of
// another line's top, is combined with that letter. Accents painted after their line's text (a second pass) can come
// several to a MuPDF line ("´ ´" over "ete"): each is placed by its own glyph box.
import type { PdfBox } from './pdfBox.js';
import { ACCENTS, withAccent } from './refineGlyphs.js';

export interface AccentLine extends PdfBox {
  text: string;
  /** Spans as [start offset in text, x0, x1]; glyph-by-glyph where the page's glyph boxes were read. */
  spans: [number, number, number][];
}

/**
 * A line that is nothing but spacing accents. Two accents close on one line (é·t·é, Dvořák) come as one MuPDF line
 * ("´ ´", "ˇ´"), each accent a glyph with its own box.
 */
export const LONE_ACCENT = /^\s*[´`ˆ¨˜ˇ˘˚˝¸¯˙˛](?:\s*[´`ˆ¨˜ˇ˘˚˝¸¯˙˛])*\s*$/u;

/** Where one accent of a lone-accent line goes: the line, the offset of the letter, the combining mark. */
interface Target<T> {
  line: T;
  offset: number;
  mark: string;
}

/** Combines lone accents with the letter under them; answers the lines left (combined accents removed). */
export function attachLoneAccents<T extends AccentLine>(lines: T[]): T[] {
  if (!lines.some((l) => LONE_ACCENT.test(l.text))) return lines;
  const gone = new Set<T>();
  for (const a of lines) {
    if (!LONE_ACCENT.test(a.text)) continue;
    const targets = accentTargets(a, lines, gone);
    // All or none: a line of accents is dropped only when each of its accents found its letter.
    if (targets === null) continue;
    for (const t of targets) t.line.text = t.line.text.slice(0, t.offset) + t.mark + t.line.text.slice(t.offset + 1);
    gone.add(a);
  }
  return gone.size === 0 ? lines : lines.filter((l) => !gone.has(l));
}

/**
 * The accents of line `a`, each with its box: the glyph spans when the line has one per accent, else the whole
 * line's box for a line of one accent; null when several accents share one span (no box to place each by).
 */
function accentBoxes(a: AccentLine): { accent: string; x0: number; x1: number }[] | null {
  const out: { accent: string; x0: number; x1: number }[] = [];
  for (let i = 0; i < a.spans.length; i++) {
    const [offset, x0, x1] = a.spans[i];
    const piece = a.text.slice(offset, i + 1 < a.spans.length ? a.spans[i + 1][0] : undefined).trim();
    if (piece.length === 1) out.push({ accent: piece, x0, x1 });
    else if (piece.length > 1) return null;
  }
  if (out.length === 1) return [{ accent: out[0].accent, x0: a.x0, x1: a.x1 }];
  return out.length > 0 ? out : null;
}

/** The letter under each accent of line `a` (letters of lines in `gone` excluded); null unless every one has one. */
function accentTargets<T extends AccentLine>(a: T, lines: T[], gone: Set<T>): Target<T>[] | null {
  const boxes = accentBoxes(a);
  if (boxes === null) return null;
  const cy = (a.y0 + a.y1) / 2;
  const targets: Target<T>[] = [];
  for (const box of boxes) {
    const mark = ACCENTS[box.accent];
    const cx = (box.x0 + box.x1) / 2;
    let found: Target<T> | null = null;
    for (const b of lines) {
      if (b === a || gone.has(b) || LONE_ACCENT.test(b.text)) continue;
      const h = b.y1 - b.y0;
      // The accent's middle lies in the upper part of the line's box, or just above it.
      if (cy < b.y0 - 0.4 * h || cy > b.y0 + 0.6 * h || cx < b.x0 || cx > b.x1) continue;
      const offset = letterUnder(b, box.x0, box.x1, mark);
      if (offset >= 0) {
        found = { line: b, offset, mark: withAccent(b.text[offset], mark) };
        break;
      }
    }
    // Two accents on one letter (ǘ) would need both marks: not combined.
    if (found === null || targets.some((t) => t.line === found.line && t.offset === found.offset)) return null;
    targets.push(found);
  }
  return targets;
}

/**
 * The offset of the one-glyph span the accent's box [a0, a1] overlaps most (by at least a third of the narrower of
 * the two: TeX centres an accent on its letter, but a narrow ı is narrower than its ¨); -1 when none holds a letter
 * that has a precomposed form with `mark` (offsets of the line's spans and links stay valid).
 */
function letterUnder(line: AccentLine, a0: number, a1: number, mark: string): number {
  let best = -1;
  let most = 0;
  for (let i = 0; i < line.spans.length; i++) {
    const [offset, x0, x1] = line.spans[i];
    const end = i + 1 < line.spans.length ? line.spans[i + 1][0] : line.text.length;
    if (end - offset !== 1) continue;
    const overlap = Math.min(x1, a1) - Math.max(x0, a0);
    if (overlap > most && overlap >= Math.min(x1 - x0, a1 - a0) / 3) [best, most] = [offset, overlap];
  }
  if (best < 0) return -1;
  const letter = line.text[best];
  if (!/\p{L}/u.test(letter)) return -1;
  return withAccent(letter, mark).length === 1 ? best : -1;
}
