// Two tables side by side with the same number of rows, whose label cells wrap onto a second line in one of them:
// the two tables' rows stand at other heights, so the rows of the combined grid interleave. The last row's label
// wrapping under the right table, one line below the left table's end, was left out of it (read as a paragraph
// after the tables).
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

const CSS =
  '<style>body { line-height: 1.45 } table { border-collapse: collapse } ' +
  'td, th { padding: 2pt 5pt; text-align: left; vertical-align: top; border: 0.7px solid #555 }</style>';
const table = (head: string[], rows: string[][]) =>
  `<table><tr>${head.map((h) => `<th>${h}</th>`).join('')}</tr>${rows
    .map((r) => `<tr>${r.map((c) => `<td>${c}</td>`).join('')}</tr>`)
    .join('')}</table>`;
const LEFT = [
  ['Hawser', '82123', '53907'],
  ['Finial dulcimer', '45939', '95226'],
  ['Anvil', '46156', '37880'],
  ['Joist wharf', '40178', '99695'],
];
const RIGHT = [
  ['Caravel lintel', '35222', '62850'],
  ['Sextant joist', '16344', '8179'],
  ['Dulcimer', '52495', '13026'],
  ['Ashlar sextant', '29558', '16666'],
];

describe('side-by-side tables whose last row wraps', () => {
  for (const [font, size] of [
    ["'Liberation Serif'", 12],
    ["'DejaVu Sans'", 11],
  ] as const)
    it(`keeps the wrapped label of the right table's last row in its cell (${font} ${size} pt)`, async () => {
      const body =
        `${CSS}<p>The figures below were read at the two gauges over the spring.</p>` +
        `<div style="display:flex;gap:30mm;align-items:flex-start;width:150mm">` +
        `<div style="width:60mm">${table(['Kelp', 'Nautilus', 'Lintel'], LEFT)}</div>` +
        `<div style="width:60mm">${table(['Buttress', 'Sextant', 'Halyard'], RIGHT)}</div></div>`;
      // Narrow boxes make the two-word labels wrap in both tables.
      const md = (
        await parsePdf(await printer.print(a4(body.replace(/<table>/g, '<table style="width:60mm">'), font, size)))
      ).markdown;
      expect(md).toContain('| Ashlar sextant | 29558 | 16666 |');
      expect(md).toContain('| Caravel lintel | 35222 | 62850 |');
      expect(md).toContain('| Joist wharf | 40178 | 99695 |');
      expect(md.trimEnd().endsWith('|')).toBe(true);
    });
});
