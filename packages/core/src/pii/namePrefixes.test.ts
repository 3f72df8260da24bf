import { describe, expect, it } from 'vitest';
import { prefixedSurnameTail } from './namePrefixes.js';
import { tokenizeText } from './tokenizeText.js';

const word = (s: string) => tokenizeText(s)[0];

describe('prefixedSurnameTail', () => {
  it('finds the capitalised surname after a lowercase prefix', () => {
    expect(prefixedSurnameTail(word('al-Rashid'))).toBe('Rashid');
    expect(prefixedSurnameTail(word('el-Sayed'))).toBe('Sayed');
    expect(prefixedSurnameTail(word('bin-Talal'))).toBe('Talal');
  });
  it('leaves other hyphenated words alone', () => {
    expect(prefixedSurnameTail(word('al-rashid'))).toBeUndefined();
    expect(prefixedSurnameTail(word('Al-Rashid'))).toBeUndefined();
    expect(prefixedSurnameTail(word('non-English'))).toBeUndefined();
    expect(prefixedSurnameTail(word('an-'))).toBeUndefined();
  });
});
