// The cheap scan that spares ordinary lines the glyph-box regular expressions must never miss a line they match.
import { describe, expect, it } from 'vitest';
import { GLYPH_SUSPECT, mayNeedGlyphBoxes } from './extractPageText.js';
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
