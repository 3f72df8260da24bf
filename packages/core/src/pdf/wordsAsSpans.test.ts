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

  // Only every other word gap narrow (the rest a space): the joined runs ("harbourmaster") stay far shorter than a
  // run of 26 letters, so the glyph boxes are read from the narrow moves between words instead.
  for (const font of ["'DejaVu Serif'", "'Liberation Sans'"])
    it(`puts the narrow word spaces back between spaced pairs (${font})`, async () => {
      const words = TEXT.split(' ');
      const pairs: string[] = [];
      for (let i = 0; i < words.length; i += 2) pairs.push(boxed(words.slice(i, i + 2).join(' '), 0.09));
      const pdf = await printer.print(a4(`<p>${pairs.join(' ')}</p>`, font, 10));
      expect((await parsePdf(pdf)).markdown).toContain(TEXT);
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
    // Words moved 0.1 em apart three times, each run short: read too; spans of one word that touch are not.
    const at = (gap: number) => ['Kelp', 'sill', 'vane', 'reef'].map((w, i) => span(i * (200 + gap), w));
    const moved = at(10);
    expect(spansJoinIntoLongRun([{ lines: moved }])).toBe(true);
    const touching = at(0);
    expect(spansJoinIntoLongRun([{ lines: touching }])).toBe(false);
  });
});
