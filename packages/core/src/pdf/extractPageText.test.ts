// The cheap scan that spares ordinary lines the glyph-box regular expressions must never miss a line they match.
import { describe, expect, it } from 'vitest';
import { GLYPH_SUSPECT, mayNeedGlyphBoxes, sameUpToSpaces } from './extractPageText.js';
import { LONE_ACCENT } from './loneAccents.js';

const matches = (t: string) => GLYPH_SUSPECT.test(t) || LONE_ACCENT.test(t);

describe('mayNeedGlyphBoxes', () => {
  it('passes over ordinary lines', () => {
    for (const t of [
      'The quick brown fox jumps over the lazy dog.',
      'Table 3: results (n = 1,024), p < 0.05',
      'Ærøskøbing, Île-de-France, Dvořák, naïve café',
      'مرحبا بالعالم',
      '',
    ])
      expect(mayNeedGlyphBoxes(t), t).toBe(false);
  });

  it('keeps every line either expression matches', () => {
    for (const t of [
      'Theworddistancesaretoonarrowhere',
      'ÀÉÎÕÜàéîõüÀÉÎÕÜàéîõüÀÉÎÕÜàé',
      'ªabcdefghijklmnopqrstuvwxyº',
      'ét´e',
      'ˆo and ˇc',
      '´',
      ' ¸ ˛ ',
      '¯',
      '˙',
      '`a',
      '¨u',
    ]) {
      expect(matches(t), t).toBe(true);
      expect(mayNeedGlyphBoxes(t), t).toBe(true);
    }
  });

  it('never answers false where an expression matches, over mixed random lines', () => {
    // Letters of several scripts, the accents of both lists, digits, punctuation, spaces and Latin-1 symbols.
    const alphabet = [
      ...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZªºÀÿāžƀɏḀỿﬀＡｚⅠ',
      ...'αβγабв אב',
      ...'`´¨ˆ˜ˇ˘˚˝¸¯˙˛',
      ...'0123456789 .,;:!?-()[]{}@#&*_\u00a0¡©«»',
    ];
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed;
    };
    let matched = 0;
    for (let n = 0; n < 20000; n++) {
      // Mostly letters, so that long runs happen.
      const len = 1 + (next() % 60);
      let t = '';
      for (let k = 0; k < len; k++) t += next() % 10 < 8 ? alphabet[next() % 60] : alphabet[next() % alphabet.length];
      if (!matches(t)) continue;
      matched++;
      expect(mayNeedGlyphBoxes(t), t).toBe(true);
    }
    expect(matched).toBeGreaterThan(100);
  });
});

describe('sameUpToSpaces', () => {
  it('answers as comparing the strings with white space runs collapsed, over random strings', () => {
    // Every code unit \s matches, some it does not (U+180E, U+200B), letters and a surrogate pair.
    const spaces = [...'\t\n\v\f\r \u00a0\u1680\u2000\u2005\u200a\u2028\u2029\u202f\u205f\u3000\ufeff'];
    const alphabet = [...spaces, ...'ab\u180e\u200b\u00ad', '\ud835\udc00'];
    let seed = 11;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed;
    };
    const word = () => {
      let t = '';
      for (let k = next() % 8; k > 0; k--) t += alphabet[next() % alphabet.length];
      return t;
    };
    let equal = 0;
    for (let n = 0; n < 20000; n++) {
      const a = word();
      // Half the pairs differ only in their white space, so that equal answers are tested too.
      const b = next() % 2 ? a.replace(/\s+/g, () => spaces[next() % spaces.length].repeat(1 + (next() % 2))) : word();
      const expected = a.replace(/\s+/g, ' ') === b.replace(/\s+/g, ' ');
      if (expected) equal++;
      expect(sameUpToSpaces(a, b), JSON.stringify([a, b])).toBe(expected);
    }
    expect(equal).toBeGreaterThan(5000);
  });
});
