// Two tables printed side by side by Chromium with a wide gap between them are two tables, not one of four columns;
// one table with a wide gap between its columns and rows filled on both sides stays one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChromiumPrinter, a4, chromiumPrinter } from './chromiumPdf.fixture.js';
import { parsePdf } from './parsePdf.js';

let printer: ChromiumPrinter;
beforeAll(async () => {
  printer = await chromiumPrinter();
});
afterAll(async () => {
  await printer?.close();
});

const CSS = '<style>table { border-collapse: collapse } td, th { padding: 3pt 6pt; text-align: left }</style>';
const table = (head: string[], rows: string[][], style = '') =>
  `<table style="${style}"><tr>${head.map((h) => `<th>${h}</th>`).join('')}</tr>${rows
    .map((r) => `<tr>${r.map((c) => `<td>${c}</td>`).join('')}</tr>`)
    .join('')}</table>`;
const LEFT = [
  ['Harbour', '3714'],
  ['Market', '6703'],
  ['Quarry', '1290'],
  ['Mill', '5532'],
  ['Ferry', '8810'],
];
const RIGHT = [
  ['North gate', '412'],
  ['Old bridge', '977'],
  ['Chapel', '305'],
];
const pipeRows = (md: string) => md.split('\n').filter((l) => l.startsWith('|') && !l.startsWith('| ---'));

describe('tables side by side', () => {
  for (const [font, size, gap] of [
    ["'Liberation Serif'", 11, 25],
    ["'DejaVu Sans'", 9, 14],
  ] as const)
    it(`reads two tables ${gap} mm apart as two tables (${font} ${size} pt)`, async () => {
      const body =
        `${CSS}<p>The two counts below were taken on the same morning by two teams.</p>` +
        `<div style="display:flex;gap:${gap}mm;align-items:flex-start">` +
        `${table(['Site', 'Visitors'], LEFT)}${table(['Place', 'Cars'], RIGHT)}</div>`;
      const md = (await parsePdf(await printer.print(a4(body, font, size)), { mode: 'fast' })).markdown;
      const rows = pipeRows(md);
      expect(rows).toContain('| Site | Visitors |');
      expect(rows).toContain('| Place | Cars |');
      for (const [a, b] of [...LEFT, ...RIGHT]) expect(rows).toContain(`| ${a} | ${b} |`);
    });

  // Same length: no row is left alone on one side; each side starting with its own label column tells them apart.
  const EQUAL = [
    ['Pier road', '517'],
    ['Dock lane', '1284'],
    ['Tower hill', '66'],
    ['Salt flats', '2093'],
    ['Ropewalk', '730'],
  ];
  for (const [font, size, gap, border] of [
    ["'Liberation Sans'", 10, 20, ''],
    ["'DejaVu Serif'", 11, 30, 'border-bottom: 0.6px solid #999'],
    ["'Liberation Serif'", 9, 15, 'border: 0.7px solid #555'],
  ] as const)
    it(`reads two tables of equal length ${gap} mm apart as two tables (${font} ${size} pt)`, async () => {
      const css = CSS.replace('text-align: left', `text-align: left; ${border}`);
      const body =
        `${css}<p>The two counts below were taken on the same morning by two teams.</p>` +
        `<div style="display:flex;gap:${gap}mm;align-items:flex-start">` +
        `${table(['Site', 'Visitors'], LEFT)}${table(['Street', 'Cars'], EQUAL)}</div>`;
      const md = (await parsePdf(await printer.print(a4(body, font, size)), { mode: 'fast' })).markdown;
      const rows = pipeRows(md);
      expect(rows).toContain('| Site | Visitors |');
      expect(rows).toContain('| Street | Cars |');
      for (const [a, b] of [...LEFT, ...EQUAL]) expect(rows).toContain(`| ${a} | ${b} |`);
    });

  it('keeps one wide table with a wide gap whole when every row fills both sides', async () => {
    const rows = LEFT.map(([a, b], i) => [a, b, `Zone ${i + 1}`, `${100 + i * 7}`]);
    const body =
      `${CSS}<p>The counts and zones of every site are listed below.</p>` +
      table(['Site', 'Visitors', 'Zone', 'Staff'], rows, 'width:100%');
    const md = (await parsePdf(await printer.print(a4(body)), { mode: 'fast' })).markdown;
    expect(pipeRows(md)).toContain('| Harbour | 3714 | Zone 1 | 100 |');
  });

  // The shorter table on the left: the right table's last rows leave the whole left side empty, which read as the
  // left label spanning those rows, and a table with spans was never cut.
  it('reads a shorter table left of a longer one as two tables, not as one with a row span', async () => {
    const body =
      `${CSS}<p>The two counts below were taken on the same morning by two teams.</p>` +
      `<div style="display:flex;gap:18mm;align-items:flex-start">` +
      `${table(['Place', 'Cars'], RIGHT)}${table(['Site', 'Visitors'], LEFT)}</div>`;
    const md = (await parsePdf(await printer.print(a4(body, "'DejaVu Sans'", 10)), { mode: 'fast' })).markdown;
    expect(md).not.toContain('rowspan');
    const rows = pipeRows(md);
    expect(rows).toContain('| Place | Cars |');
    for (const [a, b] of [...LEFT, ...RIGHT]) expect(rows).toContain(`| ${a} | ${b} |`);
  });

  // Labels of one to three words: the label column's gutter (where most rows' text ends) was measured from its short
  // labels, half as wide as the gap between the tables, so the ratio test failed; the gap no cell enters tells.
  const RAGGED = [
    ['Salt flats road', '517', '12'],
    ['Dock', '1284', '40'],
    ['Tower hill lane', '66', '7'],
    ['Mill', '2093', '31'],
    ['Rope', '730', '9'],
  ];
  const RAGGED_LEFT = [
    ['Harbour front walk', '3714'],
    ['Inn', '6703'],
    ['Old quarry gate', '1290'],
    ['Kiln', '5532'],
    ['Well', '8810'],
  ];
  for (const [font, size, gap] of [
    ["'Liberation Serif'", 11, 14],
    ["'DejaVu Sans'", 9, 12],
  ] as const)
    it(`reads two tables with ragged label columns ${gap} mm apart as two tables (${font} ${size} pt)`, async () => {
      const body =
        `${CSS}<p>The two counts below were taken on the same morning by two teams.</p>` +
        `<div style="display:flex;gap:${gap}mm;align-items:flex-start">` +
        `${table(['Site', 'Visitors'], RAGGED_LEFT)}${table(['Street', 'Cars', 'Vans'], RAGGED)}</div>`;
      const md = (await parsePdf(await printer.print(a4(body, font, size)), { mode: 'fast' })).markdown;
      const rows = pipeRows(md);
      expect(rows).toContain('| Site | Visitors |');
      expect(rows).toContain('| Street | Cars | Vans |');
      for (const r of [...RAGGED_LEFT, ...RAGGED]) expect(rows).toContain(`| ${r.join(' | ')} |`);
    });
});
