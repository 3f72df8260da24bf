// One-page documents with a stamp, a page count or a reference code in the margin, set in the body's own face and
// size (Chromium prints them): dropped when they stand farther from the text area than the body's own paragraphs
// stand apart, also where deep margins put them more than 14% of the page from its edge; a short body line of the
// same size at the body's first or last line (a date, a closing) is kept.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChromiumPrinter, chromiumPrinter } from './chromiumPdf.fixture.js';
import { parsePdf } from './parsePdf.js';

let printer: ChromiumPrinter;
beforeAll(async () => {
  printer = await chromiumPrinter();
});
afterAll(async () => {
  await printer?.close();
});

const PARAS = [
  'The survey of the eastern breakwater was finished in the second week and the divers found the footings sound.',
  'Two of the mooring rings on the inner wall are worn through and will be replaced before the winter storms.',
  'The lamp on the pier head has been fitted with a new lens and its range checked from the lighthouse.',
  'Costs stayed within the budget agreed in the spring, and the remaining work is planned for next month.',
];

interface Layout {
  font: string;
  size: number;
  /** Depth of the top and bottom margins (the text area's edge), in mm. */
  margin: number;
  /** Distance of the mark's line from the text area, in mm. */
  off: number;
  where: 'top' | 'bottom';
  align: 'left' | 'center' | 'right';
}

function page(mark: string, l: Layout, closing = ''): string {
  const line = l.size * 1.3 * 0.3528;
  const at = l.margin - l.off - line;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><style>@page { size: 210mm 297mm; margin: 0 }
body { margin: 0; font-family: ${l.font}; font-size: ${l.size}pt; line-height: 1.3 }
.page { width: 210mm; height: 297mm; box-sizing: border-box; padding: ${l.margin}mm 22mm; position: relative }
p { margin: 0 0 ${l.size * 0.6}pt }</style></head><body><div class="page">
<div style="position:absolute;${l.where}:${at}mm;left:22mm;right:22mm;text-align:${l.align}">${mark}</div>
${PARAS.map((p) => `<p>${p}</p>`).join('')}${closing ? `<p>${closing}</p>` : ''}</div></body></html>`;
}

const LAYOUTS: [string, Layout][] = [
  ['CONFIDENTIAL', { font: "'Liberation Serif'", size: 11, margin: 30, off: 4, where: 'top', align: 'center' }],
  ['Page 1 of 1', { font: "'DejaVu Sans'", size: 9, margin: 50, off: 3, where: 'bottom', align: 'right' }],
  ['Ref. QX-5717/97', { font: "'Liberation Sans'", size: 10, margin: 52, off: 6, where: 'top', align: 'left' }],
  ['Not for distribution', { font: "'DejaVu Serif'", size: 12, margin: 56, off: 3, where: 'bottom', align: 'left' }],
];

describe('a one-page margin line in the body’s own style', () => {
  for (const [mark, l] of LAYOUTS)
    it(`drops "${mark}" ${l.off} mm ${l.where === 'top' ? 'above' : 'below'} the text area (${l.font} ${l.size} pt)`, async () => {
      const md = (await parsePdf(await printer.print(page(mark, l, 'Harbour office, 14 June 2024')))).markdown;
      expect(md).not.toContain(mark);
      for (const p of PARAS) expect(md).toContain(p);
      expect(md).toContain('Harbour office, 14 June 2024');
    });

  // A page count right-aligned at the top has a number and lowercase letters, as a letter's date line there has:
  // it was kept as the letter's date (a page number is never one).
  for (const [mark, l] of [
    ['1 of 1', { font: "'DejaVu Serif'", size: 11, margin: 40, off: 5, where: 'top', align: 'right' }],
    ['Page 1 of 1', { font: "'Liberation Sans'", size: 10, margin: 48, off: 8, where: 'top', align: 'right' }],
    ['Page 1 of 1', { font: "'DejaVu Sans'", size: 11, margin: 36, off: 4, where: 'top', align: 'right' }],
  ] as [string, Layout][])
    it(`drops the page count "${mark}" at the top right (${l.font} ${l.size} pt)`, async () => {
      const md = (await parsePdf(await printer.print(page(mark, l)))).markdown;
      expect(md).not.toContain(mark);
      for (const p of PARAS) expect(md).toContain(p);
    });

  it('keeps a short first line set at the paragraphs’ own spacing', async () => {
    const l: Layout = { font: "'Liberation Serif'", size: 11, margin: 30, off: 0, where: 'top', align: 'left' };
    const md = (await parsePdf(await printer.print(page('Harbour office, 14 June 2024', l)))).markdown;
    expect(md).toContain('Harbour office, 14 June 2024');
  });
  // A stamp's word in capitals only a little farther from the text area than the paragraphs stand apart (3–4 mm
  // out, about 1.15 paragraph gaps): in the body's face and size it was kept as the body's first line.
  for (const [mark, l] of [
    ['CONFIDENTIAL', { font: "'Liberation Serif'", size: 11, margin: 50, off: 3, where: 'top', align: 'left' }],
    ['DUPLICATE', { font: "'DejaVu Sans'", size: 11, margin: 46, off: 3, where: 'top', align: 'center' }],
    ['FOR INTERNAL USE', { font: "'Liberation Sans'", size: 10, margin: 48, off: 2.5, where: 'top', align: 'right' }],
  ] as [string, Layout][])
    it(`drops the capitals stamp "${mark}" ${l.off} mm above the text area (${l.font} ${l.size} pt)`, async () => {
      const md = (await parsePdf(await printer.print(page(mark, l)))).markdown;
      expect(md).not.toContain(mark);
      for (const p of PARAS) expect(md).toContain(p);
    });

  it('keeps a first line in capitals set at the paragraphs’ own spacing', async () => {
    const l: Layout = { font: "'Liberation Serif'", size: 11, margin: 50, off: 0, where: 'top', align: 'left' };
    const html = page('', l).replace('<p>', '<p>NOTICE TO MARINERS</p><p>');
    const md = (await parsePdf(await printer.print(html))).markdown;
    expect(md).toContain('NOTICE TO MARINERS');
    for (const p of PARAS) expect(md).toContain(p);
  });
});
