// The set-up of the PDF tests that go through the whole scraper (transformPdf.test.ts, scanLanguages.test.ts): a
// site of fixture files on 127.0.0.1 and a scraper with its stores in a temp dir, the HTTP engine only (PDFs need no
// browser), no proxies and no model, so nothing but the PDF path is exercised.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listenLocal } from '@scrape/test-support';
import { createScraper, type Scraper, type ScraperOptions } from '../src/index.js';

/** What a path answers: its content type and body. */
export type SiteRoute = [contentType: string, body: Uint8Array | string];

export interface PdfSite {
  /** http://127.0.0.1:<port> */
  base: string;
  scraper: Scraper;
  /** How many requests reached `path` (query ignored). */
  hitsOf(path: string): number;
  /** Closes the scraper, then the site, then removes the stores' temp dir. */
  close(): Promise<void>;
}

/** Serves `routes` (any other path: 404) and opens a scraper whose PDF options are `pdf`. */
export async function startPdfSite(routes: Record<string, SiteRoute>, pdf: ScraperOptions['pdf']): Promise<PdfSite> {
  const site = await listenLocal((_req, res, path) => {
    const route = routes[path];
    if (!route) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': route[0] }).end(route[1]);
  });
  const dataDir = mkdtempSync(join(tmpdir(), 'scrape-pdf-site-'));
  const scraper = createScraper({
    allowPrivateUrls: true,
    dataDir,
    engines: { browser: false },
    proxies: {},
    llm: false,
    pdf,
  });
  return {
    base: site.origin,
    scraper,
    hitsOf: (path) => site.hits.filter((url) => url.split('?')[0] === path).length,
    async close() {
      await scraper.close();
      await site.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
