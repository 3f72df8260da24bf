// Lines set glyph by glyph (each letter its own span): word spaces too narrow for MuPDF to see (under ~0.2 em) are
// found from the line's own letter gaps, and TeX-style accents (a spacing accent glyph drawn over a letter) are
// combined with their letter into the precomposed character.

/** Spacing accents → the combining mark they stand for. */
export const ACCENTS: Record<string, string> = {
  '´': '\u0301',
  '`': '\u0300',
  ˆ: '\u0302',
  '^': '\u0302',
  '˜': '\u0303',
  '~': '\u0303',
  '¨': '\u0308',
  '¯': '\u0304',
  '˘': '\u0306',
  '˙': '\u0307',
  '˚': '\u030a',
  ˇ: '\u030c',
  '¸': '\u0327',
  '˛': '\u0328',
  '˝': '\u030b',
};
/** Dotless letters TeX puts accents on (\"\i): the accented letter is the dotted one's. */
const DOTLESS: Record<string, string> = { ı: 'i', ȷ: 'j' };

/** `letter` with the accent whose combining mark is `mark`, precomposed where Unicode has the letter. */
export function withAccent(letter: string, mark: string): string {
  return ((DOTLESS[letter] ?? letter) + mark).normalize('NFC');
}

/** A spacing accent directly before a letter inside one span (no geometry to go by): only the unambiguous ones. */
const INLINE_ACCENT = /([´¨ˆ˜ˇ˘˚˝])(\p{L})/gu;
const HAS_INLINE_ACCENT = /[´¨ˆ˜ˇ˘˚˝]\p{L}/u;
/** Fewest gaps without a space in a line before its gaps are split into letter gaps and word gaps. */
const MIN_TIGHT_GAPS = 4;
/** The word-gap group must stand this far (ems) above the letter gaps, with a jump of at least MIN_JUMP_EM. */
const MIN_WORD_EXCESS_EM = 0.04;
const MIN_JUMP_EM = 0.03;
const CJK = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/;
/**
 * A piece that draws nothing readable: a soft hyphen where the line did not break, or a zero-width mark. Chromium
 * writes each as its own run with a box of its own, so the gaps around it are no letter or word gaps.
 */
const INVISIBLE = /^[\u00ad\u200b-\u200d\u2060\ufeff]+$/;

export interface GlyphLine {
  text: string;
  /** Spans as [start offset in text, x0, x1]. */
  spans: [number, number, number][];
}

interface Piece {
  text: string;
  x0: number;
  x1: number;
}

/** Rewrites `line` in place; returns whether anything changed. `em` is the line's font size. */
export function refineGlyphs(line: GlyphLine, em: number): boolean {
  // An accent inside a span changes the text's length: the spans are re-cut below.
  let changed = HAS_INLINE_ACCENT.test(line.text);
  if (line.spans.length < 3 && !changed) return false;
  let pieces: Piece[] = line.spans.map(([offset, x0, x1], i) => ({
    text: line.text.slice(offset, i + 1 < line.spans.length ? line.spans[i + 1][0] : undefined),
    x0,
    x1,
  }));
  pieces = combineAccents(pieces, em) ?? pieces;
  if (pieces.length !== line.spans.length) changed = true;
  if (addNarrowSpaces(pieces, em)) changed = true;
  if (!changed) return false;
  let text = '';
  const spans: [number, number, number][] = [];
  for (const p of pieces) {
    const t = p.text.replace(INLINE_ACCENT, (_, a: string, l: string) => withAccent(l, ACCENTS[a]));
    spans.push([text.length, p.x0, p.x1]);
    text += t;
  }
  line.text = text;
  line.spans = spans;
  return true;
}

/** The combining mark for a spacing accent; own keys only, so a PDF word "constructor" is no accent. */
function accentOf(text: string): string | undefined {
  return Object.hasOwn(ACCENTS, text) ? ACCENTS[text] : undefined;
}

/** A piece that is one spacing accent over the first glyph of the next piece (or the last of the previous). */
function combineAccents(pieces: Piece[], em: number): Piece[] | null {
  if (!pieces.some((p) => accentOf(p.text.trim()) !== undefined)) return null;
  const out: Piece[] = [];
  for (let i = 0; i < pieces.length; i++) {
    const p = pieces[i];
    const mark = accentOf(p.text.trim());
    if (mark === undefined) {
      out.push({ ...p });
      continue;
    }
    const centre = (p.x0 + p.x1) / 2;
    const next = pieces[i + 1];
    const nextLetter = next?.text.trimStart()[0];
    if (
      next &&
      nextLetter &&
      /\p{L}/u.test(nextLetter) &&
      centre >= next.x0 - 0.5 &&
      centre <= Math.min(next.x1, next.x0 + 0.7 * em)
    ) {
      const rest = next.text.trimStart().slice(1);
      const lead = /^\s/.test(p.text) ? ' ' : '';
      out.push({ text: lead + withAccent(nextLetter, mark) + rest, x0: Math.min(p.x0, next.x0), x1: next.x1 });
      i++;
      continue;
    }
    const prev = out[out.length - 1];
    const prevText = prev?.text.trimEnd();
    const prevLetter = prevText?.[prevText.length - 1];
    if (
      prev &&
      prevLetter &&
      /\p{L}/u.test(prevLetter) &&
      centre <= prev.x1 + 0.5 &&
      centre >= Math.max(prev.x0, prev.x1 - 0.7 * em)
    ) {
      prev.text = prevText.slice(0, -1) + withAccent(prevLetter, mark);
      prev.x1 = Math.max(prev.x1, p.x1);
      continue;
    }
    out.push({ ...p });
  }
  return out;
}

/**
 * Gaps between pieces without a space split into two groups at their largest jump: letter gaps below, word gaps
 * above. A space goes into each word gap. Nothing changes unless the groups stand clearly apart.
 */
function addNarrowSpaces(pieces: Piece[], em: number): boolean {
  const tight: number[] = [];
  for (let i = 1; i < pieces.length; i++) {
    if (/\s$/.test(pieces[i - 1].text) || /^\s/.test(pieces[i].text)) continue;
    if (INVISIBLE.test(pieces[i - 1].text) || INVISIBLE.test(pieces[i].text)) continue;
    tight.push(i);
  }
  if (tight.length < MIN_TIGHT_GAPS || CJK.test(pieces.map((p) => p.text).join(''))) return false;
  const gapAt = (i: number) => pieces[i].x0 - pieces[i - 1].x1;
  const sorted = tight.map(gapAt).sort((a, b) => a - b);
  // Letter gaps are the larger group (a word has several letters), and word gaps stand clearly above them. The
  // jump is looked for only where the lower group is the larger: one tightly kerned pair ("r." or "Ty", a gap of
  // -0.1 em) is a bigger jump below the letter gaps than a narrow word gap above them, and must not hide it.
  let jump = 0;
  let k = -1;
  for (let j = Math.ceil(sorted.length / 2) - 1; j + 1 < sorted.length; j++)
    if (sorted[j + 1] - sorted[j] > jump) [jump, k] = [sorted[j + 1] - sorted[j], j];
  if (k < 0 || jump < MIN_JUMP_EM * em) return false;
  const letter = sorted[Math.floor(k / 2)];
  const cut = sorted[k + 1];
  if (cut < letter + MIN_WORD_EXCESS_EM * em) return false;
  let changed = false;
  for (const i of tight)
    if (gapAt(i) >= cut) {
      pieces[i].text = ` ${pieces[i].text}`;
      changed = true;
    }
  return changed;
}
