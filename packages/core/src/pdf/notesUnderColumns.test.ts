import { describe, expect, it } from 'vitest';
import type { Segment } from './extractPageText.js';
import { boxSegment } from './pageText.fixture.js';
import { orderReading } from './orderReading.js';

const seg = (text: string, x0: number, y0: number, x1: number, size = 10): Segment =>
  boxSegment(text, x0, y0, x1, size);
const column = (tag: string, x0: number, x1: number, from: number, lines: number) =>
  Array.from({ length: lines }, (_, i) =>
    seg(`${tag} line ${i} carries enough words to fill the column`, x0, from + i * 13, x1),
  );
const order = (segs: Segment[]) =>
  orderReading([...segs].reverse(), 10)
    .flat()
    .map((s) => s.text);

describe('notes under balanced columns', () => {
  it('a short note under the left column is read after the right column', () => {
    const left = column('left', 56, 284, 100, 10);
    const right = column('right', 310, 540, 100, 9);
    // Left column one line longer (balanced), then a note in 8 pt that stays left of the gutter, and its marker.
    const marker = seg('1', 56, 232, 60, 6.5);
    const note = seg('A short note in small type.', 62, 234, 200, 8);
    const text = order([...left, ...right, marker, note]);
    expect(text.indexOf(note.text)).toBeGreaterThan(text.indexOf(right[8].text));
    expect(text.indexOf(marker.text)).toBeGreaterThan(text.indexOf(right[8].text));
    expect(text.indexOf(left[9].text)).toBeLessThan(text.indexOf(right[0].text));
  });

  it('an unbalanced page keeps its left column whole, small last lines included', () => {
    // The right column ends halfway: the left column's lower lines, a small caption among them, stay in it.
    const left = column('left', 56, 284, 100, 12);
    const right = column('right', 310, 540, 100, 5);
    const caption = seg('Figure 2. A caption under a figure in the left column.', 56, 260, 280, 8);
    const text = order([...left, ...right, caption]);
    expect(text.indexOf(caption.text)).toBeLessThan(text.indexOf(right[0].text));
  });

  it('body-size lines under the other column stay in their column', () => {
    const left = column('left', 56, 284, 100, 10);
    const right = column('right', 310, 540, 100, 9);
    const more = seg('A last line of the left column in the body size.', 56, 232, 280);
    const text = order([...left, ...right, more]);
    expect(text.indexOf(more.text)).toBeLessThan(text.indexOf(right[0].text));
  });
});
