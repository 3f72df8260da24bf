// A table whose cells wrap onto two to four lines, set in narrow fixed columns with padded rows, between two
// paragraphs: its columns look like narrow prose with a gutter between them, and the gaps between its rows span the
// whole region. Read as rows of cards (cut at its gaps to the paragraphs), the table's band was read column by
// column: its cells came out as separate paragraphs and its header row as a heading.
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

const HEAD = ['Station', 'Survey', 'Findings', 'Remarks'];
const ROWS = [
  [
    'North quay by the old ferry steps',
    'Walked at low water in March',
    'Three posts of the former jetty',
    'Marked on the chart',
  ],
  ['Mill pond', 'Cored twice by the county team in spring', 'Silt over a layer of shells', 'Sampled again in June'],
  ['Salt marsh edge', 'Drone photographs', 'Traces of a causeway under the reeds', 'No access at high tide'],
  ['Lighthouse path', 'Measured with a tape', 'Kerb stones of a cart track', 'Fenced off by the owner'],
  ['Boathouse', 'Inspected by two volunteers', 'Timber frame replaced in the last century', 'Roof still sound'],
  ['South beach', 'Surveyed after the winter storms', 'Exposed peat with roots', 'Photographed each month'],
];
const INTRO =
  'The stations below were visited over the year by the harbour society, and each visit was written up the same ' +
  'evening by whoever led it, with a note on what should be looked at again.';
const AFTER = 'The next survey starts in April, when the tides are lowest in the mornings and the paths are dry.';

const page = (width: number, rule: string) =>
  `<style>body { line-height: 1.45 } table { border-collapse: collapse; width: ${width}%; table-layout: fixed } ` +
  `td, th { padding: 4pt 7pt; text-align: left; vertical-align: top; ${rule} }</style>` +
  `<p>${INTRO}</p><table><thead><tr>${HEAD.map((h) => `<th>${h}</th>`).join('')}</tr></thead><tbody>${ROWS.map(
    (r) => `<tr>${r.map((c) => `<td>${c}</td>`).join('')}</tr>`,
  ).join('')}</tbody></table><p style="margin-top:8pt">${AFTER}</p>`;

describe('a table whose cells wrap, between two paragraphs', () => {
  for (const [font, size, width, rule] of [
    ["'Liberation Sans'", 8.5, 84, 'border-bottom: 0.6px solid #999'],
    ["'Liberation Serif'", 9, 70, ''],
    ["'DejaVu Sans'", 9, 90, 'border: 0.7px solid #555'],
  ] as const)
    it(`keeps it one table, row by row (${font} ${size} pt, ${width}%)`, async () => {
      const md = (await parsePdf(await printer.print(a4(page(width, rule), font, size)))).markdown;
      expect(md).toContain(`| ${HEAD.join(' | ')} |`);
      for (const row of ROWS) expect(md).toContain(`| ${row.join(' | ')} |`);
      expect(md.indexOf('The stations below')).toBeLessThan(md.indexOf('| Station'));
      expect(md.indexOf('| South beach')).toBeLessThan(md.indexOf('The next survey'));
    });
});
