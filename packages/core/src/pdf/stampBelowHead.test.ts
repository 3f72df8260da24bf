// A stamp set in the body's own font under a two-line running head (Chromium prints the pages): dropped when it is
// printed in another ink, kept when it is set exactly like the body (then it reads as the letter's date line).
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

const PARA =
  'The committee met on Tuesday to review the harbour works and agreed to extend the contract for another year, ' +
  'subject to the usual conditions on safety, cost and the timetable of the remaining stages of the project.';

function letter(pages: number, stampInk: string): string {
  const page = (k: number) =>
    `<div class="page"><div class="head"><b>Pemberton Shipping Co.</b><br>Ref. KX-2041 · harbour works 2024</div>` +
    (k === 1 ? `<div style="text-align:right;color:${stampInk}">Received 12.03.2024</div>` : '') +
    `<p>${PARA}</p><p>${PARA}</p><p>${PARA}</p><div class="foot">www.pemberton.example · Page ${k} of ${pages}</div>` +
    '</div>';
  return `<!doctype html><html><head><meta charset="utf-8"><style>@page { size: 210mm 297mm; margin: 0 }
body { margin: 0; font: 11pt 'Liberation Sans'; line-height: 1.3 }
.page { width: 210mm; height: 297mm; box-sizing: border-box; padding: 34mm 20mm 25mm; position: relative;
  break-after: page } .page:last-child { break-after: auto }
.head { position: absolute; top: 12mm; left: 20mm; right: 20mm; font-size: 10pt; border-bottom: 0.6pt solid #777 }
.foot { position: absolute; bottom: 10mm; left: 20mm; font-size: 9pt } p { margin: 0 0 8pt }
</style></head><body>${Array.from({ length: pages }, (_, i) => page(i + 1)).join('')}</body></html>`;
}

describe('a stamp under a running head', () => {
  for (const pages of [1, 3])
    it(`drops a stamp in red ink under the head (${pages} page(s))`, async () => {
      const md = (await parsePdf(await printer.print(letter(pages, '#b00')))).markdown;
      expect(md).not.toContain('Received 12.03.2024');
      expect(md).not.toContain('Pemberton Shipping');
      expect(md).toContain('The committee met on Tuesday');
    });

  it('keeps the same line in the body’s ink (a date line looks so)', async () => {
    const md = (await parsePdf(await printer.print(letter(1, '#000')))).markdown;
    expect(md).toContain('Received 12.03.2024');
    expect(md).toContain('The committee met on Tuesday');
  });
});
