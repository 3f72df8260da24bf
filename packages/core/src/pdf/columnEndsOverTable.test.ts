// Two columns of one paragraph each over a full-width table (positions as Chromium printed such a page, 11-pt text):
// both paragraphs end in a short last line at the same height, and those two lines, short on both sides of the
// gutter, read as a row of cells, so `cellBands` put them in the table's band: they became the table's header row
// and the paragraphs lost their ends. A row set a line gap under the columns and a table's margin over the next row
// stays with the text.
import { describe, expect, it } from 'vitest';
import { parsePdf } from './parsePdf.js';
import { type TextItem, textPdf } from './textPdf.fixture.js';

const LEFT = [
  'The mill stood on the north bank where',
  'the stream ran fastest and its wheel',
  'turned the stones for the whole valley',
  'until frost.',
];
const RIGHT = [
  'The miller kept a ledger of every sack he',
  'ground, the farm it came from and the',
  'price paid, and his daughter went on with',
  'it after him.',
];
const HEAD = ['Farm', 'Wheat', 'Barley', 'Oats'];
const ROWS = [
  ['Low meadow', '41260', '18342', '9055'],
  ['Church end', '30715', '22604', '12481'],
  ['Brook farm', '27390', '15128', '6730'],
  ['High field', '35862', '9477', '14306'],
];
const COLS = [66.5, 250.7, 359.7, 451.2];

function items(): TextItem[] {
  const out: TextItem[] = [{ x: 59.5, top: 82.7, size: 18, text: 'The mill ledger', font: 'bold' }];
  const lineTops = [111.5, 125, 137.7, 151.2];
  for (let i = 0; i < lineTops.length; i++) {
    out.push({ x: 59.5, top: lineTops[i], size: 11, text: LEFT[i] });
    out.push({ x: 304.7, top: lineTops[i], size: 11, text: RIGHT[i] });
  }
  for (let c = 0; c < COLS.length; c++) out.push({ x: COLS[c], top: 182.7, size: 11, text: HEAD[c], font: 'bold' });
  const rowTops = [204.5, 227, 248.7, 270.5];
  for (let k = 0; k < ROWS.length; k++)
    for (let c = 0; c < COLS.length; c++) out.push({ x: COLS[c], top: rowTops[k], size: 11, text: ROWS[k][c] });
  out.push({
    x: 59.5,
    top: 300,
    size: 11,
    text: 'The ledger now lies in the county archive with the deeds of the mill.',
  });
  return out;
}

describe('two columns ending in short lines over a full-width table', () => {
  it('keeps the paragraphs whole and the table under them', async () => {
    const md = (await parsePdf(textPdf([{ width: 595, height: 842, items: items() }]))).markdown;
    expect(md).toContain(LEFT.join(' '));
    expect(md).toContain(RIGHT.join(' '));
    expect(md).toContain(`| ${HEAD.join(' | ')} |`);
    for (const r of ROWS) expect(md).toContain(`| ${r.join(' | ')} |`);
    expect(md.indexOf('it after him.')).toBeLessThan(md.indexOf('| Farm'));
  });
});
