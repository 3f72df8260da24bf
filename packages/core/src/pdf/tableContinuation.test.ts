// A long table printed by Chromium over page breaks (the header repeated on each page): one table in the markdown,
// one header, every row with its index and figures, also the rows standing in the page's margin bands.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChromiumPrinter, chromiumPrinter } from './chromiumPdf.fixture.js';
import { parsePdf } from './parsePdf.js';

const PLACES = ['Harbour', 'Market', 'Orchard', 'Quarry', 'Meadow', 'Lantern', 'Bridge', 'Mill', 'Ferry', 'Tower'];
const row = (i: number) => [
  String(i),
  `${PLACES[i % PLACES.length]} ${i}`,
  (1000 + ((i * 7919) % 8000) / 10).toFixed(1),
  (200 + ((i * 104729) % 9000) / 10).toFixed(1),
  (3000 + ((i * 31337) % 6000) / 10).toFixed(1),
];

function longTable(rows: number, header: string[]): string {
  const th = header.map((h) => `<th>${h}</th>`).join('');
  const body = Array.from({ length: rows }, (_, k) => row(k + 1))
    .map((r) => `<tr>${r.map((c, i) => `<td${i >= 2 ? ' class="n"' : ''}>${c}</td>`).join('')}</tr>`)
    .join('\n');
  return `<!doctype html><html><head><meta charset="utf-8"><style>@page { size: 210mm 297mm; margin: 18mm 16mm }
body { font-family: 'DejaVu Sans'; font-size: 10pt; line-height: 1.3 } table { border-collapse: collapse }
td, th { padding: 4pt 8pt; text-align: left } .n { text-align: right }</style></head><body>
<p>The readings below were taken at each site every morning of the season and checked by two of the wardens.</p>
<table><thead><tr>${th}</tr></thead><tbody>${body}</tbody></table>
<p>Sites closed for part of the season are counted from the day they opened again.</p></body></html>`;
}

let printer: ChromiumPrinter;
beforeAll(async () => {
  printer = await chromiumPrinter();
});
afterAll(async () => {
  await printer?.close();
});

describe('a table over page breaks', () => {
  it('is one table: the repeated header dropped, rows in the margin bands kept', async () => {
    const header = ['No.', 'Site', 'Level', 'Flow', 'Depth'];
    const pdf = await printer.print(longTable(90, header));
    const result = await parsePdf(pdf, { mode: 'fast', blocks: true });
    expect(result.blocks!.length).toBeGreaterThanOrEqual(3);
    const md = result.markdown;
    const lines = md.split('\n');
    // One header row and one separator: the header Chromium repeats on every page is neither a data row nor a table.
    expect(lines.filter((l) => l === `| ${header.join(' | ')} |`)).toHaveLength(1);
    expect(lines.filter((l) => /^\| --- /.test(l))).toHaveLength(1);
    // Every row whole, in order, inside that one table: those at the foot or head of a page too (their index numbers
    // are no page numbers, their figures no running footer).
    const tableLines = lines.filter((l) => l.startsWith('|'));
    const start = lines.indexOf(tableLines[0]);
    expect(lines.slice(start, start + tableLines.length)).toEqual(tableLines);
    for (let i = 1; i <= 90; i++) expect(tableLines).toContain(`| ${row(i).join(' | ')} |`);
    expect(tableLines).toHaveLength(92);
    // The blocks of the continued parts point at their own rows in the markdown.
    const tables = result.blocks!.flatMap((p) => p.items.filter((b) => b.type === 'table'));
    expect(tables.length).toBeGreaterThanOrEqual(3);
    for (const t of tables.slice(1)) {
      const [a, b] = t.markdownSpan!;
      expect(md.slice(a, b).startsWith('| ')).toBe(true);
      expect(md.slice(a, b)).not.toContain('| --- ');
    }
  }, 60_000);

  it('a new table at the top of the next page with other columns stays a table of its own', async () => {
    const first = longTable(40, ['No.', 'Site', 'Level', 'Flow', 'Depth']).replace(
      '<p>Sites closed',
      '<table style="break-before: page"><tr><th>Code</th><th>Warden</th></tr><tr><td>A7</td><td>Ellis</td></tr>' +
        '<tr><td>B2</td><td>Moreau</td></tr></table><p>Sites closed',
    );
    const md = (await parsePdf(await printer.print(first), { mode: 'fast' })).markdown;
    expect(md).toContain('| Code | Warden |\n| --- | --- |\n| A7 | Ellis |');
  }, 60_000);
});
