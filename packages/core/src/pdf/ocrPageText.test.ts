import { describe, expect, it } from 'vitest';
import type { OcrWord } from './OcrEngine.js';
import { ocrPageText } from './ocrPageText.js';

const word = (text: string, x: number, confidence: number): OcrWord => ({
  text,
  bbox: [x, 100, x + text.length * 20, 130],
  confidence,
});

describe('ocrPageText', () => {
  it('drops specks read as short unsure marks, keeps unsure real words and sure short ones', () => {
    const words = [
      word('~~', 0, 0.1),
      word('Harbour', 60, 0.93),
      word('CL', 220, 0.16),
      word('of', 280, 0.9),
      word('Konto', 340, 0.27),
      word('=', 460, 0.3),
    ];
    const page = ocrPageText(
      { lines: [{ text: '', bbox: [0, 100, 500, 130], confidence: 0.5, words }], confidence: 0.5 },
      1,
      595,
      842,
      1,
    );
    const text = page.segments.map((s) => s.text).join(' ');
    expect(text).toBe('Harbour of Konto');
  });

  it('a line of nothing but specks leaves no segment', () => {
    const words = [word('©', 0, 0.0), word('.', 40, 0.0), word('EE', 80, 0.07)];
    const page = ocrPageText(
      { lines: [{ text: '', bbox: [0, 100, 200, 130], confidence: 0.1, words }], confidence: 0.1 },
      1,
      595,
      842,
      1,
    );
    expect(page.segments).toHaveLength(0);
  });
});
