import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listenLocal, type LocalServer } from '@scrape/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScraper, type Scraper } from '../createScraper.js';

let site: LocalServer;
let scraper: Scraper;
let dataDir: string;

const page = (title: string, links: string[]) =>
  `<html><head><title>${title}</title></head><body><nav>${links.map((l) => `<a href="${l}">${l}</a>`).join(' ')}</nav><main><h1>${title}</h1><p>The ${title} page of the little site.</p></main></body></html>`;

beforeAll(async () => {
  site = await listenLocal((_req, res, path) => {
    const pages: Record<string, string> = {
      '/': page('Home', ['/a', '/b']),
      '/a': page('Alpha', ['/b', '/c']),
      '/b': page('Beta', ['/']),
      '/c': page('Gamma', []),
    };
    if (path === '/robots.txt') return void res.writeHead(404).end();
    if (path === '/sitemap.xml')
      return void res
        .writeHead(200, { 'content-type': 'application/xml' })
        .end(`<urlset><url><loc>${site.origin}/hidden</loc></url></urlset>`);
    if (path === '/hidden') return void res.writeHead(200, { 'content-type': 'text/html' }).end(page('Hidden', []));
    const body = pages[path];
    res.writeHead(body ? 200 : 404, { 'content-type': 'text/html' }).end(body ?? page('Missing', []));
  });
  dataDir = mkdtempSync(join(tmpdir(), 'scrape-inprocess-crawl-'));
  scraper = createScraper({ allowPrivateUrls: true, dataDir, engines: { browser: false }, pdf: { ocr: false } });
});
afterAll(async () => {
  await scraper?.close();
  await site?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('in-process crawl, batch and map', () => {
  it('scraper.crawl() yields every page once as an async iterable (links in navigation followed)', async () => {
    const titles: string[] = [];
    for await (const doc of scraper.crawl({ url: `${site.origin}/`, scrapeOptions: { formats: ['markdown'] } })) {
      titles.push(String(doc.metadata.title));
      expect(doc.rawHtml).toBeUndefined();
      expect(typeof doc.markdown).toBe('string');
    }
    expect(titles.sort()).toEqual(['Alpha', 'Beta', 'Gamma', 'Hidden', 'Home']);
  });

  it('scraper.batch() yields one document per URL; scraper.map() lists the site', async () => {
    const docs = [];
    for await (const doc of scraper.batch({ urls: [`${site.origin}/a`, `${site.origin}/c`], formats: ['markdown'] }))
      docs.push(doc);
    expect(docs.map((d) => d.metadata.title).sort()).toEqual(['Alpha', 'Gamma']);
    const { links } = await scraper.map({ url: `${site.origin}/` });
    expect(links.map((l) => new URL(l.url).pathname).sort()).toEqual(['/', '/a', '/b', '/hidden']);
  });

  it('validation errors are thrown before any job exists', async () => {
    const iterate = async () => {
      for await (const _ of scraper.crawl({ url: 'nope' })) void _;
    };
    await expect(iterate()).rejects.toMatchObject({ status: 400, code: 'BAD_REQUEST_INVALID_URL' });
  });
});
