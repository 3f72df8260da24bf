// Two columns of prose over a full-width two-column table and two columns again under it (positions as Chromium
// printed such a page, 12-pt text). The table's second column starts a little left of the right column's prose, so
// the gutter was found at the table's own column edge and its middle fell inside the table's right-hand cells:
// `cellBands` took those cells for ones crossing into the left side, found no table rows, and the columns, the
// table and the columns under it were read as one two-column table.
import { describe, expect, it } from 'vitest';
import { parsePdf } from './parsePdf.js';
import { type TextItem, textPdf } from './textPdf.fixture.js';

const TOP_LEFT = [
  'The ferry crossed twice a day in summer',
  'and once in winter, when the ice',
  'allowed it at all and the pilot',
  'agreed.',
];
const TOP_RIGHT = [
  'Fares were set by the parish each spring',
  'and posted on the landing stage beside',
  'the bell, with a lower rate for the',
  'children of the island and the',
  'carriers of the mail.',
];
const BOTTOM_LEFT = ['Most of the traffic was cattle going to', 'market, and salt fish coming back the', 'other way.'];
const BOTTOM_RIGHT = [
  'The boat was rebuilt in the year the',
  'pier was lengthened and ran until the',
  'bridge opened.',
];
const HEAD = ['Cargo', 'Crossings'];
const ROWS = [
  ['Cattle', '4120'],
  ['Salt fish', '2875'],
  ['Timber', '1460'],
];

function items(): TextItem[] {
  const out: TextItem[] = [{ x: 68, top: 93, size: 19, text: 'The island ferry', font: 'bold' }];
  const column = (lines: string[], x: number, top: number) => {
    for (const [i, text] of lines.entries()) out.push({ x, top: top + i * 17.3, size: 12, text });
  };
  column(TOP_LEFT, 68, 127.6);
  column(TOP_RIGHT, 304.7, 127.6);
  const rowTops = [225.7, 247.6, 270.1, 291.8];
  for (const [k, row] of [HEAD, ...ROWS].entries()) {
    out.push({ x: 73.7, top: rowTops[k], size: 12, text: row[0], font: k === 0 ? 'bold' : undefined });
    out.push({ x: 288.1, top: rowTops[k], size: 12, text: row[1], font: k === 0 ? 'bold' : undefined });
  }
  column(BOTTOM_LEFT, 68, 320.3);
  column(BOTTOM_RIGHT, 304.7, 320.3);
  return out;
}

describe('a full-width table whose column edge sets the gutter between columns of prose', () => {
  it('reads the columns one by one and keeps the table whole', async () => {
    const md = (await parsePdf(textPdf([{ width: 595, height: 842, items: items() }]))).markdown;
    // Each column is a paragraph of its own, not a cell.
    const lines = md.split('\n');
    for (const col of [TOP_LEFT, TOP_RIGHT, BOTTOM_LEFT, BOTTOM_RIGHT]) expect(lines).toContain(col.join(' '));
    expect(md).toContain(`| ${HEAD.join(' | ')} |`);
    for (const r of ROWS) expect(md).toContain(`| ${r.join(' | ')} |`);
    expect(md.indexOf('carriers of the mail.')).toBeLessThan(md.indexOf('| Cargo'));
    expect(md.indexOf('| Timber')).toBeLessThan(md.indexOf('Most of the traffic'));
  });
});
