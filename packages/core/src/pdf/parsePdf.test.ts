// parsePdf against real PDFs: Chromium prints a fixture page with exact known text (headings, a hyphenated word,
// a table, a link, running header/footer, three pages, a two-column page); MuPDF makes image-only and hostile PDFs.
import { createDeflate } from 'node:zlib';
import * as mupdf from 'mupdf';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CoreError } from '../errors.js';
import type { OcrEngine } from './OcrEngine.js';
import { parsePdf } from './parsePdf.js';
import type { ParsePdfResult } from './pdfTypes.js';
import { createTestOcr } from './tesseractOcr.fixture.js';

const FIXTURE_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Widget Report</title>
<style>
body { font-family: 'DejaVu Serif', serif; font-size: 11pt; line-height: 1.35; }
h1 { font-size: 26pt; margin: 0 0 12pt; } h2 { font-size: 17pt; margin: 18pt 0 8pt; }
p { margin: 0 0 9pt; } table { border-collapse: collapse; margin: 10pt 0; }
th, td { padding: 3pt 14pt; text-align: left; border-bottom: 1px solid #999; }
.narrow { width: 230pt; } .cols { column-count: 2; column-gap: 28pt; } .break { break-before: page; }
</style></head><body>
<h1>Quarterly Report on Widgets</h1>
<p>The widget division delivered steady growth this quarter. Production lines in three regions ran at full capacity, and the new assembly process cut waste by a fifth compared with last year.</p>
<p class="narrow">The committee reviewed the standard&shy;ization proposal and the inter&shy;nationalization plan for every regional office in detail.</p>
<h2>Sales by Region</h2>
<p>Regional figures are summarised in the table below; all amounts are in thousands of dollars.</p>
<table>
<tr><th>Region</th><th>Units</th><th>Revenue</th></tr>
<tr><td>North</td><td>1200</td><td>4300</td></tr>
<tr><td>South</td><td>950</td><td>3100</td></tr>
<tr><td>East</td><td>1810</td><td>6020</td></tr>
<tr><td>West</td><td>700</td><td>2450</td></tr>
</table>
<p>Further details are on the <a href="https://example.com/widgets/docs">documentation site</a> of the division.</p>
<h2 class="break">Outlook for Next Year</h2>
<p>Demand is expected to rise again next year as two large customers renew their contracts. The division plans to hire forty engineers and to open a fourth production line in the spring.</p>
<p>Risks include the price of steel and delays at the ports, which slowed deliveries twice during the last quarter.</p>
<ol><li>Renew the supply contract for steel before the summer.</li><li>Open the fourth production line in the spring.</li><li>Hire forty engineers for the research laboratory.</li></ol>
<ul style="list-style-type: '\\2022  '"><li>Alpha plant reopened in March.</li><li>Beta plant doubled its output and now runs three shifts a day, every day of the week including public holidays and weekends.</li></ul>
<h2 class="break">Two Column Notes</h2>
<div class="cols">
<p>Leftcolumn opening paragraph talks about the history of widget making in the valley, where the first workshop opened more than a century ago and grew into a factory that employed half of the town over the following decades of steady expansion.</p>
<p>Second left paragraph continues the story with the arrival of electric machinery, which replaced the old water wheels and allowed the factory to run through the night during the busiest seasons of every single year.</p>
<p>Rightcolumn closing paragraph describes the modern plant, with robots on the assembly line and a research laboratory that designs the next generation of widgets for customers around the whole world today.</p>
</div></body></html>`;
const HEADER = 'ACME Widgets Quarterly Confidential';

let fixture: Uint8Array;
let full: ParsePdfResult;

async function printPdf(html: string): Promise<Uint8Array> {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
  try {
    const page = await browser.newPage();
    await page.setContent(html);
    return new Uint8Array(
      await page.pdf({
        format: 'A4',
        displayHeaderFooter: true,
        headerTemplate: `<div style="font-size:9px;width:100%;text-align:center;font-family:serif">${HEADER}</div>`,
        footerTemplate:
          '<div style="font-size:9px;width:100%;text-align:center;font-family:serif">Page <span ' +
          'class="pageNumber"></span> of <span class="totalPages"></span></div>',
        margin: { top: '22mm', bottom: '22mm', left: '20mm', right: '20mm' },
      }),
    );
  } finally {
    await browser.close();
  }
}

/** Every page rendered to a bitmap and put back as an image: a "scanned" PDF without any text layer. */
function imageOnlyPdf(source: Uint8Array, dpi = 150, maxPages = Infinity): Uint8Array {
  const src = mupdf.Document.openDocument(source, 'application/pdf');
  const out = new mupdf.PDFDocument();
  const n = Math.min(src.countPages(), maxPages);
  for (let i = 0; i < n; i++) {
    const page = src.loadPage(i);
    const [x0, y0, x1, y1] = page.getBounds();
    const pix = page.toPixmap(mupdf.Matrix.scale(dpi / 72, dpi / 72), mupdf.ColorSpace.DeviceRGB, false, false);
    const ref = out.addImage(new mupdf.Image(pix));
    const w = x1 - x0;
    const h = y1 - y0;
    out.insertPage(-1, out.addPage([0, 0, w, h], 0, { XObject: { Im0: ref } }, `q ${w} 0 0 ${h} 0 0 cm /Im0 Do Q`));
  }
  return out.saveToBuffer('compress').asUint8Array().slice();
}

/** A PDF of `pages` pages, each with one line of Helvetica text. */
function textPdf(pages: number, save = 'compress'): Uint8Array {
  const doc = new mupdf.PDFDocument();
  const font = doc.addSimpleFont(new mupdf.Font('Helvetica'));
  for (let i = 1; i <= pages; i++) {
    const page = doc.addPage(
      [0, 0, 300, 200],
      0,
      { Font: { F1: font } },
      `BT /F1 11 Tf 20 150 Td (Body text of page number ${i} in the long file.) Tj ET`,
    );
    doc.insertPage(-1, page);
  }
  return doc.saveToBuffer(save).asUint8Array().slice();
}

async function expectCode(promise: Promise<unknown>, kind: string, code: string): Promise<CoreError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(CoreError);
  const core = err as CoreError;
  expect(core.kind).toBe(kind);
  expect((core.details as { code: string }).code).toBe(code);
  return core;
}

beforeAll(async () => {
  fixture = await printPdf(FIXTURE_HTML);
  full = await parsePdf(fixture, { mode: 'fast', pages: true, blocks: true, pageMarkers: true });
}, 60_000);

describe('parsePdf markdown', () => {
  it('turns font sizes into a title and section headings', () => {
    expect(full.markdown.startsWith('# Quarterly Report on Widgets\n\n')).toBe(true);
    expect(full.markdown).toContain('\n## Sales by Region\n');
    expect(full.markdown).toContain('\n## Outlook for Next Year\n');
    expect(full.markdown.match(/^# /gm)).toHaveLength(1);
  });

  it('joins paragraph lines back into one line of text', () => {
    expect(full.markdown).toContain(
      '\nThe widget division delivered steady growth this quarter. Production lines in three regions ran at full ' +
        'capacity, and the new assembly process cut waste by a fifth compared with last year.\n',
    );
  });

  it('undoes hyphenation at line ends', () => {
    // The PDF really breaks the words with a hyphen at the end of a line.
    const page = mupdf.Document.openDocument(fixture, 'application/pdf').loadPage(0);
    expect(page.toStructuredText('preserve-whitespace').asText()).toMatch(/standard\S*[-\u2010\u00ad]\s*\n\s*ization/);
    expect(full.markdown).toContain(
      'The committee reviewed the standardization proposal and the internationalization plan for every regional ' +
        'office in detail.',
    );
  });

  it('rebuilds the table as a pipe table', () => {
    expect(full.markdown).toContain(
      '| Region | Units | Revenue |\n| --- | --- | --- |\n| North | 1200 | 4300 |\n| South | 950 | 3100 |\n| East | ' +
        '1810 | 6020 |\n| West | 700 | 2450 |',
    );
  });

  it('rebuilds numbered and bulleted lists, joining wrapped items', () => {
    expect(full.markdown).toContain(
      '\n1. Renew the supply contract for steel before the summer.\n2. Open the fourth production line in the ' +
        'spring.\n3. Hire forty engineers for the research laboratory.\n',
    );
    expect(full.markdown).toContain(
      '\n- Alpha plant reopened in March.\n- Beta plant doubled its output and now runs three shifts a day, every ' +
        'day of the week including public holidays and weekends.',
    );
    const items = full.blocks!.flatMap((p) => p.items).filter((b) => b.label === 'list_item');
    expect(items).toHaveLength(5);
    expect(items.every((b) => b.type === 'text')).toBe(true);
  });

  it('keeps links', () => {
    expect(full.markdown).toContain(
      'Further details are on the [documentation site](https://example.com/widgets/docs) of the division.',
    );
  });

  it('reads a two-column page column by column', () => {
    const md = full.markdown;
    const left1 = md.indexOf('Leftcolumn opening paragraph');
    const left2 = md.indexOf(
      'Second left paragraph continues the story with the arrival of electric machinery, which replaced the old ' +
        'water wheels',
    );
    const right = md.indexOf('Rightcolumn closing paragraph describes the modern plant');
    expect(left1).toBeGreaterThan(0);
    expect(left2).toBeGreaterThan(left1);
    expect(right).toBeGreaterThan(left2);
  });

  it('keeps running headers, footers and page numbers out of the markdown but in the blocks', () => {
    expect(full.markdown).not.toContain(HEADER);
    expect(full.markdown).not.toMatch(/Page \d of 3/);
    for (const page of full.blocks!) {
      const header = page.items.find((b) => b.type === 'page_header');
      const number = page.items.find((b) => b.type === 'page_number' || b.type === 'page_footer');
      expect(header?.content).toBe(HEADER);
      expect(header?.markdownSpan).toBeNull();
      expect(number?.content).toBe(`Page ${page.pageNumber} of 3`);
      expect(header!.bbox![1]).toBeLessThan(0.1);
      expect(number!.bbox![1]).toBeGreaterThan(0.9);
    }
  });

  it('reports title and page counts', () => {
    expect(full.numPages).toBe(3);
    expect(full.totalPages).toBe(3);
    expect(full.metadata.numPages).toBe(3);
    expect(full.metadata.totalPages).toBe(3);
    expect(full.title).toBe('Widget Report');
    expect(full.metadata.ocrPages).toBe(0);
  });
});

describe('parsePdf pages, markers and blocks', () => {
  it('joins pages with the page markers, none before page 1', () => {
    expect(full.markdown.startsWith('\n')).toBe(false);
    expect(full.markdown).not.toContain('<!-- page 1 -->');
    expect(full.markdown).toContain('\n\n---\n\n<!-- page 2 -->\n\n## Outlook for Next Year');
    expect(full.markdown).toContain('\n\n---\n\n<!-- page 3 -->\n\n## Two Column Notes');
    const parts = full.markdown.split(/\n\n---\n\n<!-- page \d+ -->\n\n/);
    expect(parts).toEqual(full.pages!.map((p) => p.markdown));
  });

  it('leaves markers out unless asked', async () => {
    const plain = await parsePdf(fixture, { mode: 'fast' });
    expect(plain.markdown).not.toContain('<!-- page');
    expect(plain.markdown).toBe(full.pages!.map((p) => p.markdown).join('\n\n'));
    expect(plain.pages).toBeUndefined();
    expect(plain.blocks).toBeUndefined();
  });

  it('gives per-page markdown for physical pages', () => {
    expect(full.pages!.map((p) => p.pageNumber)).toEqual([1, 2, 3]);
    expect(full.pages![1].markdown.startsWith('## Outlook for Next Year')).toBe(true);
    expect(full.pages![0].markdown).toContain('| North | 1200 | 4300 |');
  });

  it('gives blocks whose spans slice the markdown to their content', () => {
    const blocks = full.blocks!;
    expect(blocks.map((b) => b.pageNumber)).toEqual([1, 2, 3]);
    let spans = 0;
    for (const page of blocks) {
      expect(page.status).toBe('ok');
      expect(page.width).toBeCloseTo(595.92, 0);
      expect(page.height).toBeCloseTo(842.88, 0);
      page.items.forEach((item, i) => {
        expect(item.id).toBe(`p${page.pageNumber}.b${i}`);
        expect(item.readingOrder).toBe(i);
        expect(item.source).toBe('native_text');
        const [x0, y0, x1, y1] = item.bbox!;
        for (const v of item.bbox!) expect(v >= 0 && v <= 1).toBe(true);
        expect(x0).toBeLessThanOrEqual(x1);
        expect(y0).toBeLessThanOrEqual(y1);
        if (item.markdownSpan) {
          spans++;
          expect(full.markdown.slice(item.markdownSpan[0], item.markdownSpan[1])).toBe(item.content);
        }
      });
    }
    expect(spans).toBeGreaterThanOrEqual(12);
    const types = blocks.flatMap((p) => p.items.map((b) => b.type));
    expect(types).toContain('title');
    expect(types).toContain('section_header');
    expect(types).toContain('table');
    const table = blocks[0].items.find((b) => b.type === 'table')!;
    expect(table.content.split('\n')[0]).toBe('| Region | Units | Revenue |');
    // Blocks in reading order follow the markdown order.
    const starts = blocks.flatMap((p) => p.items.filter((b) => b.markdownSpan).map((b) => b.markdownSpan![0]));
    expect([...starts].sort((a, b) => a - b)).toEqual(starts);
  });

  it('caps parsing with maxPages and still reports the true page count', async () => {
    const two = await parsePdf(fixture, { mode: 'fast', maxPages: 2, pages: true, blocks: true });
    expect(two.numPages).toBe(2);
    expect(two.totalPages).toBe(3);
    expect(two.pages).toHaveLength(2);
    expect(two.blocks).toHaveLength(2);
    expect(two.markdown).toContain('## Outlook for Next Year');
    expect(two.markdown).not.toContain('Two Column Notes');
  });

  it('rejects maxPages outside 1..10000', async () => {
    await expect(parsePdf(fixture, { maxPages: 0 })).rejects.toMatchObject({ kind: 'invalid_input' });
    await expect(parsePdf(fixture, { maxPages: 10_001 })).rejects.toMatchObject({ kind: 'invalid_input' });
  });
});

describe('parsePdf on scanned PDFs', () => {
  let scanned: Uint8Array;
  const recognized: number[] = [];
  // A real tesseract.js engine (one worker), offline: the model comes from @tesseract.js-data/eng.
  const ocr = createTestOcr((png) => {
    recognized.push(png.length);
  });
  const engine = ocr.engine;

  beforeAll(() => {
    scanned = imageOnlyPdf(fixture, 150, 2);
  });
  afterAll(() => ocr.close());

  it('fast mode refuses a PDF without a text layer and says to use auto or ocr', async () => {
    const err = await expectCode(parsePdf(scanned, { mode: 'fast' }), 'unsupported_content', 'PDF_NEEDS_OCR');
    expect(err.message).toMatch(/"auto"/);
    expect(err.message).toMatch(/"ocr"/);
  });

  it('auto mode without an OCR engine says so', async () => {
    await expectCode(parsePdf(scanned, { mode: 'auto' }), 'unsupported_content', 'PDF_OCR_UNAVAILABLE');
    await expectCode(parsePdf(fixture, { mode: 'ocr' }), 'unsupported_content', 'PDF_OCR_UNAVAILABLE');
  });

  it('auto mode reads a scanned page with OCR', async () => {
    const result = await parsePdf(scanned, { mode: 'auto', maxPages: 1, blocks: true }, { ocr: engine });
    expect(result.metadata.ocrPages).toBe(1);
    expect(result.markdown).toMatch(/^# Quarterly Report on Widgets/);
    expect(result.markdown).toContain('The widget division delivered steady growth this quarter.');
    expect(result.markdown).toMatch(/\| ?North ?\| ?1200 ?\| ?4300 ?\|/);
    expect(result.markdown).not.toContain(HEADER);
    const items = result.blocks![0].items;
    expect(items.length).toBeGreaterThan(4);
    for (const item of items) {
      expect(item.source).toBe('ocr');
      expect(item.confidence.ocr).toBeGreaterThan(0.5);
      expect(item.confidence.ocr).toBeLessThanOrEqual(1);
      if (item.markdownSpan) expect(result.markdown.slice(...item.markdownSpan)).toBe(item.content);
    }
  }, 60_000);

  it('auto mode does not OCR pages that have text', async () => {
    const before = recognized.length;
    const result = await parsePdf(fixture, { mode: 'auto', maxPages: 1 }, { ocr: engine });
    expect(recognized.length).toBe(before);
    expect(result.metadata.ocrPages).toBe(0);
  });

  it('ocr mode OCRs pages even when they have text, and keeps a text layer the reading confirms', async () => {
    const before = recognized.length;
    const result = await parsePdf(fixture, { mode: 'ocr', maxPages: 1, blocks: true }, { ocr: engine });
    expect(recognized.length).toBe(before + 1);
    expect(result.metadata.ocrPages).toBe(0);
    expect(result.blocks![0].items.every((b) => b.source === 'native_text')).toBe(true);
    expect(result.markdown).toContain('Sales by Region');
  }, 60_000);
});

describe('parsePdf on hostile input', () => {
  it('refuses bytes that are not a PDF, and empty bytes', async () => {
    await expectCode(
      parsePdf(new TextEncoder().encode('<html><body>not a pdf</body></html>')),
      'unsupported_content',
      'PDF_NOT_A_PDF',
    );
    await expectCode(parsePdf(new Uint8Array(0)), 'invalid_input', 'PDF_EMPTY');
  });

  it('gives a typed error for garbage behind a %PDF- header', async () => {
    const junk = new Uint8Array(4096);
    for (let i = 0; i < junk.length; i++) junk[i] = (i * 7919) % 251;
    junk.set(new TextEncoder().encode('%PDF-1.7\n'), 0);
    const err = await parsePdf(junk, { mode: 'fast' }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(CoreError);
    expect(['PDF_UNREADABLE', 'PDF_NO_PAGES']).toContain(((err as CoreError).details as { code: string }).code);
  });

  it('refuses encrypted PDFs with a clear error', async () => {
    const doc = mupdf.Document.openDocument(fixture, 'application/pdf').asPDF()!;
    const locked = doc.saveToBuffer('encrypt=aes-256,user-password=secret,owner-password=owner').asUint8Array().slice();
    const err = await expectCode(parsePdf(locked), 'unsupported_content', 'PDF_ENCRYPTED');
    expect(err.message).toMatch(/encrypted/);
  });

  it('repairs a broken xref table', async () => {
    const text = new TextDecoder('latin1').decode(fixture);
    const startxref = text.lastIndexOf('startxref');
    expect(startxref).toBeGreaterThan(0);
    const broken = new Uint8Array(fixture);
    // Point startxref at garbage: MuPDF must rebuild the table by scanning the objects.
    broken.set(new TextEncoder().encode('startxref\n999999999\n'), startxref);
    const result = await parsePdf(broken, { mode: 'fast' });
    expect(result.markdown).toContain('# Quarterly Report on Widgets');
    expect(result.numPages).toBe(3);
  });

  it('survives a truncated file', async () => {
    const cut = fixture.slice(0, Math.floor(fixture.length * 0.6));
    const outcome = await parsePdf(cut, { mode: 'fast', blocks: true }).then(
      (r) => r,
      (e: unknown) => e,
    );
    if (outcome instanceof Error) expect(outcome).toBeInstanceOf(CoreError);
    else expect((outcome as ParsePdfResult).numPages).toBeGreaterThanOrEqual(1);
  });

  it('handles 10,000 pages: maxPages bounds the work, a deadline stops it with the time it would need', async () => {
    const big = textPdf(10_000);
    const first = await parsePdf(big, { mode: 'fast', maxPages: 5, pages: true });
    expect(first.numPages).toBe(5);
    expect(first.totalPages).toBe(10_000);
    expect(first.pages!.map((p) => p.markdown)).toEqual(
      [1, 2, 3, 4, 5].map((n) => `Body text of page number ${n} in the long file.`),
    );

    const started = Date.now();
    const err = await expectCode(
      parsePdf(big, { mode: 'fast' }, { deadline: Date.now() + 300 }),
      'timeout',
      'PDF_TIMEOUT',
    );
    expect(Date.now() - started).toBeLessThan(3000);
    const details = err.details as { parsedPages: number; numPages: number; estimatedMs: number };
    expect(details.numPages).toBe(10_000);
    expect(details.parsedPages).toBeGreaterThan(0);
    expect(details.parsedPages).toBeLessThan(10_000);
    expect(details.estimatedMs).toBeGreaterThan(300);
    expect(err.message).toMatch(/needs about \d+ s for 10000 pages/);
  }, 60_000);

  it('stops when the signal aborts', async () => {
    const controller = new AbortController();
    controller.abort(new DOMException('timed out', 'TimeoutError'));
    await expectCode(parsePdf(textPdf(3), { mode: 'fast' }, { signal: controller.signal }), 'timeout', 'PDF_TIMEOUT');
  });

  it('does not decode a 900-megapixel image bomb in fast mode, and renders it in bounded memory', async () => {
    const side = 30_000;
    const chunks: Buffer[] = [];
    const z = createDeflate({ level: 9 });
    z.on('data', (c: Buffer) => chunks.push(c));
    const ended = new Promise((r) => z.on('end', r));
    const rows = Buffer.alloc(side * 256, 230);
    for (let y = 0; y < side; y += 256) if (!z.write(rows)) await new Promise((r) => z.once('drain', r));
    z.end();
    await ended;
    const doc = new mupdf.PDFDocument();
    const img = doc.addRawStream(Buffer.concat(chunks), {
      Type: 'XObject',
      Subtype: 'Image',
      Width: side,
      Height: side,
      ColorSpace: 'DeviceGray',
      BitsPerComponent: 8,
      Filter: 'FlateDecode',
    });
    doc.insertPage(-1, doc.addPage([0, 0, 595, 842], 0, { XObject: { Im0: img } }, 'q 595 0 0 842 0 0 cm /Im0 Do Q'));
    const bomb = doc.saveToBuffer('').asUint8Array().slice();
    expect(bomb.length).toBeLessThan(2_000_000);

    const started = Date.now();
    await expectCode(parsePdf(bomb, { mode: 'fast' }), 'unsupported_content', 'PDF_NEEDS_OCR');
    expect(Date.now() - started).toBeLessThan(2000);

    // OCR mode renders it: MuPDF decodes it downsampled, so memory stays far below the 900 MB the image holds.
    let pngBytes = 0;
    const measuring: OcrEngine = {
      concurrency: 1,
      recognize: async (png) => {
        pngBytes = png.length;
        return { lines: [], confidence: null };
      },
    };
    const rssBefore = process.memoryUsage().rss;
    const result = await parsePdf(bomb, { mode: 'ocr', blocks: true }, { ocr: measuring });
    expect(pngBytes).toBeGreaterThan(0);
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(400 * 1024 * 1024);
    expect(result.markdown).toBe('');
    expect(result.blocks![0].items).toEqual([]);
  }, 180_000); // rendering the bomb downsampled takes ~13 s alone and longer under load: a bound, not a wait
});
