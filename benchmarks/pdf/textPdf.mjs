// A tiny PDF writer for layout tests: text lines placed at exact positions in the base-14 fonts, plus ruled lines.
// Enough to build letters with stamps and footers, changing column layouts and tables with two-level headers,
// whose truth is known by construction.
import { deflateSync } from 'node:zlib';

const FONTS = {
  regular: 'Helvetica',
  bold: 'Helvetica-Bold',
  serif: 'Times-Roman',
  serifBold: 'Times-Bold',
  mono: 'Courier',
  monoBold: 'Courier-Bold',
};
/** WinAnsi codes of the few non-ASCII characters the tests use. */
const WIN_ANSI = {
  '‘': 0o221,
  '’': 0o222,
  '“': 0o223,
  '”': 0o224,
  '–': 0o226,
  '—': 0o227,
  '•': 0o225,
  é: 0xe9,
  '·': 0xb7,
};

function pdfString(text) {
  let out = '(';
  for (const ch of text) {
    if (ch === '(' || ch === ')' || ch === '\\') out += `\\${ch}`;
    else if (ch.charCodeAt(0) < 128) out += ch;
    else if (WIN_ANSI[ch]) out += `\\${WIN_ANSI[ch].toString(8).padStart(3, '0')}`;
    // WinAnsi agrees with Latin-1 from 0xA0 up (accented letters of the western European languages).
    else if (ch.charCodeAt(0) >= 0xa0 && ch.charCodeAt(0) <= 0xff) out += `\\${ch.charCodeAt(0).toString(8)}`;
    else out += '?';
  }
  return `${out})`;
}

/** Approximate advance of Helvetica text in points: enough to wrap paragraphs into a column. */
export function textWidth(text, size) {
  let w = 0;
  for (const ch of text)
    w += /[il.,;:'|!]/.test(ch)
      ? 0.28
      : /[mwMW]/.test(ch)
        ? 0.83
        : /[A-Z0-9]/.test(ch)
          ? 0.64
          : ch === ' '
            ? 0.28
            : 0.52;
  return w * size;
}

/** Wraps `text` into lines no wider than `width` points. */
export function wrap(text, width, size) {
  const lines = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (line && textWidth(next, size) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/** Spacing accents TeX draws over a letter: the precomposed letter → [base letter, WinAnsi accent code]. */
const TEX_ACCENTS = { é: ['e', 0xb4], è: ['e', 0x60], ê: ['e', 0x88], ë: ['e', 0xa8], á: ['a', 0xb4], à: ['a', 0x60] };
TEX_ACCENTS.ü = ['u', 0xa8];
TEX_ACCENTS.ö = ['o', 0xa8];
TEX_ACCENTS.ñ = ['n', 0x98];
TEX_ACCENTS.ô = ['o', 0x88];
/** Helvetica advance widths (1/1000 em) of the glyphs the TeX-style runs use; others are taken as 556. */
const ADVANCE = { i: 222, l: 222, j: 222, f: 278, t: 278, r: 333, m: 833, w: 722, ' ': 278, '`': 333 };
const accentWidth = 333;

/**
 * A TJ array for an item set the way TeX sets text: no space glyphs (each word gap is a move of `wordGap` ems; a
 * normal space when unset), and with `tex`, accented letters drawn as the spacing accent shifted over the base
 * letter, then a move back, then the letter.
 */
function texShow(it) {
  const gap = it.wordGap === undefined ? null : Math.round(-it.wordGap * 1000);
  let out = '[';
  let run = '';
  const flush = () => {
    if (run) out += pdfString(run);
    run = '';
  };
  for (const ch of it.text) {
    if (ch === ' ' && gap !== null) {
      flush();
      out += ` ${gap} `;
    } else if (it.tex && TEX_ACCENTS[ch]) {
      const [base, code] = TEX_ACCENTS[ch];
      const w = ADVANCE[base] ?? 556;
      flush();
      out += ` ${-Math.round((w - accentWidth) / 2)} (\\${code.toString(8)}) ${Math.round((w + accentWidth) / 2)} `;
      run = base;
    } else run += ch;
  }
  flush();
  return `${out}]`;
}

/** The content-stream operators that draw one text item (see textPdf), with its line end. */
function textItemOps(it, pageHeight) {
  const y = pageHeight - it.top - it.size * 0.8;
  const mode = it.invisible ? '3 Tr ' : '';
  const show = it.wordGap !== undefined || it.tex ? `${texShow(it)} TJ` : `${pdfString(it.text)} Tj`;
  // `color` [r, g, b] 0..1 fills the text; `rotate` (degrees, counter-clockwise) tilts it about its origin.
  const fill = it.color ? `${it.color.join(' ')} rg ` : '';
  const a = ((it.rotate ?? 0) * Math.PI) / 180;
  const at = it.rotate
    ? `${[Math.cos(a), Math.sin(a), -Math.sin(a), Math.cos(a)].map((v) => v.toFixed(4)).join(' ')} ` +
      `${it.x.toFixed(2)} ${y.toFixed(2)} Tm`
    : `${it.x.toFixed(2)} ${y.toFixed(2)} Td`;
  const text = `BT ${mode}${fill}/F${it.font ?? 'regular'} ${it.size} Tf ${at} ${show} ET`;
  return it.color ? `q ${text} Q\n` : `${text}\n`;
}

/**
 * Builds a PDF. `pages`: [{ width, height, items: [{ x, top, size, text, font?, color?, rotate? }], rules?: [[x0, top0, x1, top1]] }],
 * `top` measured from the top of the page to the top of the line box. An item with `invisible` is drawn in render
 * mode 3 (a scanner's hidden text layer). `images: [{ x, top, w, h, width, height, gray }]` places 8-bit grey
 * pictures (`gray`: width × height bytes) at x, top, sized w × h points.
 */
export function textPdf(pages) {
  const objects = [];
  const add = (body) => objects.push(body) && objects.length;
  const catalog = add('');
  const pagesObj = add('');
  const fontIds = {};
  for (const [key, name] of Object.entries(FONTS))
    fontIds[key] = add(`<< /Type /Font /Subtype /Type1 /BaseFont /${name} /Encoding /WinAnsiEncoding >>`);
  const fontRes = Object.entries(fontIds)
    .map(([k, id]) => `/F${k} ${id} 0 R`)
    .join(' ');
  const kids = [];
  for (const p of pages) {
    let content = '';
    const xobjects = [];
    for (const [i, im] of (p.images ?? []).entries()) {
      const data = deflateSync(im.gray).toString('latin1');
      const id = add(
        `<< /Type /XObject /Subtype /Image /Width ${im.width} /Height ${im.height} /ColorSpace /DeviceGray ` +
          `/BitsPerComponent 8 /Filter /FlateDecode /Length ${data.length} >>\nstream\n${data}\nendstream`,
      );
      xobjects.push(`/Im${i} ${id} 0 R`);
      content += `q ${im.w} 0 0 ${im.h} ${im.x} ${p.height - im.top - im.h} cm /Im${i} Do Q\n`;
    }
    for (const it of p.items) content += textItemOps(it, p.height);
    for (const [x0, t0, x1, t1] of p.rules ?? [])
      content += `0.5 w ${x0} ${p.height - t0} m ${x1} ${p.height - t1} l S\n`;
    const stream = add(`<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}endstream`);
    kids.push(
      add(
        `<< /Type /Page /Parent ${pagesObj} 0 R /MediaBox [0 0 ${p.width} ${p.height}] /Resources << /Font << ${fontRes} >> /XObject << ${xobjects.join(' ')} >> >> /Contents ${stream} 0 R >>`,
      ),
    );
  }
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pagesObj} 0 R >>`;
  objects[pagesObj - 1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`;
  let out = '%PDF-1.4\n';
  const offsets = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(out, 'latin1'));
}
