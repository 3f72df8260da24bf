// A table whose cells wrap, in padded rows whose gaps differ by a pixel's snapping: Chromium places each row on the
// device grid, so the gaps between the rows of one table come out 11.6 or 12.3 pt (8.5-pt text, 4-pt padding).
// Rows of cards are cut at gaps clearly taller than the gaps inside the cards' columns; a threshold that fell
// between such nearly equal row gaps cut the table at its taller ones only, and the rows under a cut were read
// column by column (cells as separate paragraphs, the header row as a heading).
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

const HEAD = ['Parish', 'Records', 'Condition', 'Copies'];
/** Each cell's printed lines (set with line breaks, so every font wraps them alike). */
const ROWS = [
  [
    ['Upper valley of', 'the river chapel'],
    ['Baptisms and the', 'burials of the poor'],
    ['Damp in the lower', 'shelves of the old', 'vestry chest, now', 'moved'],
    ['Two sets made by', 'the society'],
  ],
  [
    ['Ford crossing and', 'the outlying farms'],
    ['Tithe maps with the', 'field names'],
    ['Good and kept dry', 'in the new safe'],
    ['One set in the', 'town library of', 'the county and one', 'at the school'],
  ],
  [
    ['Hill church above', 'the quarry ruins'],
    ['Vestry minutes after', 'the fire of the hall'],
    ['Brittle and copied', 'twice by the old', 'parish society'],
    ['Lent to the', 'museum for the', 'summer show of', 'old books'],
  ],
  [
    ['Market town with', 'its registers kept', 'in six volumes'],
    ['Marriage registers', 'of the two wards'],
    ['Rebound in the last', 'decade by hand', 'in calf leather'],
    ['None so far, one', 'planned'],
  ],
  [
    ['Marsh end and the', 'old school house'],
    ['School log books', 'with the notes of', 'the teachers on', 'the floods'],
    ['Water stains on the', 'covers only'],
    ['Filmed by the', 'county office'],
  ],
  [
    ['Harbour office and', 'the books of the port', 'and its pilots'],
    ['Ship lists with the', 'tolls they paid'],
    ['Torn spines but', 'legible throughout', 'every volume'],
    ['Scanned in full', 'for the website', 'of the archive'],
  ],
];
const INTRO =
  'The parishes below answered the archive survey in the spring, each listing the records it keeps and their state.';
const AFTER = 'Copies of the registers will be lent to the parishes once the archive has scanned the originals.';

const html = (font: string, size: number, lead: number, width: number) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><style>@page { size: 210mm 297mm; margin: 0 }
body { margin: 0; font-family: ${font}; font-size: ${size}pt; line-height: ${lead} }
.page { width: 210mm; height: 297mm; box-sizing: border-box; padding: 32mm 24mm } p { margin: 0 0 5pt }
table { border-collapse: collapse; width: ${width}%; table-layout: fixed }
td, th { vertical-align: top; text-align: left; padding: 4pt 7pt; border-bottom: 0.6px solid #999 }
</style></head><body><div class="page"><p>${INTRO}</p><table><thead><tr>${HEAD.map((h) => `<th>${h}</th>`).join('')}` +
  `</tr></thead><tbody>${ROWS.map((r) => `<tr>${r.map((c) => `<td>${c.join('<br>')}</td>`).join('')}</tr>`).join('')}` +
  `</tbody></table><p style="margin-top:8pt">${AFTER}</p></div></body></html>`;

describe('a table whose cells wrap, its row gaps a pixel apart', () => {
  for (const [font, size, lead, width] of [
    ["'Liberation Sans'", 8.5, 1.45, 84],
    ["'DejaVu Sans'", 8.5, 1.45, 90],
  ] as const)
    it(`keeps it one table, row by row, under its header (${font} ${size} pt)`, async () => {
      const md = (await parsePdf(await printer.print(html(font, size, lead, width)))).markdown;
      expect(md).toContain(`| ${HEAD.join(' | ')} |`);
      for (const row of ROWS) expect(md).toContain(`| ${row.map((l) => l.join(' ')).join(' | ')} |`);
      expect(md.indexOf('The parishes below')).toBeLessThan(md.indexOf('| Parish'));
      expect(md.indexOf('| Harbour office')).toBeLessThan(md.indexOf('Copies of the registers'));
    });
});
