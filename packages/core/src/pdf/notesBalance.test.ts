// Notes under two balanced CSS columns (Chromium prints the pages) are read after the right column, also when a
// paragraph break at the column break leaves the columns' ends over two body sizes apart, and when a short column's
// notes and their markers outnumber its body lines. Texts from two check-split shapes of defectFamilies' footnotes.
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

interface Shape {
  font: string;
  size: number;
  lead: number;
  /** Page width and height, side and top padding, column gap (mm). */
  page: [number, number, number, number, number];
  noteSize: number;
  noteTop: number;
  paragraphs: string[];
  notes: string[];
}

function html(shape: Shape): string {
  const [w, h, side, top, gap] = shape.page;
  const marked = shape.paragraphs.map((p, i) => (shape.notes[i] ? `${p.slice(0, -1)}<sup>${i + 1}</sup>.` : p));
  const notes = shape.notes.map(
    (t, i) => `<div style="font-size:${shape.noteSize}pt;line-height:1.2"><sup>${i + 1}</sup> ${t}</div>`,
  );
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><style>
@page { size: ${w}mm ${h}mm; margin: 0 }
body { margin: 0; font-family: ${shape.font}; font-size: ${shape.size}pt; line-height: ${shape.lead} }
.page { width: ${w}mm; height: ${h}mm; box-sizing: border-box; padding: ${top}mm ${side}mm }
p { margin: 0 0 ${shape.size * 0.6}pt }</style></head><body><div class="page">
<h2 style="font-size:${shape.size + 5}pt;margin:0 0 8pt">Works on the harbour wall</h2>
<div style="column-count:2;column-gap:${gap}mm">${marked.map((p) => `<p>${p}</p>`).join('')}</div>
<div style="margin-top:${shape.noteTop}pt">${notes.join('')}</div></div></body></html>`;
}

const SHAPES: [string, Shape][] = [
  [
    'a paragraph break at the column break: the columns end 2.6 body sizes apart',
    {
      font: "'DejaVu Serif'",
      size: 10,
      lead: 1.3,
      page: [216, 279, 20, 28, 9],
      noteSize: 8,
      noteTop: 8,
      paragraphs: [
        'Sill bittern usher tiller narwhal delta parapet anvil basalt halyard. Vellum wharf caravel eave ferrule ' +
          'isthmus parapet hawser moraine narwhal buttress vellum. Eave shoal marram anvil vane zinnia keel vellum ' +
          'egret urchin capstan vellum.',
        'Purlin urchin auger gimbal rudder wharf usher tiller gimbal pinnace gorse obelisk. Gusset halyard ' +
          'buttress shoal finial sextant obelisk oakum joist bittern wharf.',
        'Gimbal newel sextant windlass dulcimer usher tundra lichen usher basalt. Shoal usher bittern wharf ' +
          'dovetail flint isthmus nautilus hawser.',
      ],
      notes: [
        'Sill pinnace marram purlin auger caravel.',
        'Newel rivet auger finial moraine vellum sill joist obelisk marram oakum quoin parapet joist bittern vane ' +
          'isthmus usher auger windlass urchin quartz capstan corbel egret.',
      ],
    },
  ],
  [
    'three notes under a short column, more note lines than body lines',
    {
      font: "'DejaVu Sans'",
      size: 12,
      lead: 1.45,
      page: [210, 297, 26, 34, 5],
      noteSize: 9,
      noteTop: 5,
      paragraphs: [
        'Keel zinnia jib larch larch caravel auger moraine isthmus rafter egret. Quartz sextant halyard moraine ' +
          'hinge bittern quoin zinnia moraine kerb windlass dovetail. Egret flint sill wharf parapet purlin narwhal.',
        'Kelp narwhal gimbal kerb gusset basalt inlet. Kerb windlass sextant finial windlass dovetail wharf.',
      ],
      notes: [
        'Vane gimbal bittern dovetail dulcimer ferrule.',
        'Corbel delta purlin joist auger rivet joist ashlar egret.',
        'Narwhal kelp narwhal obelisk quoin halyard lichen windlass narwhal wharf windlass egret keel usher ' +
          'buttress dulcimer ferrule keel vellum yawl ferrule isthmus anvil finial flint.',
      ],
    },
  ],
];

const head = (t: string) => t.split(' ').slice(0, 3).join(' ');

describe('notes under balanced columns, printed', () => {
  for (const [name, shape] of SHAPES)
    it(name, async () => {
      const md = (await parsePdf(await printer.print(html(shape)), { mode: 'fast' })).markdown;
      const last = shape.paragraphs[shape.paragraphs.length - 1].split(' ').slice(-3).join(' ').replace(/\.$/, '');
      const end = md.indexOf(last);
      expect(end).toBeGreaterThan(0);
      for (const note of shape.notes) expect(md.indexOf(head(note)), md).toBeGreaterThan(end);
      // The columns stay whole: the left column's last paragraph is read before the right column's last one.
      expect(md.indexOf(head(shape.paragraphs[0]))).toBeLessThan(end);
    });
});
