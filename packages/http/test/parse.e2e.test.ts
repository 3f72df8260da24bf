// POST /v2/parse through the Firecrawl SDK as a real client: real DOCX/XLSX/PPTX files made by the libraries
// people make them with, PDFs printed and PNG/JPEG images captured by Chromium, real OCR; hostile uploads.
import Firecrawl from '@mendable/firecrawl-js';
import { useStarted } from '@scrape/test-support';
import { describe, expect, it } from 'vitest';
import { brokenPdf, encryptedPdf, printPdf, REPORT_HTML } from '../../scraper/test/pdfFixtures.js';
import { captureImages, makeDocx, makePptx, makeXlsx, NOTICE_HTML, zipBomb } from './uploadFixtures.js';
import { startService, TEST_KEY } from './startService.js';
import { sdkError } from './sdkError.js';

const files: Record<string, Uint8Array> = {};

const env = useStarted(async (own) => {
  [files.docx, files.xlsx, files.pptx, files.pdf] = await Promise.all([
    makeDocx(),
    makeXlsx(),
    makePptx(),
    printPdf(REPORT_HTML),
  ]);
  ({ png: files.png, jpeg: files.jpeg, webp: files.webp, tiff: files.tiff } = await captureImages(NOTICE_HTML));
  const svc = own(await startService({ parseMaxFileBytes: 2 * 1024 * 1024 }));
  return { svc, client: new Firecrawl({ apiKey: TEST_KEY, apiUrl: svc.baseUrl, maxRetries: 1 }) };
}, 120_000);

/** A raw multipart POST, for what the SDK refuses to send. */
async function upload(
  parts: { name: string; value: string | Uint8Array; filename?: string; type?: string }[],
): Promise<{ status: number; body: any }> {
  const form = new FormData();
  for (const p of parts) {
    if (p.filename !== undefined)
      form.append(p.name, new Blob([p.value as BlobPart], { type: p.type ?? 'application/octet-stream' }), p.filename);
    else form.append(p.name, p.value as string);
  }
  const res = await fetch(`${env.svc.baseUrl}/v2/parse`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TEST_KEY}` },
    body: form,
  });
  return { status: res.status, body: await res.json() };
}

describe('parse: formats', () => {
  it('DOCX: headings, inline emphasis, bullets and a table (first row its header)', async () => {
    const doc = await env.client.parse(
      { filename: 'report.docx', data: Buffer.from(files.docx) },
      { formats: ['markdown'] },
    );
    expect(doc.markdown).toBe(
      '# Harbour Report\n\nTides were **higher** than *expected*.\n\n- North pier repaired\n- South pier ' +
        'closed\n\n## Vessel counts\n\n' +
        '| Month | Vessels |\n| --- | --- |\n| January | 42 |\n| February | 37 |',
    );
    expect(doc.metadata).toMatchObject({ sourceURL: 'report.docx', fileType: 'docx', creditsUsed: 1 });
    expect(doc.metadata?.contentType).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
  });

  it('XLSX: each sheet a heading and a table, in workbook order; formulas and dates as shown', async () => {
    const doc = await env.client.parse(
      { filename: 'berths.xlsx', data: Buffer.from(files.xlsx) },
      { formats: ['markdown'] },
    );
    expect(doc.markdown).toBe(
      '## Berths\n\n| Berth | Length (m) | Open |\n| --- | --- | --- |\n| A1 | 120 | yes |\n| B2 | 85.5 | no |\n| ' +
        'Total | 205.5 |  |\n\n' +
        '## Visits\n\n| Ship | Arrived |\n| --- | --- |\n| Aurora | 2026-01-15 |',
    );
    expect(doc.metadata).toMatchObject({ fileType: 'xlsx', numSheets: 2 });
  });

  it('PPTX: slides in order, titles as headings, bullets, top-to-bottom reading order and tables', async () => {
    const doc = await env.client.parse(
      { filename: 'review.pptx', data: Buffer.from(files.pptx) },
      { formats: ['markdown'] },
    );
    expect(doc.markdown).toBe(
      '## Harbour Review 2026\n\nPrepared by the port office\n\n' +
        // The "Dredging" box was added before the bullets but sits below them on the slide.
        '## Works done\n\n- North pier repaired\n- New crane installed\n\nDredging finished in March\n\n' +
        '## Slide 3\n\nTraffic by quarter\n\n| Quarter | Ships |\n| --- | --- |\n| Q1 | 120 |\n| Q2 | 134 |',
    );
    expect(doc.metadata).toMatchObject({ fileType: 'pptx', numSlides: 3 });
  });

  it('CSV is a table; text and markdown come back as sent', async () => {
    const csv = await env.client.parse(
      { filename: 'ships.csv', data: 'Ship,Flag\n"Aurora, II",NO\nBorealis,IS\n' },
      { formats: ['markdown'] },
    );
    expect(csv.markdown).toBe('| Ship | Flag |\n| --- | --- |\n| Aurora, II | NO |\n| Borealis | IS |');
    const md = await env.client.parse({ filename: 'notes.md', data: '# Notes\n\n- one\n- two\n' });
    expect(md.markdown).toBe('# Notes\n\n- one\n- two\n');
    expect(md.metadata).toMatchObject({ fileType: 'markdown' });
    const txt = await env.client.parse({ filename: 'plain.txt', data: 'Tide tables\nupdated daily' });
    expect(txt.markdown).toBe('Tide tables\nupdated daily');
  });

  it('HTML goes through the normal pipeline: main content, relative links kept relative, html and links formats', async () => {
    const page =
      '<!doctype html><html><head><title>Pier</title></head><body><nav><a href="/">Home</a> | <a ' +
      'href="/about">About</a></nav>' +
      '<main><h1>Pier notice</h1><p>Closed on <a href="/days">Sundays</a>, see <a href="https://example.org/map">the ' +
      'map</a>.</p></main></body></html>';
    const doc = await env.client.parse(
      { filename: 'page.html', data: page },
      { formats: ['markdown', 'links', 'html'] },
    );
    expect(doc.markdown).toBe('# Pier notice\n\nClosed on [Sundays](/days), see [the map](https://example.org/map).');
    expect(doc.links).toEqual(expect.arrayContaining(['/days', 'https://example.org/map']));
    expect(doc.html).toContain('<h1>Pier notice</h1>');
    expect(doc.metadata).toMatchObject({ title: 'Pier', sourceURL: 'page.html', fileType: 'html' });
    expect(JSON.stringify(doc)).not.toContain('upload.invalid');
  });

  it('PDF: the existing parser with its options (maxPages, pages) and a credit per page', async () => {
    const doc = await env.client.parse(
      { filename: 'report.pdf', data: Buffer.from(files.pdf) },
      { formats: ['markdown'], parsers: [{ type: 'pdf', maxPages: 2 }] },
    );
    expect(doc.markdown).toMatch(/^# Harbour Traffic Report\n\nThe harbour handled more ships this year/);
    expect(doc.markdown).toContain('| Type | Calls |\n| --- | --- |\n| Ferry | 1200 |\n| Cargo | 640 |');
    expect(doc.metadata).toMatchObject({ numPages: 2, totalPages: 3, creditsUsed: 2, fileType: 'pdf' });
  });

  it('PNG, JPEG, WebP and TIFF through the offline OCR, lines grouped into paragraphs', async () => {
    const png = await env.client.parse({
      filename: 'notice.png',
      data: Buffer.from(files.png),
      contentType: 'image/png',
    });
    expect(png.markdown).toBe('Harbour notice\n\nThe ferry leaves at noon');
    expect(png.metadata).toMatchObject({ fileType: 'image', contentType: 'image/png' });
    expect(png.metadata?.ocrConfidence).toBeGreaterThan(0.6);
    for (const [name, bytes] of [
      ['notice.jpg', files.jpeg],
      ['notice.webp', files.webp],
      ['notice.tiff', files.tiff],
    ] as const) {
      const doc = await env.client.parse({ filename: name, data: Buffer.from(bytes) });
      expect(doc.markdown, name).toBe('Harbour notice\n\nThe ferry leaves at noon');
    }
  }, 180_000);

  it('redactPII and the scrape options apply to parsed files', async () => {
    const doc = await env.client.parse(
      { filename: 'contact.txt', data: 'Write to harbour.master@example.com about berths.' },
      { redactPII: true } as never,
    );
    expect(doc.markdown).not.toContain('harbour.master@example.com');
    expect(doc.markdown).toContain('about berths.');
  }, 120_000);
});

describe('parse: refused options and hostile or broken uploads', () => {
  it('options parse cannot serve are 400s naming them (sent raw: the SDK refuses them itself)', async () => {
    const res = await upload([
      { name: 'options', value: JSON.stringify({ waitFor: 1000, formats: ['markdown'] }) },
      { name: 'file', value: 'hello', filename: 'a.txt' },
    ]);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'BAD_REQUEST_UNSUPPORTED_OPTION', error: 'parse does not support waitFor' });
    const shot = await upload([
      { name: 'options', value: JSON.stringify({ formats: ['screenshot'] }) },
      { name: 'file', value: 'hi', filename: 'a.txt' },
    ]);
    expect(shot).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST_UNSUPPORTED_FORMAT' } });
    const badJson = await upload([
      { name: 'options', value: '{nope' },
      { name: 'file', value: 'hi', filename: 'a.txt' },
    ]);
    expect(badJson).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST_INVALID_JSON' } });
    const badField = await upload([
      { name: 'options', value: JSON.stringify({ timeout: 5 }) },
      { name: 'file', value: 'hi', filename: 'a.txt' },
    ]);
    expect(badField.status).toBe(400);
    expect(JSON.stringify(badField.body.details)).toContain('timeout');
  });

  it('a file named "x.constructor" with the type "constructor" is plain text, not an Object.prototype member', async () => {
    const text = 'Ferry times for the island, summer timetable.';
    const res = await upload([{ name: 'file', value: text, filename: 'x.constructor', type: 'constructor' }]);
    expect(res).toMatchObject({ status: 200, body: { success: true } });
    expect(res.body.data.markdown).toContain(text);
  });

  it('no file, an empty file, two files, or a JSON body are clear 400s', async () => {
    expect(await upload([{ name: 'options', value: '{}' }])).toMatchObject({
      status: 400,
      body: { code: 'BAD_REQUEST_INVALID_UPLOAD' },
    });
    expect(await upload([{ name: 'file', value: '', filename: 'a.txt' }])).toMatchObject({
      status: 400,
      body: { code: 'BAD_REQUEST_INVALID_UPLOAD' },
    });
    const two = await upload([
      { name: 'file', value: 'a', filename: 'a.txt' },
      { name: 'file', value: 'b', filename: 'b.txt' },
    ]);
    expect(two.status).toBe(400);
    const json = await fetch(`${env.svc.baseUrl}/v2/parse`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TEST_KEY}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(json.status).toBe(400);
    expect(await json.json()).toMatchObject({ code: 'BAD_REQUEST_NOT_MULTIPART' });
  });

  it('an executable is a 415 naming its type; a .docx that is not a zip and an image that is a Word file are 422s', async () => {
    const exe = new Uint8Array(512);
    exe.set([0x4d, 0x5a, 0x90, 0x00, 0x03]);
    const e = await sdkError(env.client.parse({ filename: 'tool.exe', data: Buffer.from(exe) }));
    expect(e).toMatchObject({ status: 415, code: 'PARSE_UNSUPPORTED_FILE_TYPE' });
    expect(e.message).toContain('application/x-msdownload');
    expect(
      await sdkError(env.client.parse({ filename: 'fake.docx', data: 'just some text pretending' })),
    ).toMatchObject({
      status: 422,
      code: 'PARSE_FILE_TYPE_MISMATCH',
    });
    expect(await sdkError(env.client.parse({ filename: 'pic.png', data: Buffer.from(files.docx) }))).toMatchObject({
      status: 422,
      code: 'PARSE_FILE_TYPE_MISMATCH',
    });
    // A zip that is not an office file, under an office name.
    const { zipSync } = await import('fflate');
    const plainZip = zipSync({ 'a.txt': new TextEncoder().encode('hello') });
    expect(await sdkError(env.client.parse({ filename: 'deck.pptx', data: Buffer.from(plainZip) }))).toMatchObject({
      status: 422,
      code: 'PARSE_FILE_TYPE_MISMATCH',
    });
  });

  it('a zip bomb dressed as a .docx is refused from its directory, before anything inflates it', async () => {
    const bomb = zipBomb(24 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const e = await sdkError(env.client.parse({ filename: 'bomb.docx', data: Buffer.from(bomb) }));
    expect(e).toMatchObject({ status: 422, code: 'PARSE_FILE_TOO_COMPLEX' });
  });

  it('encrypted and broken files are 422s with their reason', async () => {
    expect(
      await sdkError(env.client.parse({ filename: 'locked.pdf', data: Buffer.from(encryptedPdf(files.pdf)) })),
    ).toMatchObject({ status: 422, code: 'SCRAPE_PDF_ENCRYPTED' });
    expect(await sdkError(env.client.parse({ filename: 'broken.pdf', data: Buffer.from(brokenPdf()) }))).toMatchObject({
      status: 422,
      code: 'SCRAPE_PDF_UNREADABLE',
    });
    // An encrypted Office file is an OLE container, whatever its name says.
    const ole = new Uint8Array(1024);
    ole.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    expect(await sdkError(env.client.parse({ filename: 'secret.xlsx', data: Buffer.from(ole) }))).toMatchObject({
      status: 422,
      code: 'PARSE_FILE_ENCRYPTED',
    });
    // A real .docx cut in half: the zip's directory is gone.
    const cut = files.docx.subarray(0, Math.floor(files.docx.length / 2));
    const broken = await sdkError(env.client.parse({ filename: 'cut.docx', data: Buffer.from(cut) }));
    expect(broken.status).toBe(422);
    expect(['PARSE_FILE_UNREADABLE', 'PARSE_FILE_TYPE_MISMATCH']).toContain(broken.code);
    // An image whose header promises more pixels than we decode.
    const huge = new Uint8Array(files.png);
    new DataView(huge.buffer).setUint32(16, 100_000);
    new DataView(huge.buffer).setUint32(20, 100_000);
    expect(await sdkError(env.client.parse({ filename: 'huge.png', data: Buffer.from(huge) }))).toMatchObject({
      status: 422,
      code: 'PARSE_FILE_TOO_COMPLEX',
    });
  });

  it('a file over the size limit is a 413 (the server here takes 2 MB)', async () => {
    const res = await upload([
      { name: 'file', value: new Uint8Array(3 * 1024 * 1024).fill(0x61), filename: 'big.txt' },
    ]);
    expect(res).toMatchObject({
      status: 413,
      body: { code: 'PARSE_FILE_TOO_LARGE', details: { limitBytes: 2 * 1024 * 1024 } },
    });
  });

  it('needs a key', async () => {
    const form = new FormData();
    form.append('file', new Blob(['hi']), 'a.txt');
    const res = await fetch(`${env.svc.baseUrl}/v2/parse`, { method: 'POST', body: form });
    expect(res.status).toBe(401);
  });
});
