// Tables whose rows wrap in every cell, printed by Chromium: narrow text columns of prose-like cells read as table
// rows (not as newspaper columns) and each row's printed lines join into one row of whole cells.
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

const ROWS = [
  [
    'Granite steps along the northern quay wall',
    'Repointed twice since the flood of the last winter',
    'Stone masons of the town yard',
  ],
  [
    'Timber decking on the ferry landing stage',
    'Boards replaced where the tide had lifted them',
    'Carpenters from the boat yard',
  ],
  [
    'Iron railings beside the old customs house',
    'Sanded, primed and painted in the harbour green',
    'The smithy behind the market',
  ],
  [
    'Lamp posts on the promenade to the lighthouse',
    'Glass and wiring renewed on every second post',
    'Electricians of the harbour board',
  ],
];

async function tableMarkdown(font: string, size: number, width: number, pad = 3, cells = ROWS): Promise<string> {
  const css =
    `table { border-collapse: collapse; table-layout: fixed } td, th { padding: ${pad}pt 6pt; vertical-align: top; ` +
    'text-align: left; border-bottom: 0.6px solid #999 }';
  const rows = cells.map((r) => `<tr>${r.map((c) => `<td>${c}</td>`).join('')}</tr>`).join('');
  const body =
    `<style>${css}</style><p>The works on the harbour front were shared between the trades as listed below.</p>` +
    `<table style="width:${width}%"><thead><tr><th>Part</th><th>Work done</th><th>Trade</th></tr></thead>` +
    `<tbody>${rows}</tbody></table><p>All the works were finished before the start of the summer season.</p>`;
  return (await parsePdf(await printer.print(a4(body, font, size)), { mode: 'fast' })).markdown;
}

describe('table rows whose every cell wraps', () => {
  for (const [font, size, width] of [
    ["'Liberation Serif'", 11, 62],
    ["'DejaVu Sans'", 9, 55],
  ] as const)
    it(`keeps each row's cells whole (${font} ${size} pt, ${width}% wide)`, async () => {
      const md = await tableMarkdown(font, size, width);
      const rows = md.split('\n').filter((l) => l.startsWith('|'));
      for (const [part, work, trade] of ROWS) expect(rows).toContainEqual(`| ${part} | ${work} | ${trade} |`);
      expect(rows).toHaveLength(ROWS.length + 2);
    });

  // A row gap exceeds a line gap by twice the padding (points, not ems): with 2-pt padding at 12 pt the two groups
  // stand about 0.25 em apart, the old threshold, and the table was read line by line.
  for (const [font, size, width] of [
    ["'Liberation Serif'", 12, 60],
    ["'DejaVu Sans'", 11, 60],
  ] as const)
    it(`keeps each row whole with 2-pt padding (${font} ${size} pt, ${width}% wide)`, async () => {
      const md = await tableMarkdown(font, size, width, 2);
      const rows = md.split('\n').filter((l) => l.startsWith('|'));
      for (const [part, work, trade] of ROWS) expect(rows).toContainEqual(`| ${part} | ${work} | ${trade} |`);
      expect(rows).toHaveLength(ROWS.length + 2);
    });

  // The last row's longest cell runs a line further than the others: the table's tightest gap between printed lines
  // of several cells is a line gap, so that last line (a line gap under the one above) was taken for a paragraph.
  const LONGER_LAST = [
    ...ROWS.slice(0, 3),
    [
      'Lamp posts on the promenade to the lighthouse',
      'Glass and wiring renewed on every second post between the slipway, the bandstand and the pier head',
      'Electricians of the harbour board',
    ],
  ];
  for (const [font, size, width, pad] of [
    ["'DejaVu Serif'", 10, 75, 3],
    ["'Liberation Sans'", 11, 65, 4],
  ] as const)
    it(`keeps the last row's longest cell whole (${font} ${size} pt, ${pad}-pt padding)`, async () => {
      const md = await tableMarkdown(font, size, width, pad, LONGER_LAST);
      const rows = md.split('\n').filter((l) => l.startsWith('|'));
      for (const r of LONGER_LAST) expect(rows).toContainEqual(`| ${r.join(' | ')} |`);
      expect(md).toMatch(/\|\n\nAll the works were finished/);
    });
});

// The last row's one long cell wraps onto further lines and no full row follows to close the table: those lines
// are the cell's, not a paragraph after the table.
const SHORT = [
  ['Quay wall', '1994', 'Granite blocks'],
  ['Ferry stage', '2008', 'Timber boards'],
  ['Customs house', '1871', 'Cast iron'],
];
const LAST = ['Pier head lamp', '1932', 'Brass lantern on a stone plinth, its glass renewed after the great storm'];

async function lastRowMarkdown(font: string, size: number, width: number, after: string): Promise<string> {
  const css =
    'table { border-collapse: collapse } td, th { padding: 3pt 6pt; vertical-align: top; text-align: left } ' +
    'td:nth-child(3) { width: 30% }';
  const rows = [...SHORT, LAST].map((r) => `<tr>${r.map((c) => `<td>${c}</td>`).join('')}</tr>`).join('');
  const body =
    `<style>${css}</style><p>The oldest works on the harbour front are listed below by the year they were built.</p>` +
    `<table style="width:${width}%"><tr><th>Work</th><th>Built</th><th>Material</th></tr>${rows}</table>` +
    `<p style="margin-top:${after}">The list was drawn up by the harbour board for the centenary exhibition.</p>`;
  return (await parsePdf(await printer.print(a4(body, font, size)), { mode: 'fast' })).markdown;
}

describe('a table whose last row wraps in one cell', () => {
  for (const [font, size, width, after] of [
    ["'Liberation Serif'", 11, 70, '6pt'],
    ["'DejaVu Sans'", 9, 60, '12pt'],
    ["'Liberation Sans'", 10, 80, '4pt'],
  ] as const)
    it(`keeps the wrapped lines in the last row (${font} ${size} pt, ${width}% wide)`, async () => {
      const md = await lastRowMarkdown(font, size, width, after);
      const rows = md.split('\n').filter((l) => l.startsWith('|'));
      expect(rows).toContain(`| ${LAST.join(' | ')} |`);
      expect(rows).toHaveLength(SHORT.length + 3);
      expect(md).toMatch(/\|\n\nThe list was drawn up by the harbour board/);
    });
});
