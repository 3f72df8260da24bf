// A poster's few words are too few to name their language: the image regions of a page with a text layer are read
// with the model of the language the page's own text is in. Real tesseract workers, through @scrape/core's parsePdf.
import { parsePdf } from '@scrape/core';
import * as mupdf from 'mupdf';
import { afterAll, describe, expect, it } from 'vitest';
import { createPdfWorkerPool } from '../pdf/createPdfWorkerPool.js';
import { createTesseractOcr } from './createTesseractOcr.js';

/** Latin-1 letters as PDF string escapes: Helvetica's WinAnsi encoding holds them at the same codes. */
const winAnsi = (t: string) =>
  Array.from(t, (c) => (c.charCodeAt(0) < 128 ? c : `\\${c.charCodeAt(0).toString(8)}`)).join('');

/** Lines of Helvetica (bold for the first when `boldFirst`) on a page of `width` × `height` points. */
function linesPage(lines: string[], width: number, height: number, size: number): mupdf.PDFDocument {
  const doc = new mupdf.PDFDocument();
  const font = doc.addSimpleFont(new mupdf.Font('Helvetica-Bold'));
  const text = lines
    .map((l, i) => `BT /F1 ${size} Tf 16 ${height - 40 - i * size * 1.8} Td (${winAnsi(l)}) Tj ET`)
    .join('\n');
  doc.insertPage(-1, doc.addPage([0, 0, width, height], 0, { Font: { F1: font } }, text));
  return doc;
}

/** A page of body text in Helvetica with, below it, a poster whose words exist only as pixels (150 dpi). */
function pageWithPoster(body: string[], poster: string[]): Uint8Array {
  const art = linesPage(poster, 360, 140, 24);
  const pix = art.loadPage(0).toPixmap(mupdf.Matrix.scale(150 / 72, 150 / 72), mupdf.ColorSpace.DeviceRGB, false);
  const doc = new mupdf.PDFDocument();
  const image = doc.addImage(new mupdf.Image(pix));
  const font = doc.addSimpleFont(new mupdf.Font('Helvetica'));
  const text = body.map((l, i) => `BT /F1 11 Tf 60 ${780 - i * 16} Td (${winAnsi(l)}) Tj ET`).join('\n');
  const content = `${text}\nq 360 0 0 140 100 480 cm /Im0 Do Q`;
  doc.insertPage(-1, doc.addPage([0, 0, 595, 842], 0, { Font: { F1: font }, XObject: { Im0: image } }, content));
  return doc.saveToBuffer('compress').asUint8Array().slice();
}

// Written for this test: a German notice and an English one, each above the same kind of poster.
const GERMAN = [
  'Liebe Nachbarn, die Stadt lädt zur Eröffnung der neuen Brücke über den Fluss ein.',
  'Der Festzug beginnt am Samstag um zehn Uhr vor dem Rathaus und führt durch die Altstadt.',
  'Für Kinder gibt es ein Programm mit Musik, Spielen und einem großen Kuchenbüfett.',
];
const GERMAN_POSTER = ['BRÜCKENFEST IM SÜDEN', 'Größte Überraschung'];
// A French notice: French is the second of the first pair of models, and its accented capitals were lost while
// English led the pair.
const FRENCH = [
  'Chers voisins, la mairie vous invite à la fête du nouveau pont sur la rivière.',
  "Le défilé commence samedi à dix heures devant l'hôtel de ville et traverse la vieille ville.",
  'Pour les enfants, un après-midi de musique, de jeux et de gâteaux est prévu près du marché.',
];
const FRENCH_POSTER = ['ÉTÉ À LA MAIRIE', 'ÉCOLE DU CHÂTEAU'];
const ENGLISH = [
  'Dear neighbours, the town invites you to the opening of the new bridge over the river.',
  'The parade starts on Saturday at ten in front of the town hall and runs through the old town.',
  'For children there is a programme with music, games and a large table of cakes.',
];
const ENGLISH_POSTER = ['BRIDGE FESTIVAL SOUTH', 'Biggest surprise'];

describe('image regions read in their page language', () => {
  const ocr = createTesseractOcr({ workers: 1 });
  afterAll(() => ocr.close());

  it('a German poster on a German text page keeps its umlauts', async () => {
    const result = await parsePdf(pageWithPoster(GERMAN, GERMAN_POSTER), { mode: 'auto' }, { ocr });
    expect(result.markdown).toContain('Eröffnung der neuen Brücke');
    expect(result.markdown).toContain('BRÜCKENFEST IM SÜDEN');
    expect(result.markdown).toContain('Größte Überraschung');
  }, 120_000);

  it('the hint crosses the worker pool: a German poster parsed in a PDF thread keeps its umlauts', async () => {
    const pool = createPdfWorkerPool({ workers: 1, ocr: () => ocr });
    try {
      const pdf = pageWithPoster(GERMAN, GERMAN_POSTER);
      const result = await pool.parse(pdf, { mode: 'auto' }, { deadline: Date.now() + 110_000 });
      expect(result.markdown).toContain('BRÜCKENFEST IM SÜDEN');
    } finally {
      await pool.close();
    }
  }, 120_000);

  it('a French poster on a French text page keeps its accented capitals, in one reading', async () => {
    const before = { ...ocr.stats };
    const result = await parsePdf(pageWithPoster(FRENCH, FRENCH_POSTER), { mode: 'auto' }, { ocr });
    expect(result.markdown).toContain('la fête du nouveau pont');
    expect(result.markdown).toContain('ÉTÉ À LA MAIRIE');
    expect(result.markdown).toContain('ÉCOLE DU CHÂTEAU');
    expect(ocr.stats.rereads - before.rereads).toBe(0);
  }, 120_000);

  it('an English poster on an English page is read once, with the first models', async () => {
    const before = { ...ocr.stats };
    const result = await parsePdf(pageWithPoster(ENGLISH, ENGLISH_POSTER), { mode: 'auto' }, { ocr });
    expect(result.markdown).toContain('BRIDGE FESTIVAL SOUTH');
    expect(ocr.stats.pages - before.pages).toBe(1);
    expect(ocr.stats.rereads - before.rereads).toBe(0);
  }, 120_000);
});
