// Two CSS columns three or four lines tall under a title, each paragraph ending in a note mark set as a superscript,
// the notes under the columns (Chromium prints them). The mark splits its line into pieces ("harbour", "1", "."), so
// a three-line column counted five segments and passed neither column test (three full lines, or three lines with a
// short last one): no gutter was found, and the page was read row by row across it, the columns' lines interleaved.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChromiumPrinter, chromiumPrinter } from './chromiumPdf.fixture.js';
import { parsePdf } from './parsePdf.js';

let printer: ChromiumPrinter;
beforeAll(async () => {
  printer = await chromiumPrinter();
});
afterAll(async () => {
  await printer?.close();
});

const PARAS = [
  'The ferry ran twice a day through the summer and carried the post, the doctor and the baker across the water',
  'In the winter months the crossing closed whenever the wind turned east and the islanders walked to the bridge',
];
const NOTES = [
  'The timetable of the ferry was printed each spring by the harbour office and pinned up at both landings.',
  'The bridge lies eleven miles upstream, a long walk for anyone carrying goods to the market on the mainland.',
];

const html = (font: string, size: number, title: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><style>@page { size: 210mm 297mm; margin: 0 }
body { margin: 0; font-family: ${font}; font-size: ${size}pt; line-height: 1.2 }
.page { width: 210mm; height: 297mm; box-sizing: border-box; padding: 32mm 24mm } p { margin: 0 0 6pt }
</style></head><body><div class="page"><h2 style="font-size:${size + 5}pt;margin:0 0 8pt">${title}</h2>
<div style="column-count:2;column-gap:8mm">${PARAS.map((p, i) => `<p>${p}<sup>${i + 1}</sup>.</p>`).join('')}</div>
<div style="margin-top:8pt">${NOTES.map((n, i) => `<div style="font-size:${size - 2}pt"><sup>${i + 1}</sup> ${n}</div>`).join('')}
</div></div></body></html>`;

describe('short columns whose paragraphs end in a note mark', () => {
  for (const [font, size, title] of [
    ["'Liberation Serif'", 10, 'Crossings of the river in the old days'],
    ["'DejaVu Sans'", 9, 'The ferry'],
    ["'Liberation Sans'", 10, 'Crossings of the river, summer and winter'],
  ] as const)
    it(`reads the left column, then the right one, then the notes (${font}, ${size} pt)`, async () => {
      const md = (await parsePdf(await printer.print(html(font, size, title)))).markdown;
      const at = (t: string) => md.indexOf(t);
      expect(at('The ferry ran twice')).toBeGreaterThan(at(title));
      expect(at('across the water')).toBeGreaterThan(at('The ferry ran twice'));
      expect(at('In the winter months')).toBeGreaterThan(at('across the water'));
      expect(at('walked to the bridge')).toBeGreaterThan(at('In the winter months'));
      expect(at('The timetable of the ferry')).toBeGreaterThan(at('walked to the bridge'));
    });
});
