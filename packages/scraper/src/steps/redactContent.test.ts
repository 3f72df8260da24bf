import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { preloadPiiGazetteers } from '@scrape/core/internal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScraper, type Scraper } from '../createScraper.js';
import { ScrapeError } from '../errors.js';
import { parseScrapeRequest } from '../contract/parseScrapeRequest.js';
import { planScrape } from './plan.js';
import { redactContent, redactJsonOrFail, redactOptionsOf, redactTextOrFail } from './redactContent.js';
import type { Content } from './types.js';
import { rejectionOf } from '@scrape/test-support';

const PAGE = `<!DOCTYPE html><html><head><title>Contact Maria Gonzalez</title>
<meta name="description" content="Write to maria.gonzalez@example.org or call +1 415 555 0132.">
</head><body><main>
<h1>Our team</h1>
<p>Maria Gonzalez answers at maria.gonzalez@example.org and on +1 415 555 0132. Her card 4111 1111 1111 1111 is on file.</p>
<table><thead><tr><th>Name</th><th>Email</th><th>Role</th></tr></thead>
<tbody><tr><td>Robert Miller</td><td>bob.miller@example.org</td><td>Editor</td></tr></tbody></table>
<p><a href="mailto:maria.gonzalez@example.org">Mail Maria</a> or read <a href="https://docs.example.com/guide">the guide</a>.</p>
</main></body></html>`;

let server: http.Server;
let base = '';
let scraper: Scraper;

beforeAll(async () => {
  server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(PAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  scraper = createScraper({ allowPrivateUrls: true, cache: false, engines: { browser: false }, proxies: {} });
  // The name and place lists load once per process (seconds, over a minute at load 20 on 2 cores): not part of any
  // one test; the bound only catches a hang.
  await preloadPiiGazetteers();
}, 180_000);

afterAll(async () => {
  await scraper.close();
  await new Promise((r) => server.close(r));
});

const failure = (promise: Promise<unknown>) => rejectionOf(promise, ScrapeError);

describe('redactPII in the scrape pipeline', () => {
  it('redacts markdown, links and page metadata, and counts per type', async () => {
    const doc = (await scraper.scrape({
      url: `${base}/team`,
      formats: ['markdown', 'links'],
      onlyMainContent: false,
      redactPII: true,
    })) as Record<string, any>;
    const md: string = doc.markdown;
    for (const value of [
      'Maria Gonzalez',
      'maria.gonzalez@example.org',
      '415 555 0132',
      '4111 1111 1111 1111',
      'Robert Miller',
      'bob.miller@example.org',
    ]) {
      expect(md).not.toContain(value);
    }
    expect(md).not.toMatch(/Gonzalez|Miller/);
    expect(md).toContain('[PERSON]');
    expect(md).toContain('[EMAIL]');
    // Table keeps its three columns; the ordinary cell survives.
    expect(md).toMatch(/\|\s*\[PERSON\]\s*\|\s*\[EMAIL\]\s*\|\s*Editor\s*\|/);
    // A link without PII still works; the mailto link keeps its scheme.
    expect(md).toContain('(https://docs.example.com/guide)');
    expect(doc.links).toContain('https://docs.example.com/guide');
    expect(doc.links.join(' ')).not.toContain('maria.gonzalez@example.org');
    expect(doc.metadata.title).not.toContain('Maria Gonzalez');
    expect(doc.metadata.description).not.toContain('maria.gonzalez@example.org');
    expect(doc.metadata.piiRedactions.EMAIL).toBeGreaterThanOrEqual(3);
    expect(doc.metadata.piiRedactions.PERSON).toBeGreaterThanOrEqual(2);
    expect(doc.metadata.piiRedactions.FINANCIAL).toBe(1);
    expect(doc.metadata.sourceURL).toBe(`${base}/team`);
  });

  it('honours an entity subset (the spec alias included) and the mask style', async () => {
    const doc = (await scraper.scrape({
      url: `${base}/team`,
      formats: ['markdown'],
      redactPII: { mode: 'fast', entities: ['EMAIL', 'URL-with-credentials'], replaceStyle: 'mask' },
    })) as Record<string, any>;
    expect(doc.markdown).not.toContain('maria.gonzalez@example.org');
    expect(doc.markdown).toContain('█'.repeat('maria.gonzalez@example.org'.length));
    expect(doc.markdown).toContain('Maria Gonzalez');
    expect(doc.markdown).toContain('4111 1111 1111 1111');
    expect(Object.keys(doc.metadata.piiRedactions)).toEqual(['EMAIL']);
  });

  it('without redactPII nothing is redacted and no counts are reported', async () => {
    const doc = (await scraper.scrape({ url: `${base}/team`, formats: ['markdown'] })) as Record<string, any>;
    expect(doc.markdown).toContain('maria.gonzalez@example.org');
    expect(doc.metadata.piiRedactions).toBeUndefined();
  });

  it.each([
    [['html'], 'format html'],
    [['markdown', 'rawHtml'], 'format rawHtml'],
    [['rawBase64'], 'format rawBase64'],
  ])('refuses %j with a 400 naming it', async (formats, named) => {
    const error = await failure(scraper.scrape({ url: `${base}/team`, formats, redactPII: true }));
    expect(error.status).toBe(400);
    expect(error.code).toBe('BAD_REQUEST_PII_UNSUPPORTED_FORMAT');
    expect(error.error).toContain(named);
  });
});

describe('fail closed', () => {
  it('a redactor failure is a 500 SCRAPE_PII_REDACTION_FAILED, never the text', async () => {
    let deep: unknown = 'maria.gonzalez@example.org';
    for (let i = 0; i < 300; i++) deep = [deep];
    const error = await failure(redactJsonOrFail(deep, true));
    expect(error.status).toBe(500);
    expect(error.code).toBe('SCRAPE_PII_REDACTION_FAILED');
    expect(JSON.stringify(error.toJSON())).not.toContain('maria.gonzalez');
    const bad = await failure(redactTextOrFail(42 as unknown as string, true));
    expect(bad.code).toBe('SCRAPE_PII_REDACTION_FAILED');
  });

  it('maps the alias and leaves true alone', () => {
    expect(redactOptionsOf({ redactPII: true })).toBe(true);
    expect(redactOptionsOf({ redactPII: false })).toBeUndefined();
    expect(redactOptionsOf({ redactPII: { entities: ['URL-with-credentials', 'URL_CREDENTIALS', 'EMAIL'] } })).toEqual({
      entities: ['URL_CREDENTIALS', 'EMAIL'],
    });
  });
});

describe('PDF pages and blocks', () => {
  it('their text is redacted and markdownSpan becomes null; the remembered content is left alone', async () => {
    const plan = planScrape(parseScrapeRequest({ url: 'http://127.0.0.1/doc.pdf', redactPII: true }));
    const text = 'Invoice for Robert Miller, robert.miller@example.org.';
    const content: Content = { kind: 'pdf', markdown: text, metadata: { title: 'Invoice for Robert Miller' } };
    const block = {
      id: 'p1.b0',
      type: 'text' as const,
      label: 'paragraph',
      bbox: null,
      content: text,
      markdownSpan: [0, text.length] as [number, number],
      readingOrder: 0,
      source: 'native_text' as const,
      confidence: { layout: null, ocr: null },
    };
    const fields = {
      markdown: text,
      pages: [{ pageNumber: 1, markdown: text }],
      blocks: [{ pageNumber: 1, width: 612, height: 792, status: 'ok' as const, items: [block] }],
    };
    const out = await redactContent(plan, content, fields);
    expect(out.fields.markdown).toBe('Invoice for [PERSON], [EMAIL].');
    expect(out.fields.pages![0].markdown).toBe('Invoice for [PERSON], [EMAIL].');
    expect(out.fields.blocks![0].items[0]).toMatchObject({
      content: 'Invoice for [PERSON], [EMAIL].',
      markdownSpan: null,
      id: 'p1.b0',
    });
    expect(out.content.metadata.title).toBe('Invoice for [PERSON]');
    expect((out.content.metadata as Record<string, unknown>).piiRedactions).toEqual({ PERSON: 4, EMAIL: 3 });
    // Inputs untouched: the transform memo may hand the same content to the next scrape.
    expect(content.metadata.title).toBe('Invoice for Robert Miller');
    expect(block.markdownSpan).toEqual([0, text.length]);
    expect(fields.pages[0].markdown).toBe(text);
  });
});
