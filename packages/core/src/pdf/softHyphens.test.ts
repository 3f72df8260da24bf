// Soft hyphens Chromium prints where a word did not break: each is a run of its own with a box of its own, and the
// gaps around it must not read as word gaps (refineGlyphs' narrow-space rule once split "neig hbou rhood").
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

describe('soft hyphens', () => {
  for (const font of ["'Liberation Serif'", "'DejaVu Sans'"])
    it(`joins a word whose soft hyphens did not break (${font})`, async () => {
      const words = ['neigh&shy;bour&shy;hood', 'commu&shy;ni&shy;cation', 'respon&shy;si&shy;bility'];
      const pdf = await printer.print(
        a4(`<p style="width:40mm">The ${words[0]} and its ${words[1]} rest on ${words[2]} alone.</p>`, font),
      );
      const md = (await parsePdf(pdf)).markdown;
      for (const w of ['neighbourhood', 'communication', 'responsibility']) expect(md).toContain(w);
      expect(md).not.toContain('\u00ad');
    });

  it('still breaks a word at a soft hyphen where the line ends', async () => {
    const pdf = await printer.print(
      a4(`<p style="width:31mm">Aaaa bbbbbbb cccc inter&shy;nationalization of the words.</p>`),
    );
    const md = (await parsePdf(pdf)).markdown;
    expect(md).toContain('internationalization');
  });
});
