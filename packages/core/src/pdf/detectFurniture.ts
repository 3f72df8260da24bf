// Running headers, footers and page numbers: found by position (page margins) and repetition across pages,
// then kept out of the body markdown (they still appear as blocks).
import type { PageText, Segment } from './extractPageText.js';
import { groupRows } from './orderReading.js';
import { type InkOf, inksDiffer } from './textInk.js';

export type FurnitureType = 'page_header' | 'page_footer' | 'page_number';

/** Share of the page height, from the top and from the bottom, where running headers and footers live. */
const MARGIN_BAND = 0.09;
/** A wider band for text that also repeats on other pages (some layouts put headers lower). */
const REPEAT_BAND = 0.14;
/** A margin line must repeat on at least this share of the pages (and on 2) to count as running text. */
const MIN_REPEAT_SHARE = 0.3;
/** Position tolerance, as a share of the page height, for "the same place on another page". */
const POSITION_TOLERANCE = 0.025;
/**
 * On a page of its own (no repetition to go by) a margin line needs this much empty space, in line heights, before the
 * body.
 */
const LONE_GAP_LINES = 1.6;
/**
 * A short row off to the right at the top (a received stamp, a filing note under the running head) may sit close
 * above the body: left of it the page is empty, so it is no first line of the body, and any visible space between
 * the boxes sets it apart (on generated letters stamps stood 0.6–1.4 lines above the body, as little as 0.25 line
 * between a large stamp's box and the body's, and were kept).
 */
const STAMP_GAP_LINES = 0.15;
/** A stamp under a running head may reach this far (share of the page height) below the head's band. */
const STAMP_BAND_EXTRA = 0.06;
/** Stamps are short labels ("Received 12.03.2024", "PAID"). */
const STAMP_MAX_CHARS = 60;
/** A lone row standing apart from the text area may lie this far (share of the page height) from the page's edge. */
const TEXT_AREA_BAND = 0.25;
/** ...with a gap to the body at least this many lines ... */
const LOOSE_GAP_LINES = 0.6;
/** ...and this many times the widest gap between the body's own rows. */
const LOOSE_GAP_RATIO = 1.3;
/**
 * ...or, for a label in capitals (CONFIDENTIAL, DUPLICATE: a stamp's word, as lettersDate reads capitals), this many
 * times: such a line standing out past every paragraph gap is no paragraph of the body (a heading in capitals at
 * the paragraphs' own spacing stays). Generated one-page stamps 3 mm out stood 1.14–1.15 paragraph gaps away.
 */
const CAPITALS_GAP_RATIO = 1.08;
/** A margin row of this many pieces or more, some of them body text, is a table's row (see keepTableRows). */
const TABLE_ROW_PIECES = 3;
/** Documents this short cannot show repetition: their margin rows are judged by position and gap alone. */
const SHORT_DOCUMENT_PAGES = 2;
/** A line at least this share of the text area's width, at the body size, is running prose. */
const PROSE_LINE_SHARE = 0.7;
/** ...and ending a sentence after at least this many words, it is a paragraph of its own, never margin text. */
const SENTENCE_WORDS = 8;
/** A single top line at least this many times the body size is a title, not a running head. */
const TITLE_SIZE_RATIO = 1.25;
/**
 * OCR measures sizes from pixel boxes rounded to half points: on scans made here at 100–300 dpi a line's measured
 * ratio to the body came out up to 0.06 below its true one (a 1.27× title measured 1.24×), while lines at the body
 * size or smaller never measured above 1.05×. The title test allows OCR'd lines that much.
 */
const OCR_SIZE_TOLERANCE = 0.08;
/** A line's box this many times its font size is set at an angle (upright lines: about 1.2). */
const TILTED_BOX_RATIO = 1.6;
const PAGE_NUMBER =
  /^(?:(?:page|p\.|seite|página|pagina)\s*)?(?:\d{1,5}|[ivxlcdm]{1,7})(?:\s*(?:of|\/|de|von)\s*\d{1,5})?$/i;
const DASHED_PAGE_NUMBER = /^[-–—]\s*\d{1,5}\s*[-–—]$/;
/** Chapter-page numbering of manuals: 7-45, A-3, 2.14. */
const CHAPTER_PAGE_NUMBER = /^(?:\d{1,2}|[A-Z])[-–.]\d{1,4}$/;

function shape(text: string): string {
  return text.toLowerCase().replace(/\d+/g, '#').replace(/\s+/g, ' ').trim();
}

export function isPageNumberText(text: string): boolean {
  const t = text.trim();
  return PAGE_NUMBER.test(t) || DASHED_PAGE_NUMBER.test(t) || CHAPTER_PAGE_NUMBER.test(t);
}

/** Label the furniture segments of every page. `bodySize` is the document's body font size. */
export function detectFurniture(pages: PageText[], bodySize: number, inkOf?: InkOf): Map<Segment, FurnitureType>[] {
  const result = pages.map(() => new Map<Segment, FurnitureType>());
  // Shapes of margin text per page, to count repetition (digits folded so "Page 3" matches "Page 4").
  const seen = new Map<string, { pages: Set<number>; ys: number[] }>();
  const candidates: { page: number; seg: Segment; key: string; top: boolean }[] = [];
  pages.forEach((p, i) => {
    if (p.height <= 0) return;
    for (const seg of p.segments) {
      const yTop = seg.y0 / p.height;
      const yBottom = seg.y1 / p.height;
      const top = yBottom <= REPEAT_BAND;
      const bottom = yTop >= 1 - REPEAT_BAND;
      if (!top && !bottom) {
        // Rotated text in the side margins (arXiv stamps, line numbers) is furniture too.
        if (seg.rotated && (seg.x1 / p.width < 0.12 || seg.x0 / p.width > 0.88)) result[i].set(seg, 'page_header');
        continue;
      }
      const key = `${top ? 'T' : 'B'}|${shape(seg.text)}`;
      candidates.push({ page: i, seg, key, top });
      let entry = seen.get(key);
      if (!entry) {
        entry = { pages: new Set(), ys: [] };
        seen.set(key, entry);
      }
      entry.pages.add(i);
      entry.ys.push((seg.y0 + seg.y1) / 2 / p.height);
    }
  });
  const minRepeat = Math.max(2, Math.ceil(pages.length * MIN_REPEAT_SHARE));
  for (const entry of seen.values()) entry.ys.sort((a, b) => a - b);
  for (const c of candidates) {
    const p = pages[c.page];
    const entry = seen.get(c.key)!;
    const y = (c.seg.y0 + c.seg.y1) / 2 / p.height;
    const inBand = c.top ? c.seg.y1 / p.height <= MARGIN_BAND : c.seg.y0 / p.height >= 1 - MARGIN_BAND;
    // Repetition means on other pages: numbers side by side on one page (a table's year columns) are no page number.
    const samePlace =
      entry.pages.size < minRepeat ? 0 : countWithin(entry.ys, y - POSITION_TOLERANCE, y + POSITION_TOLERANCE);
    if (isPageNumberText(c.seg.text) && (inBand || samePlace >= minRepeat)) {
      result[c.page].set(c.seg, 'page_number');
    } else if (entry.pages.size >= minRepeat && samePlace >= minRepeat && c.seg.text.length <= 200) {
      result[c.page].set(c.seg, c.top ? 'page_header' : 'page_footer');
    }
  }
  for (const [i, p] of pages.entries()) keepTableRows(p, result[i]);
  // Lone margin rows: on a page of their own (no repetition to go by), the one or two outermost rows, set apart
  // from the body by a wide gap (any gap for a page number), are a running head, a stamp or a footer.
  // Longer documents have repetition to go by: there only a single small line with a wide gap counts.
  const short = pages.length <= SHORT_DOCUMENT_PAGES;
  pages.forEach((p, i) => {
    const body = p.segments.filter((s) => !result[i].has(s) && !s.rotated);
    if (body.length < 4) return;
    if (short) {
      const rows = groupRows(body);
      const ink = inkOf ? (seg: Segment) => inkOf(i, seg) : undefined;
      tryLone(rows, p, result[i], bodySize, true, ink);
      tryLone([...rows].reverse(), p, result[i], bodySize, false, ink);
    } else {
      const sorted = [...body].sort((a, b) => a.y0 - b.y0);
      tryLoneLine(sorted, p, result[i], bodySize, true);
      tryLoneLine(sorted.reverse(), p, result[i], bodySize, false);
    }
    tryStampBelowHead(p, result[i], bodySize, inkOf ? (seg: Segment) => inkOf(i, seg) : undefined);
  });
  return result;
}

/**
 * A stamp under the running head (a received note off to the right, in the body's own font but another ink): once
 * the head's rows are marked, it is the outermost row left, and is judged as tryLone judges a stamp there.
 */
function tryStampBelowHead(
  p: PageText,
  marks: Map<Segment, FurnitureType>,
  bodySize: number,
  ink?: (seg: Segment) => [number, number, number] | null,
): void {
  let headBottom = -1;
  for (const [seg, type] of marks)
    if (type !== 'page_footer' && seg.y1 / p.height <= REPEAT_BAND) headBottom = Math.max(headBottom, seg.y1);
  if (headBottom < 0) return;
  const rows = groupRows(p.segments.filter((s) => !marks.has(s) && !s.rotated && s.y0 >= headBottom));
  if (rows.length < 4) return;
  const [r, next] = rows;
  const text = r.map((s) => s.text).join(' ');
  if (r.length > 2 || text.length > STAMP_MAX_CHARS || !r.every((s) => s.x0 >= p.width * 0.5)) return;
  if (Math.min(...r.map((s) => s.y0)) / p.height > REPEAT_BAND + STAMP_BAND_EXTRA) return;
  const gap = Math.min(...next.map((s) => s.y0)) - Math.max(...r.map((s) => s.y1));
  if (gap < STAMP_GAP_LINES * bodySize * 1.2 || r.some((s) => s.figure) || lettersDate(r, next, ink)) return;
  for (const seg of r) marks.set(seg, 'page_header');
}

/**
 * A table that runs down to the foot of a page (or on from its head) puts rows in the margin bands, and a long table's
 * rows stand at the same heights on every page: its index numbers read as page numbers, its figures (digits folded)
 * as repeated footers. Running heads and footers are one to three pieces of text; a row of TABLE_ROW_PIECES or more
 * pieces of which some are body text is a table row, and none of its pieces is margin text.
 */
function keepTableRows(p: PageText, marks: Map<Segment, FurnitureType>): void {
  if (marks.size === 0) return;
  const near = p.segments.filter(
    (s) => !s.rotated && (s.y1 <= p.height * REPEAT_BAND || s.y0 >= p.height * (1 - REPEAT_BAND)),
  );
  for (const row of groupRows(near))
    if (row.length >= TABLE_ROW_PIECES && row.some((s) => !marks.has(s))) for (const s of row) marks.delete(s);
}

/** How many of the sorted values lie in [lo, hi]. */
function countWithin(sorted: number[], lo: number, hi: number): number {
  const lower = (v: number) => {
    let a = 0;
    let b = sorted.length;
    while (a < b) {
      const m = (a + b) >> 1;
      if (sorted[m] < v) a = m + 1;
      else b = m;
    }
    return a;
  };
  return lower(hi + 1e-9) - lower(lo);
}

/** Rows from the page edge inwards; marks the outermost one or two rows when they stand apart as margin text. */
function tryLone(
  rows: Segment[][],
  p: PageText,
  marks: Map<Segment, FurnitureType>,
  bodySize: number,
  top: boolean,
  ink?: (seg: Segment) => [number, number, number] | null,
): void {
  const live = rows.filter((r) => r.some((s) => !marks.has(s)));
  if (live.length < 4) return;
  const line = bodySize * 1.2;
  const edge = (r: Segment[]) => (top ? Math.min(...r.map((s) => s.y0)) : p.height - Math.max(...r.map((s) => s.y1)));
  const inner = (r: Segment[]) => (top ? Math.max(...r.map((s) => s.y1)) : p.height - Math.min(...r.map((s) => s.y0)));
  // The gap between row k-1 and row k; a figure standing in it closes it (a caption under a figure is no footer).
  const gapAfter = (k: number) => {
    const from = inner(live[k - 1]);
    const to = edge(live[k]);
    const blocked = p.images.some(([, y0, , y1]) => {
      const a = top ? y0 : p.height - y1;
      const b = top ? y1 : p.height - y0;
      return a < to && b > from;
    });
    return blocked ? 0 : to - from;
  };
  // A stamp or note off to the right under the running head (left of it the page is empty) belongs to the margin.
  const offRight = (r: Segment[]) => r.every((s) => s.x0 >= p.width * 0.5);
  // Above the body only: at the foot of a page a row off to the right is as often a figure's or table's legend.
  const stamp = (r: Segment[]) => top && offRight(r);
  const marginish = (r: Segment[]) => {
    const text = r.map((s) => s.text).join(' ');
    // A page count ("1 of 1", "Page 1 of 1") has a number and lowercase letters like a date, but is none.
    if (top && offRight(r) && !isPageNumberText(text) && lettersDate(r, live[live.indexOf(r) + 1], ink)) return false;
    // A large single line at the top is a title, not a running head (a large stamp off to the right is no title).
    const ratio = TITLE_SIZE_RATIO - (r[0].source === 'ocr' ? OCR_SIZE_TOLERANCE : 0);
    const title = top && r.length === 1 && r[0].size >= bodySize * ratio && !offRight(r);
    return !title && !sentenceLine(r) && r.length <= 4 && text.length <= 160 && !r.some((s) => s.figure);
  };
  // A one-line paragraph: a full sentence or more at the body size across most of the text area (running heads,
  // stamps and footers are labels, not sentences).
  let textX0 = Infinity;
  let textX1 = -Infinity;
  for (const r of live)
    for (const s of r) {
      textX0 = Math.min(textX0, s.x0);
      textX1 = Math.max(textX1, s.x1);
    }
  const sentenceLine = (r: Segment[]) =>
    r.length === 1 &&
    r[0].size >= bodySize * 0.95 &&
    r[0].x1 - r[0].x0 >= (textX1 - textX0) * PROSE_LINE_SHARE &&
    r[0].text.trim().split(/\s+/).length >= SENTENCE_WORDS &&
    /[.!?]$/.test(r[0].text.trim());
  if (!marginish(live[0])) return;
  if (edge(live[0]) / p.height > REPEAT_BAND) {
    if (apartFromTextArea(live, p, gapAfter, edge, line)) markRows(live.slice(0, 1), marks, top);
    return;
  }
  const numbered = (r: Segment[]) => r.length <= 3 && r.some((s) => isPageNumberText(s.text));
  // Two rows that belong together (a footer of two lines, a letterhead and its address) and stand apart as a unit.
  // The first two lines of a paragraph (a wide body-size line and the next in the same font size at the same indent,
  // one line below) are body text however much space follows them.
  let x0 = Infinity;
  let x1 = -Infinity;
  for (const r of live)
    for (const s of r) {
      x0 = Math.min(x0, s.x0);
      x1 = Math.max(x1, s.x1);
    }
  const wideBody = (r: Segment[]) =>
    r.length === 1 && r[0].size >= bodySize * 0.95 && r[0].x1 - r[0].x0 >= (x1 - x0) * PROSE_LINE_SHARE;
  const size0 = live[0][0].size;
  const prose =
    (wideBody(live[0]) || wideBody(live[1])) &&
    live[0].length === 1 &&
    live[1].length === 1 &&
    Math.abs(live[1][0].size - size0) <= size0 * 0.05 &&
    size0 >= bodySize * 0.95 &&
    Math.abs(live[0][0].x0 - live[1][0].x0) <= 2 &&
    gapAfter(1) <= 0.6 * line;
  if (prose) return;
  let take = 0;
  if (
    marginish(live[1]) &&
    edge(live[1]) / p.height <= REPEAT_BAND + 0.04 &&
    (gapAfter(1) < gapAfter(2) || offRight(live[1])) &&
    gapAfter(2) >= (stamp(live[1]) ? STAMP_GAP_LINES : LONE_GAP_LINES) * line
  )
    take = 2;
  else if (
    gapAfter(1) >= (stamp(live[0]) ? STAMP_GAP_LINES : LONE_GAP_LINES) * line ||
    (numbered(live[0]) && gapAfter(1) >= 0.3 * line) ||
    apartFromTextArea(live, p, gapAfter, edge, line)
  )
    take = 1;
  markRows(live.slice(0, take), marks, top);
}

function markRows(rows: Segment[][], marks: Map<Segment, FurnitureType>, top: boolean): void {
  for (const r of rows)
    for (const s of r)
      if (!marks.has(s)) marks.set(s, isPageNumberText(s.text) ? 'page_number' : top ? 'page_header' : 'page_footer');
}

/**
 * The outermost row stands outside the text area: a short plain label (a stamp, a page count, a reference code in
 * the body's own face and size) set farther from the body than any two rows of the body stand apart (its paragraph
 * gaps), by LOOSE_GAP_RATIO, and by at least LOOSE_GAP_LINES. The text area is what sets the margin, not the page:
 * its edge may lie up to TEXT_AREA_BAND of the page in. A bold line is left alone (a heading over the text).
 */
function apartFromTextArea(
  live: Segment[][],
  p: PageText,
  gapAfter: (k: number) => number,
  edge: (r: Segment[]) => number,
  line: number,
): boolean {
  const r = live[0];
  const text = r.map((s) => s.text).join(' ');
  if (r.length > 3 || text.length > STAMP_MAX_CHARS || r.some((s) => s.bold)) return false;
  if (edge(r) / p.height > TEXT_AREA_BAND) return false;
  let inner = 0;
  for (let k = 2; k < live.length; k++) inner = Math.max(inner, gapAfter(k));
  const gap = gapAfter(1);
  const ratio = capitalsLabel(text) ? CAPITALS_GAP_RATIO : LOOSE_GAP_RATIO;
  return gap >= LOOSE_GAP_LINES * line && gap >= inner * ratio;
}

/** Letters only, at least four, every one a capital (digits and punctuation are allowed beside them). */
function capitalsLabel(text: string): boolean {
  let letters = 0;
  for (const ch of text) {
    if (ch.toLowerCase() === ch.toUpperCase()) continue;
    if (ch !== ch.toUpperCase()) return false;
    letters++;
  }
  return letters >= 4;
}

/**
 * A right-aligned line at the top of a letter set exactly like the body's first line below it, with a number in it,
 * is the letter's date or place-and-date line, not margin text: a stamp is marked apart from the body (bold,
 * capitals, a typewriter face, another size, tilted, another ink), a date is not. (A box drawn around it is not
 * seen here.)
 */
function lettersDate(
  r: Segment[],
  below: Segment[] | undefined,
  ink?: (seg: Segment) => [number, number, number] | null,
): boolean {
  if (r.length !== 1 || !below || below.length === 0) return false;
  const s = r[0];
  const b = below[0];
  if (s.bold !== b.bold || s.italic !== b.italic || s.mono !== b.mono) return false;
  const tolerance = s.source === 'ocr' ? OCR_SIZE_TOLERANCE : 0.05;
  if (Math.abs(s.size - b.size) > b.size * tolerance) return false;
  // A tilted line's box is much taller than its font (a stamp set at an angle).
  if (s.y1 - s.y0 > s.size * TILTED_BOX_RATIO) return false;
  let letters = 0;
  let capitals = 0;
  let digits = 0;
  for (const ch of s.text) {
    if (ch >= '0' && ch <= '9') digits++;
    else if (ch.toLowerCase() !== ch.toUpperCase()) {
      letters++;
      if (ch !== ch.toLowerCase()) capitals++;
    }
  }
  // Capitals for most of the letters: a stamp's word (RECEIVED, PAID, COPY), not a date's month or place.
  if (digits === 0 || (letters >= 2 && capitals * 2 > letters)) return false;
  // Printed in another ink than the body (a red stamp); asked last, as reading the colours costs a walk of the page.
  const a = ink?.(s);
  const c = a ? ink?.(b) : null;
  return !(a && c && inksDiffer(a, c));
}

/** A small line alone at the very top or bottom of a page of a longer document, set apart by a wide gap. */
function tryLoneLine(
  sorted: Segment[],
  p: PageText,
  marks: Map<Segment, FurnitureType>,
  bodySize: number,
  top: boolean,
): void {
  const first = sorted[0];
  if (first.size > bodySize * 1.05) return;
  // The whole margin row (e.g. a running title and a page number side by side).
  const row = sorted.filter((s) => s.y0 < first.y1 && s.y1 > first.y0);
  const rest = sorted.filter((s) => !row.includes(s));
  if (rest.length === 0) return;
  // A page number at the end of the row marks a running head even without a wide gap (LaTeX headers).
  const numbered = row.length <= 3 && row.some((s) => isPageNumberText(s.text));
  const band = numbered ? REPEAT_BAND : MARGIN_BAND;
  const inBand = top ? first.y1 / p.height <= band : first.y0 / p.height >= 1 - band;
  if (!inBand) return;
  const h = first.y1 - first.y0;
  const gap = top
    ? Math.min(...rest.map((s) => s.y0)) - Math.max(...row.map((s) => s.y1))
    : Math.min(...row.map((s) => s.y0)) - Math.max(...rest.map((s) => s.y1));
  if (!numbered && gap < LONE_GAP_LINES * h) return;
  if (numbered && gap < 0.5 * h) return;
  for (const s of row) marks.set(s, isPageNumberText(s.text) ? 'page_number' : top ? 'page_header' : 'page_footer');
}
