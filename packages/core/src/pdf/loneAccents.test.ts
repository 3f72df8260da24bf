// TeX-style accents Chromium prints as a run of their own (a zero-width box over the next letter): MuPDF gives the
// accent a line of its own, and parsePdf puts it back on its letter.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { a4, type ChromiumPrinter, chromiumPrinter } from './chromiumPdf.fixture.js';
import { parsePdf } from './parsePdf.js';

let printer: ChromiumPrinter;
beforeAll(async () => {
  printer = await chromiumPrinter();
});
afterAll(async () => {
  await printer?.close();
});

/**
 * `pre`, then `accent` drawn with no advance and centred over `letter` (TeX draws the accent, then kerns back to set
 * the letter under it), then `post`. The accent is centred in a box about as wide as the letter.
 */
const tex = (pre: string, accent: string, letter: string, post: string) =>
  `${pre}<span style="display:inline-block;width:0"><span style="display:inline-block;text-align:center;` +
  `width:${letter === 'ı' ? 0.28 : 0.55}em">${accent}</span></span>${letter}${post}`;

describe('accents on a line of their own', () => {
  for (const font of ["'Liberation Serif'", "'DejaVu Sans'"])
    it(`combines each with the letter under it (${font})`, async () => {
      const pdf = await printer.print(
        a4(
          `<p>The menu of the ${tex('f', 'ˆ', 'e', 'te')} listed a ${tex('caf', '´', 'e', '')} and a ` +
            `${tex('na', '¨', 'ı', 've')} dessert.</p><p>A second paragraph with plain words only.</p>`,
          font,
        ),
      );
      const md = (await parsePdf(pdf)).markdown;
      expect(md).toContain('The menu of the fête listed a café and a naïve dessert.');
      expect(md).not.toMatch(/[ˆ´¨]/);
    });

  // Accents drawn after the line's text (a positioned box paints in a later pass, as a generator that sets accents
  // in a second pass does): two accents a letter or two apart come as one MuPDF line ("´ ´", "ˇ´"), and each goes
  // on the letter under its own glyph.
  const late = (accent: string, letter: string) =>
    `<span style="display:inline-block;width:0"><span style="display:inline-block;text-align:center;width:0.55em;` +
    `position:relative">${accent}</span></span>${letter}`;
  const pairs: [string, string][] = [
    [`${late('´', 'e')}t${late('´', 'e')}`, 'été'],
    [`Dvo${late('ˇ', 'r')}${late('´', 'a')}k`, 'Dvořák'],
    [`r${late('´', 'e')}serv${late('´', 'e')}`, 'réservé'],
  ];
  for (const font of ["'Liberation Serif'", "'DejaVu Sans'"])
    it(`combines two accents that share a line with their letters (${font})`, async () => {
      for (const [html, word] of pairs) {
        const pdf = await printer.print(a4(`<p>The word ${html} ends here and more words follow it.</p>`, font));
        const md = (await parsePdf(pdf)).markdown;
        expect(md).toContain(`The word ${word} ends here and more words follow it.`);
        expect(md).not.toMatch(/[ˇ´]/);
      }
    });

  it('leaves a line of accents that stands over no letters', async () => {
    const pdf = await printer.print(
      a4(`<p>Plain words on the first line.</p><p style="margin-top:30pt;text-align:right">´ ¨</p><p>More words.</p>`),
    );
    expect((await parsePdf(pdf)).markdown).toContain('´ ¨');
  });

  it('leaves a lone accent that stands over no letter', async () => {
    const pdf = await printer.print(
      a4(`<p>Plain words on the first line.</p><p style="margin-top:30pt;text-align:right">´</p><p>More words.</p>`),
    );
    const md = (await parsePdf(pdf)).markdown;
    expect(md).toContain('Plain words on the first line.');
    expect(md).toContain('´');
  });
});
