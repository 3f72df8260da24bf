// The colour text is printed in, read from MuPDF only when asked: the structured text's JSON carries no colour, and
// walking every character of every page would cost each page; the margin rules ask about a row or two of short
// documents.
import type * as mupdf from 'mupdf';
import type { Segment } from './extractPageText.js';

export type Rgb = [number, number, number];
/** The ink of a segment of a page (0-based), or null when it cannot be told (OCR'd text, an unreadable page). */
export type InkOf = (page: number, seg: Segment) => Rgb | null;

/** Characters read per page at most (a bounded walk on hostile pages). */
const MAX_CHARS = 200_000;

interface Glyph {
  x: number;
  y: number;
  rgb: Rgb;
}

/** An `InkOf` over `doc`: each page's characters are walked once, on the first question about that page. */
export function inkReader(doc: mupdf.Document): InkOf {
  const pages = new Map<number, Glyph[] | null>();
  const glyphsOf = (index: number): Glyph[] | null => {
    if (pages.has(index)) return pages.get(index)!;
    let glyphs: Glyph[] | null = [];
    let page: mupdf.Page | undefined;
    let stext: mupdf.StructuredText | undefined;
    try {
      page = doc.loadPage(index);
      const [bx0, by0] = page.getBounds();
      stext = page.toStructuredText('preserve-whitespace');
      const out: Glyph[] = [];
      stext.walk({
        onChar: (c, _origin, _font, _size, q, color) => {
          if (c === ' ' || out.length >= MAX_CHARS) return;
          const x = (q[0] + q[2] + q[4] + q[6]) / 4 - bx0;
          const y = (q[1] + q[3] + q[5] + q[7]) / 4 - by0;
          out.push({ x, y, rgb: toRgb(color) });
        },
      });
      glyphs = out;
    } catch {
      glyphs = null;
    } finally {
      stext?.destroy();
      page?.destroy();
    }
    pages.set(index, glyphs);
    return glyphs;
  };
  return (index, seg) => {
    if (seg.source !== 'native_text') return null;
    const glyphs = glyphsOf(index);
    if (!glyphs) return null;
    // The most frequent colour among the characters whose centres fall inside the segment's box.
    const counts = new Map<string, { rgb: Rgb; n: number }>();
    for (const g of glyphs) {
      if (g.x < seg.x0 || g.x > seg.x1 || g.y < seg.y0 || g.y > seg.y1) continue;
      const key = g.rgb.map((v) => Math.round(v * 20)).join(',');
      const hit = counts.get(key);
      if (hit) hit.n++;
      else counts.set(key, { rgb: g.rgb, n: 1 });
    }
    let best: { rgb: Rgb; n: number } | null = null;
    for (const c of counts.values()) if (!best || c.n > best.n) best = c;
    return best?.rgb ?? null;
  };
}

/** Grey, RGB or CMYK components (0..1) as RGB. */
function toRgb(color: number[]): Rgb {
  if (color.length === 1) return [color[0], color[0], color[0]];
  if (color.length === 4) {
    const [c, m, y, k] = color;
    return [(1 - c) * (1 - k), (1 - m) * (1 - k), (1 - y) * (1 - k)];
  }
  return [color[0] ?? 0, color[1] ?? 0, color[2] ?? 0];
}

/** Two inks a reader tells apart (red or blue against black; not two near-blacks). */
export function inksDiffer(a: Rgb, b: Rgb): boolean {
  return Math.max(Math.abs(a[0] - b[0]), Math.abs(a[1] - b[1]), Math.abs(a[2] - b[2])) > 0.25;
}
