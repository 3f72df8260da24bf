import { describe, expect, it } from 'vitest';
import type { Segment } from './extractPageText.js';
import { boxSegment } from './pageText.fixture.js';
import { joinDropCaps } from './joinDropCaps.js';
import { orderReading } from './orderReading.js';

const seg = (text: string, x0: number, y0: number, x1: number, size = 10): Segment =>
  boxSegment(text, x0, y0, x1, size);
const column = (tag: string, x0: number, x1: number, from: number, lines: number) =>
  Array.from({ length: lines }, (_, i) =>
    seg(`${tag} line ${i} carries enough words to fill the column`, x0, from + i * 13, x1 - (i === lines - 1 ? 60 : 0)),
  );

describe('orderReading', () => {
  it('a title and a closing line that cross the gutter do not stop the columns being read one after the other', () => {
    // The title and the last line of the wide paragraph are narrower than "wide" but cross the gutter.
    const title = seg('A title that crosses the gutter', 56, 40, 330, 18);
    const abstract = [
      seg('Abstract runs across the whole width of the page in one line', 56, 80, 540),
      seg('and ends here.', 56, 93, 320),
    ];
    const left = column('left', 56, 284, 125, 10);
    const right = column('right', 310, 540, 125, 10);
    const wide = [
      seg('A wide paragraph after the columns runs across the whole width', 56, 270, 540),
      seg('and stops short.', 56, 283, 330),
    ];
    const left2 = column('lower-left', 56, 284, 315, 6);
    const right2 = column('lower-right', 310, 540, 315, 6);
    const all = [title, ...abstract, ...left, ...right, ...wide, ...left2, ...right2];
    const order = orderReading(all.reverse(), 10)
      .flat()
      .map((s) => s.text);
    const at = (t: string) => order.indexOf(t);
    expect(at(title.text)).toBe(0);
    expect(at(left[9].text)).toBeLessThan(at(right[0].text));
    expect(at(right[9].text)).toBeLessThan(at(wide[0].text));
    expect(at(wide[1].text)).toBeLessThan(at(left2[0].text));
    expect(at(left2[5].text)).toBeLessThan(at(right2[0].text));
    // Inside a column, top to bottom.
    for (let i = 1; i < 10; i++) expect(at(left[i].text)).toBe(at(left[i - 1].text) + 1);
  });

  it('single-column text with paragraph gaps stays one stretch in row order', () => {
    const lines = [...column('p1', 56, 540, 40, 5), ...column('p2', 56, 540, 120, 5)];
    const leaves = orderReading([...lines].reverse(), 10);
    expect(leaves.flat().map((s) => s.text)).toEqual(lines.map((s) => s.text));
  });
});

describe('joinDropCaps', () => {
  it('glues a large initial onto the line it starts and lines up the lines beside it', () => {
    const cap = seg('T', 70, 92, 90, 30);
    const l1 = seg('he river rose all night', 94, 99, 480);
    const l2 = seg('and the town woke to water', 94, 112, 480);
    const l3 = seg('in every street.', 70, 125, 300);
    const out = joinDropCaps([cap, l1, l2, l3], 10);
    expect(out.map((s) => s.text)).toEqual([
      'The river rose all night',
      'and the town woke to water',
      'in every street.',
    ]);
    expect(out.map((s) => s.x0)).toEqual([70, 70, 70]);
  });

  it('leaves a large letter that starts no lowercase line alone (a section mark, a big numeral)', () => {
    const big = seg('A', 70, 92, 90, 30);
    const next = seg('Section about apples', 94, 99, 480);
    expect(joinDropCaps([big, next], 10)).toHaveLength(2);
  });
});

describe('orderReading: a 2×2 grid of cards', () => {
  it('reads the cards row by row', async () => {
    const { parsePdf } = await import('./parsePdf.js');
    const { textPdf } = await import('./textPdf.fixture.js');
    const words = 'cards hold short notes about the garden and the orchard in the valley each season'.split(' ');
    const items = [];
    for (const [n, x, top] of [
      [1, 60, 80],
      [2, 320, 80],
      [3, 60, 300],
      [4, 320, 300],
    ] as const) {
      items.push({ x, top, size: 14, text: `Card ${n} title`, font: 'bold' as const });
      for (let l = 0; l < 6; l++)
        items.push({
          x,
          top: top + 24 + l * 13,
          size: 10,
          text: `card${n} line${l} ${words.slice(l, l + 6).join(' ')}`,
        });
    }
    const md = (await parsePdf(textPdf([{ width: 595, height: 842, items }]))).markdown;
    const at = (t: string) => md.indexOf(t);
    expect(at('Card 1 title')).toBeGreaterThanOrEqual(0);
    expect(at('Card 1 title')).toBeLessThan(at('Card 2 title'));
    expect(at('card1 line5')).toBeLessThan(at('Card 2 title'));
    expect(at('card2 line5')).toBeLessThan(at('Card 3 title'));
    expect(at('Card 3 title')).toBeLessThan(at('Card 4 title'));
    expect(at('card3 line5')).toBeLessThan(at('Card 4 title'));
  });
  it('reads short cards under a full-width intro card by card, row by row', async () => {
    const { parsePdf } = await import('./parsePdf.js');
    const { textPdf } = await import('./textPdf.fixture.js');
    // Cards of a heading and three lines: too few for a row of cards to show a gutter of its own.
    const items = [
      {
        x: 56,
        top: 60,
        size: 10,
        text: 'The intro runs across the whole page above the cards and says what they hold',
      },
      { x: 56, top: 74, size: 10, text: 'in two lines.' },
    ];
    for (const [n, x, top] of [
      [1, 64, 104],
      [2, 322, 104],
      [3, 64, 200],
      [4, 322, 200],
    ] as const) {
      items.push({ x, top, size: 13, text: `Card ${n} heading`, font: 'bold' as const } as (typeof items)[0]);
      items.push({ x, top: top + 20, size: 10, text: `card${n} first line of notes about the orchard` });
      items.push({ x, top: top + 34, size: 10, text: `card${n} second line on the meadow and the river` });
      items.push({ x, top: top + 48, size: 10, text: `card${n} ends here.` });
    }
    const md = (await parsePdf(textPdf([{ width: 595, height: 842, items }]))).markdown;
    const at = (t: string) => md.indexOf(t);
    expect(md).not.toContain('|');
    expect(at('in two lines')).toBeLessThan(at('Card 1 heading'));
    for (let n = 1; n < 4; n++) {
      expect(at(`card${n} first`)).toBeLessThan(at(`card${n} ends`));
      expect(at(`card${n} ends`)).toBeLessThan(at(`Card ${n + 1} heading`));
    }
  });
  it('reads three columns one after the other, then a full-width table under them row by row', () => {
    // Three columns of 150 pt: either side of the widest gutter holds two columns, too wide for one column's lines.
    const cols = [
      column('first', 56, 206, 100, 8),
      column('second', 222, 372, 100, 8),
      column('third', 388, 538, 100, 8),
    ];
    // The table's cell gaps line up with the gutters; its rows must still be read whole.
    const table = [0, 1, 2].flatMap((r) =>
      [56, 196, 316, 436].map((x, c) => seg(c === 0 ? `name${r}` : `${r}${c}`, x, 220 + r * 14, x + 30)),
    );
    const order = orderReading([...table, ...cols.flat()].reverse(), 10)
      .flat()
      .map((s) => s.text);
    const at = (t: string) => order.indexOf(t);
    expect(at(cols[0][7].text)).toBeLessThan(at(cols[1][0].text));
    expect(at(cols[1][7].text)).toBeLessThan(at(cols[2][0].text));
    expect(at(cols[2][7].text)).toBeLessThan(at('name0'));
    // Row by row: the last cell of row 0 comes before the first of row 1.
    expect(at('03')).toBeLessThan(at('name1'));
    expect(at('name1')).toBeLessThan(at('11'));
  });
});
