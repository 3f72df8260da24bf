// Real PDFs for tests: Chromium (the system one, through playwright-core) prints HTML written by the test.
import { type Browser, chromium } from 'playwright-core';

export interface ChromiumPrinter {
  /** `html` printed on pages of its own `@page` size (A4 with no margin unless the HTML says otherwise). */
  print(html: string): Promise<Uint8Array>;
  close(): Promise<void>;
}

export async function chromiumPrinter(): Promise<ChromiumPrinter> {
  const browser: Browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
  return {
    async print(html) {
      const page = await browser.newPage();
      try {
        await page.setContent(html, { waitUntil: 'load' });
        return new Uint8Array(await page.pdf({ preferCSSPageSize: true, printBackground: true }));
      } finally {
        await page.close();
      }
    },
    close: () => browser.close(),
  };
}

/** An A4 page of `body` HTML in the given font, 20 mm margins, at `size` points. */
export function a4(body: string, font = "'Liberation Serif'", size = 11): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><style>@page { size: 210mm 297mm; margin: 0 }
body { margin: 0; font-family: ${font}; font-size: ${size}pt; line-height: 1.3 }
.page { width: 210mm; height: 297mm; box-sizing: border-box; padding: 30mm 20mm 25mm; position: relative }
p { margin: 0 0 8pt }</style></head><body><div class="page">${body}</div></body></html>`;
}
