// Test-only PDF writer: text placed at exact positions in base-14 fonts, optionally glyph by glyph (to control
// letter and word gaps), plus ruled lines. The layout tests build their PDFs with it, so the truth is known.

import * as mupdf from 'mupdf';

const FONTS = { regular: 'Helvetica', bold: 'Helvetica-Bold', serif: 'Times-Roman' } as const;
/** WinAnsi codes of the few non-ASCII characters the tests use (´ ` ¨ are spacing accents). */
const WIN_ANSI: Record<string, number> = {
  '–': 0o226,
  '—': 0o227,
  '•': 0o225,
  é: 0xe9,
  '·': 0xb7,
  '´': 0xb4,
  '`': 0x60,
  '¨': 0xa8,
};

export interface TextItem {
  x: number;
  /** From the top of the page to the top of the line box. */
  top: number;
  size: number;
  text: string;
  font?: keyof typeof FONTS;
  /** Place each character at these x offsets (points from `x`) instead of the font's advances. */
  glyphX?: number[];
  /**
   * With glyphX: draw the line as one TJ whose moves place the glyphs (as TeX writes a line; MuPDF then gives one
   * span without spaces) instead of one text object per glyph.
   */
  oneRun?: boolean;
  /** Fill colour [r, g, b] 0..1 (plain items only). */
  color?: [number, number, number];
}

export interface TextPage {
  width: number;
  height: number;
  items: TextItem[];
  rules?: [number, number, number, number][];
}

function pdfString(text: string): string {
  let out = '(';
  for (const ch of text) {
    if (ch === '(' || ch === ')' || ch === '\\') out += `\\${ch}`;
    else if (WIN_ANSI[ch]) out += `\\${WIN_ANSI[ch].toString(8).padStart(3, '0')}`;
    else if (ch.charCodeAt(0) < 128) out += ch;
    else out += '?';
  }
  return `${out})`;
}

export function textPdf(pages: TextPage[]): Uint8Array {
  const objects: string[] = [];
  const add = (body: string) => objects.push(body);
  const catalog = add('');
  const pagesObj = add('');
  const fontRes = Object.entries(FONTS)
    .map(
      ([key, name]) =>
        `/F${key} ${add(`<< /Type /Font /Subtype /Type1 /BaseFont /${name} /Encoding /WinAnsiEncoding >>`)} 0 R`,
    )
    .join(' ');
  const kids: number[] = [];
  for (const p of pages) {
    let content = '';
    for (const it of p.items) {
      const y = p.height - it.top - it.size * 0.8;
      const font = `/F${it.font ?? 'regular'} ${it.size} Tf`;
      if (it.glyphX && it.oneRun) content += `BT ${font} ${it.x.toFixed(2)} ${y.toFixed(2)} Td ${oneRun(it)} TJ ET\n`;
      else if (it.glyphX) {
        [...it.text].forEach((ch, i) => {
          if (ch !== ' ')
            content +=
              `BT ${font} ${(it.x + (it.glyphX?.[i] ?? 0)).toFixed(2)} ${y.toFixed(2)} Td ${pdfString(ch)} ` +
              `Tj ET\n`;
        });
      } else {
        const fill = it.color ? `${it.color.join(' ')} rg ` : '';
        const text = `BT ${fill}${font} ${it.x.toFixed(2)} ${y.toFixed(2)} Td ${pdfString(it.text)} Tj ET`;
        content += it.color ? `q ${text} Q\n` : `${text}\n`;
      }
    }
    for (const [x0, t0, x1, t1] of p.rules ?? [])
      content += `0.5 w ${x0} ${p.height - t0} m ${x1} ${p.height - t1} l S\n`;
    const stream = add(`<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}endstream`);
    kids.push(
      add(
        `<< /Type /Page /Parent ${pagesObj} 0 R /MediaBox [0 0 ${p.width} ${p.height}] /Resources << /Font << ` +
          `${fontRes} >> >> /Contents ${stream} 0 R >>`,
      ),
    );
  }
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pagesObj} 0 R >>`;
  objects[pagesObj - 1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`;
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out +=
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f ` +
    `\n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(out, 'latin1'));
}

/** A TJ array drawing `it.text` at its glyphX offsets: each glyph after a move from where the previous one ended. */
function oneRun(it: TextItem): string {
  let out = '[';
  let pen = 0;
  [...it.text].forEach((ch, i) => {
    if (ch === ' ') return;
    const move = (it.glyphX?.[i] ?? pen) - pen;
    if (Math.abs(move) > 0.001) out += ` ${((-move * 1000) / it.size).toFixed(1)} `;
    out += pdfString(ch);
    pen = (it.glyphX?.[i] ?? pen) + advance(ch, it.size);
  });
  return `${out}]`;
}

const helvetica = new mupdf.Font('Helvetica');

/** Real Helvetica advance of one character, in points. */
export function advance(ch: string, size: number): number {
  return helvetica.advanceGlyph(helvetica.encodeCharacter(ch.codePointAt(0) ?? 32), 0) * size;
}

/**
 * Glyph x offsets for `text` set letter by letter: `letterEm` extra between letters, word spaces `wordEm` wide
 * (no space glyph drawn, as PDFs that position every glyph do).
 */
export function spacedGlyphs(text: string, size: number, letterEm: number, wordEm: number): number[] {
  const xs: number[] = [];
  let x = 0;
  for (const ch of text) {
    xs.push(x);
    x += ch === ' ' ? wordEm * size - letterEm * size : advance(ch, size) + letterEm * size;
  }
  return xs;
}
