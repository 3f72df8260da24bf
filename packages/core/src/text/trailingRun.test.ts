import { describe, expect, it } from 'vitest';
import { isSpace, trailingRunStart, trimTrailing, trimTrailingSpaceAnd } from './trailingRun.js';

describe('trailing runs', () => {
  it('isSpace is the \\s class', () => {
    for (let c = 0; c < 0x3100; c++) {
      const ch = String.fromCharCode(c);
      expect(isSpace(ch), `U+${c.toString(16)}`).toBe(/\s/.test(ch));
    }
    expect(isSpace('\ufeff')).toBe(/\s/.test('\ufeff'));
    expect(isSpace('')).toBe(false);
  });

  it('matches what the regexes they replace gave', () => {
    const cases = ['', 'a', 'a,,', ',,,', 'a.,;:!?', 'a b  ', ' \n\t', 'x\u00a0\u2003', 'Menu — …·', 'a,b,'];
    cases.push('More »', 'Next › ', 'Read more →.. +', 'a->');
    for (const text of cases) {
      expect(trimTrailing(text, ',')).toBe(text.replace(/,+$/, ''));
      expect(trimTrailing(text, '.,;:!?')).toBe(text.replace(/[.,;:!?]+$/, ''));
      expect(trimTrailingSpaceAnd(text, '.…·_–—:-')).toBe(text.replace(/[\s.…·_–—:-]+$/, ''));
      expect(trimTrailingSpaceAnd(text, '»›→>.…+-')).toBe(text.replace(/[\s»›→>.…+-]+$/, ''));
      expect(trimTrailingSpaceAnd(text, '»›→>.…')).toBe(text.replace(/[\s»›→>.…]+$/, ''));
      expect(text.length - trailingRunStart(text, isSpace)).toBe(/\s*$/.exec(text)![0].length);
    }
  });

  it('is linear: a megabyte run that does not end the text costs one pass', () => {
    const text = ' '.repeat(1_000_000) + 'x';
    const started = performance.now();
    expect(trailingRunStart(text, isSpace)).toBe(text.length);
    expect(trimTrailing(','.repeat(1_000_000) + 'x', ',')).toHaveLength(1_000_001);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
