// Grids of small cards and tight column gutters, built as real PDFs (MuPDF reads them) with known reading order.
import { describe, expect, it } from 'vitest';
import { parsePdf } from './parsePdf.js';
import { textPdf, type TextItem } from './textPdf.fixture.js';

const A4 = { width: 595, height: 842 };
const INTRO = [
  'The notes below were gathered by the wardens of the valley during the spring walks along the river and',
  'the orchard paths, one short card for each place they visited.',
];

const markdownOf = async (items: TextItem[], rules: [number, number, number, number][] = []) =>
  (await parsePdf(textPdf([{ ...A4, items, rules }]))).markdown;

/** A grid of `across` × `down` cards from y = 130: a bold heading and `lines` lines of text each. */
function grid(across: number, down: number, lines: number, count = across * down): TextItem[] {
  const items: TextItem[] = INTRO.map((text, i) => ({ x: 56, top: 96 + i * 13, size: 10, text }));
  const width = (595 - 112 - 20 * (across - 1)) / across;
  for (let n = 0; n < count; n++) {
    const x = 56 + (n % across) * (width + 20);
    const top = 130 + Math.floor(n / across) * (30 + lines * 13);
    items.push({ x, top, size: 10, text: `Place ${n + 1} heading`, font: 'bold' });
    for (let l = 0; l < lines; l++)
      items.push({
        x,
        top: top + 14 + l * 13,
        size: 10,
        text: l + 1 < lines ? `place${n + 1} walk by the river` : `the walk stops at end${n + 1}.`,
      });
  }
  return items;
}

function expectCardOrder(md: string, cards: number): void {
  const at = (t: string) => md.indexOf(t);
  expect(md).not.toContain('| ---');
  expect(md).not.toContain('<table');
  expect(at('one short card for each place')).toBeLessThan(at('Place 1 heading'));
  for (let n = 1; n <= cards; n++) {
    expect(at(`Place ${n} heading`)).toBeGreaterThanOrEqual(0);
    expect(at(`Place ${n} heading`)).toBeLessThan(at(`end${n}.`));
    if (n < cards) expect(at(`end${n}.`)).toBeLessThan(at(`Place ${n + 1} heading`));
  }
}

describe('findCardGrid: cards whose lines line up like table rows', () => {
  it('a 2×2 grid of two-line cards reads card by card, row by row, not as a table', async () => {
    expectCardOrder(await markdownOf(grid(2, 2, 1)), 4);
  });

  it('a 3×2 grid of three-line cards, its cards framed by rules, reads card by card', async () => {
    const items = grid(3, 2, 2);
    const rules: [number, number, number, number][] = [130, 186].map((y) => [56, y - 4, 539, y - 4]);
    expectCardOrder(await markdownOf(items, rules), 6);
  });

  it('a last row with fewer cards still reads card by card', async () => {
    expectCardOrder(await markdownOf(grid(3, 2, 2, 5)), 5);
  });

  it('a table with a bold header row over short cells stays a table', async () => {
    const items: TextItem[] = INTRO.map((text, i) => ({ x: 56, top: 96 + i * 13, size: 10, text }));
    const rows = [
      ['Place', 'Walks', 'Birds'],
      ['Orchard', '12', '40'],
      ['River', '9', '31'],
    ];
    for (const [band, top] of [
      [0, 130],
      [1, 180],
    ])
      for (const [r, row] of rows.entries())
        for (const [c, text] of row.entries())
          items.push({
            x: 56 + c * 160,
            top: top + r * 13,
            size: 10,
            text: band && r ? `${text}${band}` : text,
            font: r === 0 ? 'bold' : 'regular',
          });
    const md = await markdownOf(items);
    expect(md).toMatch(/\| Orchard \| 12 \| 40 \|/);
  });
});

describe('orderReading: a tight gutter', () => {
  it('columns whose ragged lines touch or run past the next column read one after the other', async () => {
    // Two columns 6 pt apart; some lines of the left column run up to 12 pt into the right one's start.
    const items: TextItem[] = [{ x: 56, top: 60, size: 18, text: 'A page of two tight columns', font: 'bold' }];
    const lefts = [
      'left one starts the first column here',
      'left two runs on a little longer past the edge',
      'left three is short',
      'left four runs on a little longer past it too',
      'left five is short as well',
      'left six ends the column.',
    ];
    for (const [i, text] of lefts.entries()) items.push({ x: 56, top: 100 + i * 13, size: 10, text });
    for (let i = 0; i < 6; i++)
      items.push({ x: 306, top: 100 + i * 13, size: 10, text: `right ${i + 1} of the second column goes on` });
    items.push({
      x: 56,
      top: 200,
      size: 10,
      text: 'A closing paragraph runs across the whole width of the page under both of the columns above.',
    });
    const md = await markdownOf(items);
    const at = (t: string) => md.indexOf(t);
    expect(md).not.toContain('| ---');
    expect(at('left one')).toBeLessThan(at('left six'));
    expect(at('left six')).toBeLessThan(at('right 1 of'));
    expect(at('right 6 of')).toBeLessThan(at('A closing paragraph'));
  });
});
