// A layout that changes halfway down the page (Chromium prints it): a full-width title over two CSS columns, a
// full-width table whose cells sit left and right of the columns' gutter, and two columns again under the table.
// Without `cellBands` the table's first column was read with the left column and its other columns with the right
// one, or (its rows lined up across the gutter) the whole page came out as one table. The two-column tables fail
// without it; the three-column table (three cells a row, cut by the older table-stretch test) and the wrapped table
// guard the stage against cutting what it should not.
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

const TOP = [
  'The harbour board met on Tuesday to settle the dredging schedule for the coming season. Members heard that ' +
    'the silt in the inner basin had risen faster than forecast after the spring floods.',
  'The engineer proposed two passes with the bucket dredger before the regatta and a third in the autumn. ' +
    'Fishermen asked that the slipway be kept open on market days.',
  'A survey of the outer wall found three cracked copings and a loose ladder near the lighthouse steps. Repairs ' +
    'will be tendered next month.',
];
const BOTTOM = [
  'The treasurer reported that mooring fees covered most of the running costs, though the crane needs new cables ' +
    'before winter.',
  'The next meeting will be held in the lifeboat house, where the new charts of the approach will be shown to ' +
    'members and the public.',
];
const ROWS: [string, string, string][] = [
  ['Inner basin', '1240', '3100'],
  ['Outer channel', '860', '2450'],
  ['Slipway', '95', '410'],
  ['Lighthouse steps', '40', '180'],
];

function html(cols: 2 | 3, font: string, size: number): string {
  const header = ['Area', 'Volume', 'Cost'].slice(0, cols);
  const row = (r: string[]) => `<tr>${r.map((c) => `<td>${c}</td>`).join('')}</tr>`;
  const columns = (ps: string[]) =>
    `<div style="column-count:2;column-gap:7mm">${ps.map((p) => `<p>${p}</p>`).join('')}</div>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><style>
@page { size: 210mm 297mm; margin: 0 }
body { margin: 0; font-family: ${font}; font-size: ${size}pt; line-height: 1.3 }
.page { width: 210mm; height: 297mm; box-sizing: border-box; padding: 28mm 20mm }
p { margin: 0 0 ${size * 0.6}pt } table { border-collapse: collapse; width: 100%; margin: 8pt 0 }
td, th { padding: 3pt 6pt; text-align: left; vertical-align: top; border-bottom: 0.6px solid #999 }
</style></head><body><div class="page"><h1 style="font-size:${size + 7}pt;margin:0 0 8pt">Harbour board minutes</h1>
${columns(TOP)}<table><thead>${`<tr>${header.map((h) => `<th>${h}</th>`).join('')}</tr>`}</thead>
<tbody>${ROWS.map((r) => row(r.slice(0, cols))).join('')}</tbody></table>${columns(BOTTOM)}</div></body></html>`;
}

const at = (md: string, text: string) => {
  const i = md.indexOf(text);
  expect(i, text).toBeGreaterThanOrEqual(0);
  return i;
};

describe('cellBands: a full-width table between two-column stretches', () => {
  it.each([
    [2, "'Liberation Serif'", 11],
    [2, "'DejaVu Sans'", 10],
    [3, "'Liberation Sans'", 12],
  ] as const)('a %i-column table in %s at %i pt stays one table between the columns', async (cols, font, size) => {
    const md = (await parsePdf(await printer.print(html(cols, font, size)), { mode: 'fast' })).markdown;
    // The table's rows keep their cells together, each label beside its values.
    for (const r of ROWS) expect(md).toContain(`| ${r.slice(0, cols).join(' | ')} |`);
    // The columns read left then right, above and under the table, and the table sits between them.
    expect(at(md, 'Members heard that')).toBeLessThan(at(md, 'The engineer proposed'));
    expect(at(md, 'Fishermen asked')).toBeLessThan(at(md, 'A survey of the outer wall'));
    expect(at(md, 'Repairs will be tendered')).toBeLessThan(at(md, '| Inner basin'));
    expect(at(md, '| Lighthouse steps')).toBeLessThan(at(md, 'The treasurer reported'));
    expect(at(md, 'before winter.')).toBeLessThan(at(md, 'The next meeting will be held'));
    // Prose never lands in a table row.
    expect(md).not.toMatch(/\|[^|\n]*(treasurer|engineer|survey)[^|\n]*\|/);
  });

  it('a table whose cells wrap in every column, under a short header, stays one table', async () => {
    // Each side of the table's first cell gap holds its own wrapped cells: nothing there reads as short cells
    // beside a column of prose, so the header is not cut from the rows under it.
    const cell = (i: number) =>
      ['Dredge the inner basin twice', 'Replace the crane cables', 'Repair the cracked copings'][i % 3];
    const rows = [0, 1, 2].map(
      (r) => `<tr>${[0, 1, 2].map((c) => `<td>${cell(r + c)} before the regatta season</td>`).join('')}</tr>`,
    );
    const page =
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><style>@page { size: 210mm 297mm; margin: 0 }` +
      `body { margin: 0; font-family: 'DejaVu Sans'; font-size: 9pt; line-height: 1.3 } .page { padding: 28mm 22mm }` +
      `table { border-collapse: collapse; width: 80%; table-layout: fixed } td, th { padding: 3pt 6pt; ` +
      `text-align: left; vertical-align: top }</style></head><body><div class="page"><p>${TOP[0]}</p>` +
      `<table><thead><tr><th>First</th><th>Second</th><th>Third</th></tr></thead><tbody>${rows.join('')}</tbody>` +
      `</table><p>${BOTTOM[0]}</p></div></body></html>`;
    const md = (await parsePdf(await printer.print(page), { mode: 'fast' })).markdown;
    expect(md).toContain('| First | Second | Third |');
    expect(md).toContain('| Dredge the inner basin twice before the regatta season | Replace the crane cables');
  });
});
