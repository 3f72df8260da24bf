// Two CSS columns only three or four lines tall between a full-width title and a full-width table (Chromium prints
// them). (1) The table's cells line up with the columns' gutter, and `cellBands` cuts the table off only where the
// text above it reads as columns; the title across the gutter, one line in nine, hid the gutter, so the table was
// read column by column with the prose ("Prices" and its figures after the right column). (2) A left column of
// three lines whose last one is short showed no column at all, and the whole page was read row by row across the
// gutter.
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

const ROWS: [string, string, string][] = [
  ['Quay', '60235', '81396'],
  ['Seawalls', '45026', '45905'],
  ['Harbour gate', '92992', '52252'],
  ['Pier stairs', '56979', '66983'],
  ['Lantern', '46425', '1866'],
];

interface Shape {
  font: string;
  paras: string[];
  gap: number;
  pad: string;
  /** Page width and height, and the page's padding, in mm. */
  page: [number, number, string];
  /** Width of the table's first column, in percent of the table. */
  first: number;
}

function html({ font, paras, gap, pad, page: [w, h, padding], first }: Shape): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><style>
@page { size: ${w}mm ${h}mm; margin: 0 }
body { margin: 0; font-family: ${font}; font-size: 8.5pt; line-height: 1.3 }
.page { width: ${w}mm; height: ${h}mm; box-sizing: border-box; padding: ${padding} }
p { margin: 0 0 5.1pt } table { border-collapse: collapse; width: 100%; margin: 8pt 0 }
td, th { padding: ${pad}; text-align: left; vertical-align: top } th { font-weight: bold }
</style></head><body><div class="page"><h1 style="font-size:15.5pt;margin:0 0 8pt">Notes of the harbour board, May</h1>
<div style="column-count:2;column-gap:${gap}mm">${paras.map((p) => `<p>${p}</p>`).join('')}</div>
<table><colgroup><col style="width:${first}%"></colgroup><thead><tr><th>Places</th><th>Loads</th><th>Prices</th></tr></thead>
<tbody>${ROWS.map((r) => `<tr>${r.map((c) => `<td>${c}</td>`).join('')}</tr>`).join('')}</tbody></table>
</div></body></html>`;
}

const SHAPES: [string, Shape][] = [
  [
    'a header cell reaching into the gutter',
    {
      font: "'DejaVu Sans'",
      gap: 9,
      page: [216, 279, '27mm 19mm'],
      first: 44,
      pad: '3.5pt 6pt',
      paras: [
        'The board met on Tuesday to settle the dredging plan for the season. Silt in the basin rose.',
        'The engineer asked for two passes with the dredger. Fishermen want the slipway kept open.',
        'A survey of the outer wall found three cracked copings and a loose ladder by the steps near the light.',
        'Repairs will be tendered next month. The crane needs new cables before the winter storms.',
      ],
    },
  ],
  [
    'a left column of three lines',
    {
      font: "'DejaVu Serif'",
      gap: 7,
      page: [210, 297, '23mm 15mm'],
      first: 40,
      pad: '2pt 5pt',
      paras: [
        'The board met on Tuesday to settle the dredging plan for the season. The silt in the inner basin had ' +
          'risen after the floods.',
        'The engineer asked for two passes with the bucket dredger before the regatta and a third in the ' +
          'autumn. Fishermen asked that the slipway be kept open on market days. The crane on the pier needs ' +
          'new cables and a new hook before the winter storms come.',
      ],
    },
  ],
];

describe('short columns over a full-width table', () => {
  for (const [name, shape] of SHAPES)
    it(`reads the columns, then the whole table (${name})`, async () => {
      const md = (await parsePdf(await printer.print(html(shape)))).markdown;
      const ends = shape.paras.map((p) => p.split(' ').slice(-3).join(' '));
      const starts = shape.paras.map((p) => p.split(' ').slice(0, 3).join(' '));
      for (let i = 0; i < shape.paras.length; i++) {
        expect(md.indexOf(starts[i]), starts[i]).toBeGreaterThan(md.indexOf('Notes of the harbour board, May'));
        expect(md.indexOf(ends[i]), ends[i]).toBeGreaterThan(md.indexOf(starts[i]));
        if (i > 0) expect(md.indexOf(starts[i]), starts[i]).toBeGreaterThan(md.indexOf(ends[i - 1]));
      }
      expect(md).toContain('| Places | Loads | Prices |');
      for (const r of ROWS) expect(md).toContain(`| ${r.join(' | ')} |`);
      expect(md.indexOf('| Places')).toBeGreaterThan(md.indexOf(ends.at(-1) ?? ''));
    });
});
