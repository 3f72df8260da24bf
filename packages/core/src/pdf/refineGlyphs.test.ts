// Glyph-by-glyph PDFs: narrow word spaces and TeX-style accents, read back through parsePdf.
import { describe, expect, it } from 'vitest';
import { parsePdf } from './parsePdf.js';
import { advance, spacedGlyphs, textPdf, type TextItem } from './textPdf.fixture.js';

const SENTENCE = 'the quick brown fox jumps over the lazy dog';

async function markdownOf(items: TextItem[]): Promise<string> {
  return (await parsePdf(textPdf([{ width: 595, height: 842, items }]))).markdown;
}

describe('narrow word spaces', () => {
  for (const wordEm of [0.06, 0.1, 0.15]) {
    it(`finds word spaces ${wordEm} em wide from the line's own letter gaps`, async () => {
      const md = await markdownOf([
        { x: 60, top: 100, size: 10, text: SENTENCE, glyphX: spacedGlyphs(SENTENCE, 10, 0.01, wordEm) },
      ]);
      expect(md.trim()).toBe(SENTENCE);
    });
  }

  for (const wordEm of [0.1, 0.17]) {
    it(`finds word gaps of ${wordEm} em inside one run (a TJ that moves between words, as TeX sets them)`, async () => {
      const md = await markdownOf([
        { x: 60, top: 100, size: 10, text: SENTENCE, glyphX: spacedGlyphs(SENTENCE, 10, 0, wordEm), oneRun: true },
      ]);
      expect(md.trim()).toBe(SENTENCE);
    });
  }

  it('one run without word gaps (a long compound word) gets no spaces', async () => {
    const word = 'donaudampfschifffahrtsgesellschaft';
    const md = await markdownOf([
      { x: 60, top: 100, size: 10, text: word, glyphX: spacedGlyphs(word, 10, 0, 0), oneRun: true },
    ]);
    expect(md.trim()).toBe(word);
  });

  it('letter-spaced text without word gaps stays one word per word', async () => {
    const md = await markdownOf([
      { x: 60, top: 100, size: 10, text: 'typesetting', glyphX: spacedGlyphs('typesetting', 10, 0.05, 0.3) },
    ]);
    expect(md.trim()).toBe('typesetting');
  });
});

describe('TeX-style accents', () => {
  /** Letters set one by one, each accent drawn centred over the letter after it (as TeX's \'e does). */
  function accented(word: string, x: number, top: number): TextItem {
    const xs: number[] = [];
    let at = 0;
    const chars = [...word];
    chars.forEach((ch, i) => {
      if (ch === '´' || ch === '¨' || ch === '`') {
        const letter = chars[i + 1];
        xs.push(at + (advance(letter, 10) - advance(ch, 10)) / 2);
      } else {
        xs.push(at);
        at += advance(ch, 10);
      }
    });
    return { x, top, size: 10, text: word, glyphX: xs };
  }

  it('an accent drawn over its letter inside one run (the grave too) becomes the precomposed letter', async () => {
    const md = await markdownOf([
      { ...accented('p`ere', 60, 100), oneRun: true },
      { ...accented('d´ej`a vu', 60, 130), oneRun: true },
    ]);
    expect(md).toContain('père');
    expect(md).toContain('déjà');
    expect(md).not.toMatch(/[´`]/);
  });

  it('a spacing accent over a letter becomes the precomposed letter (NFC)', async () => {
    const md = await markdownOf([
      accented('caf´e', 60, 100),
      accented('na¨ive', 60, 130),
      accented('r´esum´e', 60, 160),
    ]);
    expect(md).toContain('café');
    expect(md).toContain('naïve');
    expect(md).toContain('résumé');
    expect(md).not.toMatch(/[´¨]/);
    expect(md.normalize('NFC')).toBe(md);
  });
});
