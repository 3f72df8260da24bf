// Scans in languages whose letters the default English + French models lack, through the whole scraper: a letter
// printed by Chromium, made image-only, served over HTTP on 127.0.0.1 and scraped with real tesseract workers. The
// page is read first with English + French, named Italian or Portuguese from that reading, and read again with its
// own bundled model.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Scraper } from '../createScraper.js';
import { imageOnlyPdf, printPdf } from '../../test/pdfFixtures.js';
import { type PdfSite, startPdfSite } from '../../test/pdfSite.js';

const letter = (lines: string[]) =>
  `<!doctype html><html><body style="font-family: 'DejaVu Serif', serif; font-size: 13pt; margin: 40pt">` +
  lines.map((l) => `<p>${l}</p>`).join('') +
  '</body></html>';

// Letters written for this test: ò ù ì è à in Italian; ã õ ç ê á ó in Portuguese.
const ITALIAN = [
  'Gentile signora, la ringrazio per la sua cortese risposta di lunedì.',
  'Il falegname verrà giovedì a riparare la porta della cantina, perché la serratura non funziona più.',
  'Le ricordo che la caldaia è già stata controllata e che il costo sarà diviso tra i condomini.',
];
const ITALIAN_WORDS = ['lunedì', 'verrà', 'giovedì', 'perché', 'più', 'è', 'già', 'sarà'];
const PORTUGUESE = [
  'Cara senhora, agradeço a sua amável resposta de segunda-feira.',
  'O carpinteiro virá na quinta-feira reparar a porta da cave, porque a fechadura já não funciona.',
  'Lembro que a caldeira foi verificada e que o custo da reparação será dividido pelos condóminos.',
];
const PORTUGUESE_WORDS = ['agradeço', 'amável', 'virá', 'já', 'não', 'reparação', 'será', 'condóminos'];

let site: PdfSite;
let base = '';
let scraper: Scraper;

beforeAll(async () => {
  site = await startPdfSite(
    {
      '/lettera.pdf': ['application/pdf', imageOnlyPdf(await printPdf(letter(ITALIAN)), 150)],
      '/carta.pdf': ['application/pdf', imageOnlyPdf(await printPdf(letter(PORTUGUESE)), 150)],
    },
    { ocr: { workers: 1 } },
  );
  ({ base, scraper } = site);
}, 60_000);

afterAll(async () => {
  await site?.close();
});

describe('scans read again with their language model', () => {
  it('an Italian scan keeps its accented letters', async () => {
    const doc = await scraper.scrape({ url: `${base}/lettera.pdf`, maxAge: 0, timeout: 170_000 });
    expect(doc.metadata).toMatchObject({ numPages: 1, contentType: 'application/pdf' });
    const words = new Set(String(doc.markdown).split(/[^\p{L}]+/u));
    for (const word of ITALIAN_WORDS) expect(words).toContain(word);
    expect(doc.markdown).toContain('falegname');
  }, 180_000);

  it('a Portuguese scan keeps its accented letters', async () => {
    const doc = await scraper.scrape({ url: `${base}/carta.pdf`, maxAge: 0, timeout: 170_000 });
    const words = new Set(String(doc.markdown).split(/[^\p{L}]+/u));
    for (const word of PORTUGUESE_WORDS) expect(words).toContain(word);
    expect(doc.markdown).toContain('carpinteiro');
  }, 180_000);
});
