// PDFs through the real service: POST /v2/scrape against PDFs served by a fixture server on 127.0.0.1 — the docling
// test PDFs of the shared data (when present), PDFs Chromium prints from fixture HTML, a scan made image-only, an
// encrypted and a broken file. Real parse threads, real tesseract for the one OCR test, and the Firecrawl SDK.
import { readFileSync } from 'node:fs';
import Firecrawl from '@mendable/firecrawl-js';
import { listenLocal, useStarted } from '@scrape/test-support';
import { describe, expect, it } from 'vitest';
import {
  brokenPdf,
  doclingPdfs,
  encryptedPdf,
  imageOnlyPdf,
  printPdf,
  REPORT_HTML,
  SCAN_HTML,
  textPdf,
} from '../../scraper/test/pdfFixtures.js';
import { startService, TEST_KEY } from './startService.js';

const DOCLING = new URL('../../../../shared/data/pdf/docling-testdata/', import.meta.url);
const docling = doclingPdfs(new URL('pdfs/', DOCLING));
if (!docling)
  console.warn(
    `pdf.e2e: ${DOCLING.pathname} is absent; the docling PDF tests are skipped (see /work/shared/data/README.md).`,
  );

const routes = new Map<string, [string, Uint8Array | string]>();

const env = useStarted(async (own) => {
  const report = await printPdf(REPORT_HTML, { header: 'Port Authority Annual Review' });
  // A small page with large text, made image-only: one cheap page for real OCR.
  const scan = imageOnlyPdf(await printPdf(SCAN_HTML, { width: '5in', height: '3in' }), 150);
  routes.set('/files/report.pdf', ['application/pdf', report]);
  routes.set('/download/report', ['application/octet-stream', report]);
  routes.set('/files/page.pdf', [
    'text/html; charset=utf-8',
    '<!doctype html><html><head><title>Pier Notice</title></head><body><main><h1>Pier notice</h1><p>This is an HTML ' +
      'page even though its URL ends in .pdf.</p></main></body></html>',
  ]);
  routes.set('/files/scan.pdf', ['application/pdf', scan]);
  routes.set('/files/long.pdf', ['application/pdf', textPdf(10_000, 30)]);
  routes.set('/files/locked.pdf', ['application/pdf', encryptedPdf(report)]);
  routes.set('/files/broken.pdf', ['application/pdf', brokenPdf()]);
  for (const { name, bytes } of docling ?? []) routes.set(`/docling/${name}`, ['application/pdf', bytes]);
  const server = own(
    await listenLocal((_req, res, path) => {
      const route = routes.get(path);
      if (!route) return res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      res.writeHead(200, { 'content-type': route[0], 'content-length': Buffer.byteLength(route[1]) });
      res.end(route[1]);
    }),
  );
  return { report, base: server.origin, svc: own(await startService()) };
}, 240_000); // a cold Chromium printing the PDFs under load: a bound, not a wait

describe('detection', () => {
  it('application/pdf → parsed markdown, PDF metadata, 1 credit per page', async () => {
    const { status, body } = await env.svc.scrape({ url: `${env.base}/files/report.pdf`, maxAge: 0 });
    expect(status).toBe(200);
    expect(body.data.markdown).toMatch(/^# Harbour Traffic Report\n/);
    expect(body.data.markdown).toContain('| Ferry | 1200 |');
    expect(body.data.markdown).not.toContain('Port Authority Annual Review');
    expect(body.data.metadata).toMatchObject({
      numPages: 3,
      totalPages: 3,
      contentType: 'application/pdf',
      creditsUsed: 3,
      title: 'Harbour Report',
      statusCode: 200,
    });
  });

  it('application/octet-stream behind an extensionless URL is still a PDF', async () => {
    const { status, body } = await env.svc.scrape({ url: `${env.base}/download/report`, maxAge: 0 });
    expect(status).toBe(200);
    expect(body.data.markdown).toMatch(/^# Harbour Traffic Report\n/);
    expect(body.data.metadata.contentType).toBe('application/pdf');
  });

  it('an HTML page at a .pdf URL stays HTML', async () => {
    const { status, body } = await env.svc.scrape({ url: `${env.base}/files/page.pdf`, maxAge: 0 });
    expect(status).toBe(200);
    expect(body.data.markdown).toContain('# Pier notice');
    expect(body.data.metadata).toMatchObject({
      title: 'Pier Notice',
      contentType: 'text/html; charset=utf-8',
      creditsUsed: 1,
    });
    expect(body.data.metadata.numPages).toBeUndefined();
  });
});

describe('parser options', () => {
  it('pages, blocks and pageMarkers come back in the documented shapes', async () => {
    const { status, body } = await env.svc.scrape({
      url: `${env.base}/files/report.pdf`,
      maxAge: 0,
      parsers: [{ type: 'pdf', mode: 'fast', pages: true, blocks: true, pageMarkers: true }],
    });
    expect(status).toBe(200);
    const { markdown, pages, blocks } = body.data;
    expect(markdown).toContain('\n\n---\n\n<!-- page 2 -->\n\n## Outlook\n');
    expect(markdown.match(/<!-- page \d+ -->/g)).toEqual(['<!-- page 2 -->', '<!-- page 3 -->']);
    expect(pages).toHaveLength(3);
    expect(pages[0]).toEqual({ pageNumber: 1, markdown: expect.stringMatching(/^# Harbour Traffic Report\n/) });
    expect(Object.keys(blocks[0]).sort()).toEqual(['height', 'items', 'pageNumber', 'status', 'width']);
    const items = blocks.flatMap((b: { items: unknown[] }) => b.items);
    expect(Object.keys(items[0]).sort()).toEqual([
      'bbox',
      'confidence',
      'content',
      'id',
      'label',
      'markdownSpan',
      'readingOrder',
      'source',
      'type',
    ]);
    for (const item of items) {
      if (item.markdownSpan) expect(markdown.slice(item.markdownSpan[0], item.markdownSpan[1])).toBe(item.content);
      expect(item.source).toBe('native_text');
    }
  });

  it('maxPages: numPages < totalPages and creditsUsed follows numPages', async () => {
    const { body } = await env.svc.scrape({
      url: `${env.base}/files/report.pdf`,
      maxAge: 0,
      parsers: [{ type: 'pdf', maxPages: 1 }],
    });
    expect(body.data.metadata).toMatchObject({ numPages: 1, totalPages: 3, creditsUsed: 1 });
    expect(body.data.markdown).not.toContain('Outlook');
  });

  it('parsers [] → the file base64-encoded in markdown (and rawBase64), decoding to the same bytes, 1 credit', async () => {
    const { status, body } = await env.svc.scrape({
      url: `${env.base}/files/report.pdf`,
      maxAge: 0,
      parsers: [],
      formats: ['markdown', 'rawBase64'],
    });
    expect(status).toBe(200);
    expect(Buffer.from(body.data.markdown, 'base64').equals(Buffer.from(env.report))).toBe(true);
    expect(body.data.rawBase64).toBe(body.data.markdown);
    expect(body.data.metadata.creditsUsed).toBe(1);
  });
});

describe('scanned PDFs', () => {
  it('fast mode → 422 telling to use auto or ocr', async () => {
    const { status, body } = await env.svc.scrape({
      url: `${env.base}/files/scan.pdf`,
      maxAge: 0,
      parsers: [{ type: 'pdf', mode: 'fast' }],
    });
    expect(status).toBe(422);
    expect(body).toMatchObject({ success: false, code: 'SCRAPE_PDF_NEEDS_OCR' });
    expect(body.error).toMatch(/use parsers: \[\{ type: "pdf", mode: "auto" \}\] or mode "ocr"/);
  });

  it('auto mode reads the image-only page with OCR (real tesseract)', async () => {
    const { status, body } = await env.svc.scrape({
      url: `${env.base}/files/scan.pdf`,
      maxAge: 0,
      timeout: 60_000,
      parsers: [{ type: 'pdf', blocks: true }],
    });
    expect(status).toBe(200);
    // Text may wrap on the narrow page: compare word sequences.
    expect(body.data.markdown.toLowerCase().replace(/\s+/g, ' ')).toContain('harbour notice the ferry leaves at noon');
    expect(body.data.metadata).toMatchObject({ numPages: 1, creditsUsed: 1 });
    const items = body.data.blocks[0].items;
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((i: { source: string }) => i.source === 'ocr')).toBe(true);
    expect(items[0].confidence.ocr).toBeGreaterThan(0.5);
  }, 90_000);
});

describe('time budget and hostile files', () => {
  it('a timeout too small → 408 saying how long the PDF needs', async () => {
    const started = Date.now();
    const { status, body } = await env.svc.scrape({
      url: `${env.base}/files/long.pdf`,
      maxAge: 0,
      timeout: 2000,
      parsers: [{ type: 'pdf', mode: 'fast' }],
    });
    expect(status).toBe(408);
    expect(body.code).toBe('SCRAPE_TIMEOUT');
    expect(body.details).toMatchObject({ code: 'PDF_TIMEOUT' });
    if (!('parsedPages' in body.details)) {
      // A machine so busy that the parser thread could not even report at the deadline: it is terminated, and the
      // answer says how long it ran (no page count to extrapolate from) and what to change.
      expect(body.error).toMatch(
        new RegExp(
          String.raw`^Request Timeout: PDF parsing did not finish in time: a page kept the parser busy past the ` +
            String.raw`deadline .*needs more than \d+ s; raise the request timeout`,
        ),
      );
      return;
    }
    expect(body.error).toMatch(
      new RegExp(
        String.raw`^Request Timeout: PDF parsing did not finish in time: .*needs about \d+ s for 10000 pages; raise` +
          String.raw` the request timeout`,
      ),
    );
    expect(body.details).toMatchObject({ code: 'PDF_TIMEOUT', numPages: 10000, timeoutMs: 2000 });
    // It stopped at the budget rather than parsing on: pages were left, and the answer came well before the time
    // the whole PDF needs at the rate measured in this run (a wall-clock bound would fail on a loaded machine).
    const details = body.details as { parsedPages: number; estimatedMs: number };
    expect(details.parsedPages).toBeLessThan(10000);
    expect(Date.now() - started).toBeLessThan(details.estimatedMs / 2);
  });

  it('an encrypted PDF → 422 saying it is encrypted; a broken one → 422 unreadable', async () => {
    const locked = await env.svc.scrape({ url: `${env.base}/files/locked.pdf`, maxAge: 0 });
    expect(locked.status).toBe(422);
    expect(locked.body.code).toBe('SCRAPE_PDF_ENCRYPTED');
    expect(locked.body.error).toMatch(/encrypted and needs a password/);
    const broken = await env.svc.scrape({ url: `${env.base}/files/broken.pdf`, maxAge: 0 });
    expect(broken.status).toBe(422);
    expect(['SCRAPE_PDF_UNREADABLE', 'SCRAPE_PDF_NO_PAGES']).toContain(broken.body.code);
  });
});

describe.skipIf(!docling)('the docling test PDFs', () => {
  it.each((docling ?? []).map((d) => d.name))(
    '%s: every page parsed, page count as the reference, spans slice the markdown',
    async (name) => {
      const truth = JSON.parse(
        readFileSync(new URL(`groundtruth/${name.replace(/\.pdf$/, '.json')}`, DOCLING), 'utf8'),
      ) as { pages: object };
      const expectedPages = Object.keys(truth.pages).length;
      const { status, body } = await env.svc.scrape({
        url: `${env.base}/docling/${name}`,
        maxAge: 0,
        parsers: [{ type: 'pdf', mode: 'fast', pages: true, blocks: true }],
      });
      expect(status).toBe(200);
      expect(body.data.metadata).toMatchObject({
        numPages: expectedPages,
        totalPages: expectedPages,
        creditsUsed: expectedPages,
        contentType: 'application/pdf',
      });
      expect(body.data.pages).toHaveLength(expectedPages);
      expect(body.data.markdown.length).toBeGreaterThan(100);
      for (const page of body.data.blocks) {
        for (const item of page.items) {
          if (item.markdownSpan)
            expect(body.data.markdown.slice(item.markdownSpan[0], item.markdownSpan[1])).toBe(item.content);
          if (item.bbox) expect(item.bbox.every((v: number) => v >= 0 && v <= 1)).toBe(true);
        }
      }
    },
    60_000,
  );
});

describe('Firecrawl SDK', () => {
  it('scrape(pdfUrl) gives markdown and the PDF metadata; parsers pass through', async () => {
    const client = new Firecrawl({ apiKey: TEST_KEY, apiUrl: env.svc.baseUrl, maxRetries: 1 });
    const doc = await client.scrape(`${env.base}/files/report.pdf`, { formats: ['markdown'], maxAge: 0 });
    expect(doc.markdown).toMatch(/^# Harbour Traffic Report\n/);
    expect(doc.metadata).toMatchObject({ numPages: 3, totalPages: 3, contentType: 'application/pdf', creditsUsed: 3 });
    const capped = await client.scrape(`${env.base}/files/report.pdf`, {
      formats: ['markdown'],
      maxAge: 0,
      parsers: [{ type: 'pdf', maxPages: 2 }],
    });
    expect(capped.metadata).toMatchObject({ numPages: 2, totalPages: 3 });
  });
});
