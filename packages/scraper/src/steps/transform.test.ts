import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScraper, type Scraper } from '../createScraper.js';
import { ScrapeError } from '../errors.js';

// HTML goes through @scrape/core's processHtml; these tests check the scraper feeds it and maps its results.
const ARTICLE = `<!doctype html><html lang="en"><head><title>Widget News</title>
<meta name="description" content="All about widgets"><meta property="og:title" content="OG Widget"></head>
<body><nav><a href="/home">Home</a> <a href="/about">About</a></nav>
<main><article><h1>Widgets are back</h1>
<p>The widget, a small device, returned to stores this week after a long absence from the shelves of most retailers.</p>
<p>Read the <a href="/docs/spec">specification</a> or <a href="https://other.example/ref">the reference</a>.</p>
<p>Contact <a href="mailto:press@example.com">press</a>. <a href="#top">Back to top</a></p>
<p><img alt="inline" src="data:image/png;base64,iVBORw0KGgo="></p>
</article></main>
<footer>Copyright Widget Corp. All rights reserved.</footer></body></html>`;

/** "日本語のページ" as a Shift_JIS HTML page with only a <meta charset> to say so. */
const SJIS_HTML = Buffer.concat([
  Buffer.from('<html><head><meta charset="Shift_JIS"><title>'),
  Buffer.from('93fa967b8cea82cc8379815b8357', 'hex'),
  Buffer.from('</title></head><body><main><article><h1>'),
  Buffer.from('93fa967b8cea82cc8379815b8357', 'hex'),
  Buffer.from('</h1><p>'),
  Buffer.from('93fa967b8cea82cc8379815b8357', 'hex'),
  Buffer.from(' text body long enough to count as content.</p></article></main></body></html>'),
]);

let server: http.Server;
let base = '';
let scraper: Scraper;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === '/article') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(ARTICLE);
    }
    if (req.url === '/sjis') {
      res.writeHead(200, { 'content-type': 'text/html' });
      return res.end(SJIS_HTML);
    }
    if (req.url === '/untyped-html')
      return res.end('<!DOCTYPE html><html><head><title>No type</title></head><body><p>sniffed</p></body></html>');
    res.writeHead(404, { 'content-type': 'text/html' });
    res.end('<html><head><title>Not here</title></head><body><h1>Page not found</h1></body></html>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  scraper = createScraper({ allowPrivateUrls: true });
});

afterAll(async () => {
  await scraper.close();
  await new Promise((r) => server.close(r));
});

describe('HTML through the core pipeline', () => {
  it('markdown of the main content, cleaned html, raw html, links and page metadata', async () => {
    const doc = await scraper.scrape({ url: `${base}/article`, formats: ['markdown', 'html', 'rawHtml', 'links'] });
    expect(doc.markdown).toContain('Widgets are back');
    expect(doc.markdown).toContain('returned to stores');
    expect(doc.markdown).not.toContain('All rights reserved');
    expect(doc.markdown).toContain('<Base64-Image-Removed>');
    expect(doc.rawHtml).toBe(ARTICLE);
    expect(doc.html).toContain(`${base}/docs/spec`);
    expect(doc.html).not.toContain('<footer');
    expect(doc.links).toEqual(
      expect.arrayContaining([`${base}/docs/spec`, 'https://other.example/ref', 'mailto:press@example.com']),
    );
    expect((doc.links as string[]).some((l) => l.endsWith('#top'))).toBe(false);
    expect(doc.metadata).toMatchObject({
      title: 'Widget News',
      description: 'All about widgets',
      statusCode: 200,
      sourceURL: `${base}/article`,
    });
  });

  it('onlyMainContent: false keeps the page chrome; excludeTags removes what it names', async () => {
    const full = await scraper.scrape({ url: `${base}/article`, onlyMainContent: false });
    expect(full.markdown).toContain('All rights reserved');
    const trimmed = await scraper.scrape({
      url: `${base}/article`,
      onlyMainContent: false,
      excludeTags: ['footer', 'nav'],
    });
    expect(trimmed.markdown).not.toContain('All rights reserved');
    expect(trimmed.markdown).toContain('Widgets are back');
  });

  it('an invalid CSS selector in includeTags is a 400', async () => {
    let error: unknown;
    try {
      await scraper.scrape({ url: `${base}/article`, includeTags: ['p[[['] });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ScrapeError);
    expect((error as ScrapeError).status).toBe(400);
  });

  it('a Shift_JIS page declared only by <meta charset> is decoded', async () => {
    const doc = await scraper.scrape({ url: `${base}/sjis` });
    expect(doc.metadata.title).toBe('日本語のページ');
    expect(doc.markdown).toContain('日本語のページ');
  });

  it('an HTML 404 page is a document with its title', async () => {
    const doc = await scraper.scrape({ url: `${base}/missing` });
    expect(doc.metadata).toMatchObject({ statusCode: 404, error: '404 Not Found', title: 'Not here' });
    expect(doc.markdown).toContain('Page not found');
  });

  it('a page without Content-Type that looks like HTML is treated as HTML', async () => {
    const doc = await scraper.scrape({ url: `${base}/untyped-html` });
    expect(doc.metadata).toMatchObject({ title: 'No type', contentType: 'text/html' });
    expect(doc.markdown).toContain('sniffed');
  });
});
