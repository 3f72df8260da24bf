// PDFs through the whole scraper (real HTTP on 127.0.0.1, real parse threads, real stores): detection, parser
// options, billing, the base64 path, the cache, the time budget and hostile files.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Scraper } from '../createScraper.js';
import { ScrapeError } from '../errors.js';
import {
  brokenPdf,
  encryptedPdf,
  imageOnlyPdf,
  printPdf,
  REPORT_HTML,
  slowPagePdf,
  textPdf,
} from '../../test/pdfFixtures.js';
import { type PdfSite, startPdfSite } from '../../test/pdfSite.js';
import { createPdfWorkerPool } from './createPdfWorkerPool.js';
import { rejectionOf } from '@scrape/test-support';

let report: Uint8Array;
let scan: Uint8Array;
let long: Uint8Array;
let site: PdfSite;
let base = '';
let scraper: Scraper;

const failure = (promise: Promise<unknown>) => rejectionOf(promise, ScrapeError);

beforeAll(async () => {
  report = await printPdf(REPORT_HTML, { header: 'Port Authority Annual Review' });
  scan = imageOnlyPdf(textPdf(1));
  long = textPdf(10_000, 30);
  site = await startPdfSite(
    {
      '/report.pdf': ['application/pdf', report],
      '/download/report': ['application/octet-stream', report],
      '/page.pdf': [
        'text/html; charset=utf-8',
        '<!doctype html><html><head><title>Not a PDF</title></head><body><main><h1>An HTML page</h1><p>It lives at a ' +
          '.pdf URL but is HTML.</p></main></body></html>',
      ],
      '/scan.pdf': ['application/pdf', scan],
      '/long.pdf': ['application/pdf', long],
      '/locked.pdf': ['application/pdf', encryptedPdf(report)],
      '/broken.pdf': ['application/pdf', brokenPdf()],
      '/cached.pdf': ['application/pdf', report],
    },
    { ocr: false },
  );
  ({ base, scraper } = site);
}, 240_000); // a 10,000-line PDF takes 30–40 s to print on a loaded machine: a bound, not a wait

afterAll(async () => {
  await site?.close();
});

describe('PDF detection', () => {
  it('application/pdf: parsed markdown, metadata, contentType, a credit per page', async () => {
    const doc = await scraper.scrape({ url: `${base}/report.pdf`, maxAge: 0 });
    expect(doc.markdown).toMatch(/^# Harbour Traffic Report\n/);
    expect(doc.markdown).toContain('\n## Ships by Type\n');
    expect(doc.markdown).toContain('| Ferry | 1200 |');
    expect(doc.markdown).toContain('[statistics portal](https://example.com/harbour/stats)');
    // The running header is furniture, kept out of the body.
    expect(doc.markdown).not.toContain('Port Authority Annual Review');
    expect(doc.metadata).toMatchObject({
      numPages: 3,
      totalPages: 3,
      contentType: 'application/pdf',
      creditsUsed: 3,
      title: 'Harbour Report',
    });
    expect(doc.pages).toBeUndefined();
    expect(doc.blocks).toBeUndefined();
  });

  it('application/octet-stream behind an extensionless URL is still a PDF', async () => {
    const doc = await scraper.scrape({ url: `${base}/download/report`, formats: ['markdown', 'links'], maxAge: 0 });
    expect(doc.markdown).toMatch(/^# Harbour Traffic Report\n/);
    expect(doc.metadata.contentType).toBe('application/pdf');
    expect(doc.links).toEqual(['https://example.com/harbour/stats']);
  });

  it('an HTML page at a .pdf URL stays HTML', async () => {
    const doc = await scraper.scrape({ url: `${base}/page.pdf`, maxAge: 0 });
    expect(doc.markdown).toContain('# An HTML page');
    expect(doc.metadata.contentType).toBe('text/html; charset=utf-8');
    expect(doc.metadata.numPages).toBeUndefined();
    expect(doc.metadata.creditsUsed).toBe(1);
  });
});

describe('parser options', () => {
  it('pages, blocks and pageMarkers: shapes, spans that slice the markdown, markers between pages', async () => {
    const doc = await scraper.scrape({
      url: `${base}/report.pdf`,
      maxAge: 0,
      parsers: [{ type: 'pdf', mode: 'fast', pages: true, blocks: true, pageMarkers: true }],
    });
    const markdown = doc.markdown as string;
    expect(markdown).toContain('\n\n---\n\n<!-- page 2 -->\n\n## Outlook\n');
    expect(markdown).toContain('\n\n---\n\n<!-- page 3 -->\n\n## Appendix\n');
    expect(markdown).not.toContain('<!-- page 1 -->');
    const pages = doc.pages as { pageNumber: number; markdown: string }[];
    expect(pages.map((p) => p.pageNumber)).toEqual([1, 2, 3]);
    expect(pages[1].markdown).toMatch(/^## Outlook\n/);
    const blocks = doc.blocks as { pageNumber: number; width: number; height: number; status: string; items: any[] }[];
    expect(blocks).toHaveLength(3);
    expect(blocks[0]).toMatchObject({ pageNumber: 1, status: 'ok' });
    expect(blocks[0].width).toBeCloseTo(595.92, 1); // A4 in points
    const items = blocks.flatMap((b) => b.items);
    expect(items.find((i) => i.type === 'title')?.content).toBe('# Harbour Traffic Report');
    expect(items.filter((i) => i.type === 'section_header').map((i) => i.content)).toEqual([
      '## Ships by Type',
      '## Outlook',
      '## Appendix',
    ]);
    expect(items.some((i) => i.type === 'table')).toBe(true);
    expect(items.some((i) => i.type === 'page_header' && i.markdownSpan === null)).toBe(true);
    for (const item of items) {
      expect(item.id).toMatch(/^p[1-3]\.b\d+$/);
      for (const v of item.bbox) expect(v >= 0 && v <= 1).toBe(true);
      if (item.markdownSpan) expect(markdown.slice(item.markdownSpan[0], item.markdownSpan[1])).toBe(item.content);
    }
  });

  it('maxPages: numPages < totalPages, billed per parsed page; the string form "pdf" is the default parser', async () => {
    const doc = await scraper.scrape({
      url: `${base}/report.pdf`,
      maxAge: 0,
      parsers: [{ type: 'pdf', maxPages: 2, pages: true }],
    });
    expect(doc.metadata).toMatchObject({ numPages: 2, totalPages: 3, creditsUsed: 2 });
    expect((doc.pages as unknown[]).length).toBe(2);
    expect(doc.markdown).not.toContain('Appendix');
    const plain = await scraper.scrape({ url: `${base}/report.pdf`, maxAge: 0, parsers: ['pdf'] });
    expect(plain.metadata).toMatchObject({ numPages: 3, creditsUsed: 3 });
  });

  // Issue 20 item 5: the pages were reserved before the page count was known (maxPages, else 10,000), so a 3-page
  // PDF held a whole balance while it parsed and parallel work of the same account was refused meanwhile.
  it('reserves the pages the document has (capped by maxPages), not maxPages, once they are counted', async () => {
    const asked: number[] = [];
    const report = (parsers: unknown[] = ['pdf']) => ({ url: `${base}/report.pdf`, maxAge: 0, parsers });
    const budget = (allow: number) => async (upTo: number) => (asked.push(upTo), Math.min(upTo, allow));
    const all = await scraper.scrape(report(), { creditBudget: budget(100) });
    expect(all.metadata).toMatchObject({ numPages: 3, totalPages: 3, creditsUsed: 3 });
    expect(all.warning).toBeUndefined();
    const capped = await scraper.scrape(report([{ type: 'pdf', maxPages: 2 }]), { creditBudget: budget(100) });
    expect(capped.metadata).toMatchObject({ numPages: 2, totalPages: 3, creditsUsed: 2 });
    expect(asked).toEqual([3, 2]);
    // A balance of 2 parses the first 2 pages and says why; a balance of 0 parses nothing (402).
    const short = await scraper.scrape(report(), { creditBudget: budget(2) });
    expect(short.metadata).toMatchObject({ numPages: 2, totalPages: 3, creditsUsed: 2 });
    expect(short.warning).toMatch(/first 2 of 3 PDF pages: the account's credits cover no more/);
    const none = await failure(scraper.scrape(report(), { creditBudget: budget(0) }));
    expect(none).toMatchObject({ status: 402, code: 'INSUFFICIENT_CREDITS' });
    // A budget that fails (the account store is down) fails the scrape with its own error, not a 402.
    const down = async () => {
      throw new ScrapeError({ status: 503, error: 'Service Unavailable', code: 'ACCOUNT_STORE_UNAVAILABLE' });
    };
    const failed = await failure(scraper.scrape(report(), { creditBudget: down }));
    expect(failed).toMatchObject({ status: 503, code: 'ACCOUNT_STORE_UNAVAILABLE' });
  });

  it('parsers [] returns the file base64-encoded (markdown and rawBase64) at a flat credit', async () => {
    const doc = await scraper.scrape({
      url: `${base}/report.pdf`,
      maxAge: 0,
      parsers: [],
      formats: ['markdown', 'rawBase64'],
    });
    expect(Buffer.from(doc.markdown as string, 'base64').equals(Buffer.from(report))).toBe(true);
    expect(doc.rawBase64).toBe(doc.markdown);
    expect(doc.metadata.creditsUsed).toBe(1);
    expect(doc.metadata.numPages).toBeUndefined();
  });
});

describe('the page cache stores the PDF once', () => {
  it('one fetch serves later option mixes, each transformed on its own', async () => {
    const first = await scraper.scrape({ url: `${base}/cached.pdf` });
    expect(first.metadata.cacheState).toBe('miss');
    const second = await scraper.scrape({
      url: `${base}/cached.pdf`,
      parsers: [{ type: 'pdf', maxPages: 1, pages: true }],
    });
    const third = await scraper.scrape({ url: `${base}/cached.pdf`, parsers: [] });
    expect(site.hitsOf('/cached.pdf')).toBe(1);
    expect(second.metadata).toMatchObject({ cacheState: 'hit', numPages: 1, totalPages: 3, creditsUsed: 1 });
    expect((second.pages as unknown[]).length).toBe(1);
    expect(third.metadata.cacheState).toBe('hit');
    expect(Buffer.from(third.markdown as string, 'base64').equals(Buffer.from(report))).toBe(true);
  });
});

describe('time budget and hostile files', () => {
  it('a timeout too small for the PDF → 408 saying how long it needs, before the scrape timer', async () => {
    const error = await failure(
      scraper.scrape({ url: `${base}/long.pdf`, maxAge: 0, timeout: 1500, parsers: [{ type: 'pdf', mode: 'fast' }] }),
    );
    expect(error.status).toBe(408);
    expect(error.code).toBe('SCRAPE_TIMEOUT');
    expect(error.error).toMatch(
      new RegExp(
        String.raw`^Request Timeout: PDF parsing did not finish in time: \d+ of 10000 pages parsed .* needs about ` +
          String.raw`\d+ s for 10000 pages`,
      ),
    );
    // The PDF's own budget answered (its code and figures), not the scrape timer; a hang is caught by the test's
    // own timeout (a wall-clock bound here failed on a loaded machine).
    expect(error.details).toMatchObject({ code: 'PDF_TIMEOUT', numPages: 10000, timeoutMs: 1500 });
    // The same PDF fits a budget with maxPages.
    const doc = await scraper.scrape({
      url: `${base}/long.pdf`,
      maxAge: 0,
      timeout: 20_000,
      parsers: [{ type: 'pdf', mode: 'fast', maxPages: 20 }],
    });
    expect(doc.metadata).toMatchObject({ numPages: 20, totalPages: 10000, creditsUsed: 20 });
  }, 30_000);

  it('fast mode on a scanned PDF → 422 telling to use auto or ocr; without OCR, auto → 503', async () => {
    const fast = await failure(
      scraper.scrape({ url: `${base}/scan.pdf`, maxAge: 0, parsers: [{ type: 'pdf', mode: 'fast' }] }),
    );
    expect(fast.status).toBe(422);
    expect(fast.code).toBe('SCRAPE_PDF_NEEDS_OCR');
    expect(fast.error).toMatch(/mode "fast" cannot read it; use .*"auto".* or mode "ocr"/);
    const auto = await failure(scraper.scrape({ url: `${base}/scan.pdf`, maxAge: 0 }));
    expect(auto.status).toBe(503);
    expect(auto.code).toBe('SCRAPE_PDF_OCR_UNAVAILABLE');
  });

  it('encrypted and broken PDFs → clear 422s', async () => {
    const locked = await failure(scraper.scrape({ url: `${base}/locked.pdf`, maxAge: 0 }));
    expect(locked.status).toBe(422);
    expect(locked.code).toBe('SCRAPE_PDF_ENCRYPTED');
    expect(locked.error).toMatch(/encrypted/);
    const broken = await failure(scraper.scrape({ url: `${base}/broken.pdf`, maxAge: 0 }));
    expect(broken.status).toBe(422);
    expect(['SCRAPE_PDF_UNREADABLE', 'SCRAPE_PDF_NO_PAGES']).toContain(broken.code);
  });
});

describe('createPdfWorkerPool', () => {
  it('terminates a parse stuck inside one page at the deadline, and the next parse gets a fresh thread', async () => {
    const pool = createPdfWorkerPool({ workers: 1 });
    try {
      const slow = slowPagePdf(2_000_000);
      const started = Date.now();
      const error = await pool.parse(slow, { mode: 'fast' }, { deadline: Date.now() + 800 }).then(
        () => null,
        (e: unknown) => e as { kind: string; message: string; details: { code: string } },
      );
      const elapsed = Date.now() - started;
      expect(error?.kind).toBe('timeout');
      expect(error?.details.code).toBe('PDF_TIMEOUT');
      expect(error?.message).toMatch(/a page kept the parser busy past the deadline .* needs more than \d+ s/);
      expect(elapsed).toBeLessThan(1500);
      const ok = await pool.parse(textPdf(2), { mode: 'fast', pages: true }, { deadline: Date.now() + 10_000 });
      expect(ok.pages!.map((p) => p.markdown)).toEqual(['Body text of page number 1.', 'Body text of page number 2.']);
      // The metrics getter: two parses started on a one-thread pool, none running or waiting now.
      expect(pool.stats()).toMatchObject({ size: 1, busy: 0, queued: 0, parses: 2, ocrActive: 0 });
    } finally {
      await pool.close();
    }
  }, 30_000);

  it('a cancelled parse stops with PDF_ABORTED and leaves the body it was given intact', async () => {
    const pool = createPdfWorkerPool({ workers: 1 });
    try {
      // A Buffer, as the HTTP engine's bodies are: its memory must not be transferred to the thread.
      const body = Buffer.from(long);
      const copy = Buffer.from(long);
      const controller = new AbortController();
      setTimeout(() => controller.abort(new Error('client went away')), 200);
      const started = Date.now();
      const error = await pool
        .parse(body, { mode: 'fast' }, { deadline: Date.now() + 60_000, signal: controller.signal })
        .then(
          () => null,
          (e: unknown) => e as { details: { code: string } },
        );
      expect(error?.details.code).toBe('PDF_ABORTED');
      expect(Date.now() - started).toBeLessThan(1500);
      expect(body.length).toBe(copy.length);
      expect(body.equals(copy)).toBe(true);
    } finally {
      await pool.close();
    }
  }, 30_000);
});
