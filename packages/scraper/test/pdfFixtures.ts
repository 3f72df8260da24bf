// PDFs made at test time with known content: Chromium prints fixture HTML (exact text, headings, a table, pages);
// MuPDF turns pages into images (a "scan"), writes many-page and slow-page files, encrypts and breaks them.
// Also used by @scrape/http's PDF e2e test.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import * as mupdf from 'mupdf';
import { chromium } from 'playwright-core';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Three A4 pages: a title, two section headings, a table and a link, with a running header and page-number footer. */
export const REPORT_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Harbour Report</title>
<style>body { font-family: 'DejaVu Serif', serif; font-size: 11pt; } h1 { font-size: 26pt; } h2 { font-size: 17pt; }
.break { break-before: page; } th, td { padding: 3pt 14pt; text-align: left; border-bottom: 1px solid #999; }</style></head><body>
<h1>Harbour Traffic Report</h1>
<p>The harbour handled more ships this year than in any year before, and the new quay opened on time in the spring.</p>
<h2>Ships by Type</h2>
<table><tr><th>Type</th><th>Calls</th></tr><tr><td>Ferry</td><td>1200</td></tr><tr><td>Cargo</td><td>640</td></tr></table>
<p>See the <a href="https://example.com/harbour/stats">statistics portal</a> for the monthly figures.</p>
<h2 class="break">Outlook</h2>
<p>Traffic is expected to grow again next year as two ferry lines add a second daily crossing to the islands.</p>
<h2 class="break">Appendix</h2>
<p>The appendix lists the quays, their depths and the cranes that serve them along the northern breakwater.</p>
</body></html>`;

/** One small page with large, clear text: cheap to OCR once it is made image-only. */
export const SCAN_HTML = `<!doctype html><html><body style="font-family: 'DejaVu Sans', sans-serif; font-size: 28pt; margin: 30pt">
<p>Harbour notice</p><p>The ferry leaves at noon</p></body></html>`;

export async function printPdf(
  html: string,
  options: { header?: string; width?: string; height?: string } = {},
): Promise<Uint8Array> {
  const browser = await chromium.launch({ executablePath: CHROMIUM });
  try {
    const page = await browser.newPage();
    await page.setContent(html);
    const sized = options.width ? { width: options.width, height: options.height } : { format: 'A4' as const };
    return new Uint8Array(
      await page.pdf({
        ...sized,
        displayHeaderFooter: options.header !== undefined,
        headerTemplate: `<div style="font-size:9px;width:100%;text-align:center">${options.header ?? ''}</div>`,
        footerTemplate:
          '<div style="font-size:9px;width:100%;text-align:center">Page <span class="pageNumber"></span></div>',
        margin: options.header !== undefined ? { top: '22mm', bottom: '22mm', left: '20mm', right: '20mm' } : undefined,
      }),
    );
  } finally {
    await browser.close();
  }
}

/** Every page rendered to a bitmap and put back as an image: a "scanned" PDF without any text layer. */
export function imageOnlyPdf(source: Uint8Array, dpi = 150): Uint8Array {
  const src = mupdf.Document.openDocument(source, 'application/pdf');
  const out = new mupdf.PDFDocument();
  for (let i = 0; i < src.countPages(); i++) {
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

/** `pages` pages of one Helvetica line each ("Body text of page number N."). */
export function textPdf(pages: number, extraLines = 0): Uint8Array {
  const doc = new mupdf.PDFDocument();
  const font = doc.addSimpleFont(new mupdf.Font('Helvetica'));
  // Extra lines make each page cost real parsing time, so time-budget tests do not depend on the machine's speed.
  const filler = Array.from(
    { length: extraLines },
    (_, k) => `0 -6 Td (Filler line ${k} with several words of ordinary text.) Tj`,
  ).join(' ');
  for (let i = 1; i <= pages; i++) {
    const head = extraLines > 0 ? 'BT /F1 5 Tf 20 190 Td' : 'BT /F1 11 Tf 20 150 Td';
    doc.insertPage(
      -1,
      doc.addPage(
        [0, 0, 300, 200],
        0,
        { Font: { F1: font } },
        `${head} (Body text of page number ${i}.) Tj ${filler} ET`,
      ),
    );
  }
  return doc.saveToBuffer('compress').asUint8Array().slice();
}

/** One page whose content stream draws `glyphRuns` tiny text runs: MuPDF spends seconds inside that single page. */
export function slowPagePdf(glyphRuns = 400_000): Uint8Array {
  const doc = new mupdf.PDFDocument();
  const font = doc.addSimpleFont(new mupdf.Font('Helvetica'));
  const ops: string[] = ['BT /F1 2 Tf 5 195 Td'];
  for (let i = 0; i < glyphRuns; i++) ops.push(i % 120 === 119 ? '-238 -2.2 Td (ab) Tj' : '2 0 Td (ab) Tj');
  ops.push('ET');
  doc.insertPage(-1, doc.addPage([0, 0, 300, 200], 0, { Font: { F1: font } }, ops.join('\n')));
  return doc.saveToBuffer('compress').asUint8Array().slice();
}

export function encryptedPdf(source: Uint8Array): Uint8Array {
  const doc = mupdf.Document.openDocument(source, 'application/pdf').asPDF()!;
  return doc.saveToBuffer('encrypt=aes-256,user-password=secret,owner-password=owner').asUint8Array().slice();
}

/** A %PDF- header followed by noise: no xref, no objects MuPDF can rebuild. */
export function brokenPdf(): Uint8Array {
  const junk = new Uint8Array(4096);
  for (let i = 0; i < junk.length; i++) junk[i] = (i * 7919) % 251;
  junk.set(new TextEncoder().encode('%PDF-1.7\n'), 0);
  return junk;
}

/** The docling test PDFs of the shared evaluation data, or null when the data is not there. */
export function doclingPdfs(dir: URL): { name: string; bytes: Uint8Array }[] | null {
  if (!existsSync(dir)) return null;
  return readdirSync(dir)
    .filter((f) => f.endsWith('.pdf'))
    .sort()
    .map((name) => ({ name, bytes: new Uint8Array(readFileSync(new URL(name, dir))) }));
}
