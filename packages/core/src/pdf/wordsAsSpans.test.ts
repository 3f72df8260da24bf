// Words printed one inline box each, moved apart by less than 0.2 em with no space glyph between them: MuPDF gives
// each word as a span of its own, and parsePdf must find the word gaps from the line's own letter gaps.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { a4, type ChromiumPrinter, chromiumPrinter } from './chromiumPdf.fixture.js';
import { parsePdf } from './parsePdf.js';
import { spansJoinIntoLongRun } from './wordsAsSpans.js';

let printer: ChromiumPrinter;
beforeAll(async () => {
  printer = await chromiumPrinter();
});
afterAll(async () => {
  await printer?.close();
});

const TEXT =
  'The harbour master logged every vessel that entered the inlet before dawn. ' +
  'Short notes on tides and weather filled the margins of his ledger.';
/** Each word its own inline box with a right margin of `gap` ems and no space character. */
const boxed = (text: string, gap: number) =>
  text
    .split(' ')
    .map((w) => `<span style="display:inline-block;margin-right:${gap}em">${w}</span>`)
    .join('');

describe('words set as spans with narrow gaps', () => {
  for (const font of ["'Liberation Serif'", "'DejaVu Sans'"])
    for (const gap of [0.09, 0.15])
      it(`puts the word spaces back (${font}, ${gap} em)`, async () => {
        const pdf = await printer.print(a4(`<p>${boxed(TEXT, gap)}</p><p>A plain paragraph follows.</p>`, font));
        const md = (await parsePdf(pdf)).markdown;
        expect(md).toContain(TEXT);
      });

  // One tightly kerned pair ("Ya", "To", "r.") is a bigger jump below the letter gaps than a narrow word gap above
  // them: the word gaps must still be found.
  it('finds the word gaps of a line with a kerned pair', async () => {
    const line = 'Quartz hinge basalt Yawl sill delta sextant vellum jib marram narwhal.';
    for (const font of ["'Liberation Serif'", "'DejaVu Serif'", "'Liberation Sans'", "'DejaVu Sans'"]) {
      const pdf = await printer.print(a4(`<p>${boxed(line, 0.08)}</p>`, font, 8));
      expect((await parsePdf(pdf)).markdown).toContain(line);
    }
  });

  // A long compound whose parts are styled apart joins into a run of 26 letters too: its glyph boxes are read,
  // and its letter gaps show no word gap.
  it('leaves a long word split into styled spans whole', async () => {
    const pdf = await printer.print(
      a4('<p>The <b>Donaudampfschiff</b>fahrts<i>gesellschaft</i>skapitän steered the <b>sea</b>side boat.</p>'),
    );
    expect((await parsePdf(pdf)).markdown).toContain(
      'Donaudampfschifffahrtsgesellschaftskapitän steered the seaside boat.',
    );
  });

  it('asks for glyph boxes only when joined spans make a long run of letters', () => {
    const span = (x: number, text: string) => ({
      wmode: 0,
      bbox: { x, y: 0, w: text.length * 50, h: 100 },
      font: { size: 100 },
      y: 80,
      text,
    });
    const words = ['Corbel', 'ashlar', 'halyard', 'buttress', 'nautilus'];
    let x = 0;
    const tight = words.map((w) => {
      const s = span(x, w);
      x += w.length * 50 + 10;
      return s;
    });
    expect(spansJoinIntoLongRun([{ lines: tight }])).toBe(true);
    const spaced = tight.map((s, i) => ({ ...s, bbox: { ...s.bbox, x: s.bbox.x + i * 30 } }));
    expect(spansJoinIntoLongRun([{ lines: spaced }])).toBe(false);
  });
});
