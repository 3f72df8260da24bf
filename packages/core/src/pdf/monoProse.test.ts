import { describe, expect, it } from 'vitest';
import type { Segment } from './extractPageText.js';
import { textPage } from './pageText.fixture.js';
import { proseInMono } from './monoProse.js';

const seg = (text: string, y0: number, mono = true): Segment => ({
  text,
  x0: 60,
  y0,
  x1: 60 + text.length * 6,
  y1: y0 + 12,
  size: 10,
  bold: false,
  italic: false,
  mono,
  source: 'native_text',
  confidence: null,
});
const page = textPage;

describe('proseInMono', () => {
  it('a letter typed in Courier throughout is prose', () => {
    const lines = Array.from({ length: 12 }, (_, i) =>
      seg(`Dear Sir, we write about the account number ${i}.`, i * 13),
    );
    proseInMono([page(lines)]);
    expect(lines.every((s) => !s.mono)).toBe(true);
  });

  it('a program listing stays code, and so does code inside a proportional document', () => {
    const listing = Array.from({ length: 12 }, (_, i) => seg(`  if (x[${i}] == y) { return f(x); }`, i * 13));
    proseInMono([page(listing)]);
    expect(listing.every((s) => s.mono)).toBe(true);
    const prose = Array.from({ length: 12 }, (_, i) =>
      seg(`Ordinary text set in a proportional face ${i}.`, i * 13, false),
    );
    const code = [seg('npm install example', 200)];
    proseInMono([page([...prose, ...code])]);
    expect(code[0].mono).toBe(true);
  });
});
