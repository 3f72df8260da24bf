import { describe, expect, it } from 'vitest';
import { parsePdf } from './parsePdf.js';
import { textPdf, type TextItem } from './textPdf.fixture.js';

const BODY =
  'Timber velvet orchard marble quiet winter journey pattern circle border island market canvas ribbon pillar.';

/** A one-page letter: a head, `row` right-aligned just above the body, then twelve body lines. */
function letter(row: TextItem): Uint8Array {
  const items: TextItem[] = [{ x: 60, top: 34, size: 11, text: 'Calder Engineering GmbH', font: 'bold' }, row];
  for (let i = 0; i < 12; i++) items.push({ x: 60, top: 130 + i * 13, size: 10, text: `${BODY} ${i}` });
  return textPdf([{ width: 595, height: 842, items }]);
}

describe('a letter date against a stamp in the same place', () => {
  it('keeps a black date set like the body; drops the same line printed in red (a stamp)', async () => {
    const row = { x: 440, top: 108, size: 10, text: 'Received 12.03.2024' };
    const black = await parsePdf(letter(row), {});
    expect(black.markdown).toContain('Received 12.03.2024');
    const red = await parsePdf(letter({ ...row, color: [0.8, 0.1, 0.1] }), {});
    expect(red.markdown).not.toContain('Received 12.03.2024');
    expect(red.markdown).toContain(`${BODY} 0`);
    // A near-black date is the same ink.
    const grey = await parsePdf(letter({ ...row, text: 'Berlin, 12 May 2024', color: [0.1, 0.1, 0.1] }), {});
    expect(grey.markdown).toContain('Berlin, 12 May 2024');
  });
});
