import { describe, expect, it } from 'vitest';
import { isWhiteSpace } from './isWhiteSpace.js';

describe('isWhiteSpace', () => {
  it('agrees with the regex class \\s on every UTF-16 code unit', () => {
    const disagree: number[] = [];
    for (let c = 0; c <= 0xffff; c++) {
      if (isWhiteSpace(c) !== /\s/.test(String.fromCharCode(c))) disagree.push(c);
    }
    expect(disagree).toEqual([]);
  });
});
