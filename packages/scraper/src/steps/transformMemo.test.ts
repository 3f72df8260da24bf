import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock, embeddedHome, startFixture, type Fixture, type Home } from '../../test/cacheHomes.js';
import type { Scraper } from '../createScraper.js';
import { copyContent, createTransformMemo } from './transformMemo.js';
import type { Content } from './types.js';

const content = (markdown: string, links: string[] = []): Content => ({
  kind: 'html',
  markdown,
  links,
  metadata: { title: markdown.slice(0, 5) },
});

describe('createTransformMemo', () => {
  it('hands out copies: changing what it returned does not change what it keeps', () => {
    const memo = createTransformMemo(1024 * 1024);
    memo.set('a', content('alpha', ['https://x/1']));
    const first = memo.get('a')!;
    first.links!.push('https://evil/');
    (first.metadata as Record<string, unknown>).title = 'changed';
    expect(memo.get('a')).toEqual(content('alpha', ['https://x/1']));
  });

  it('copyContent copies objects, arrays and non-plain values deeply; only strings are shared', () => {
    const make = () => ({
      kind: 'html',
      markdown: 'm',
      metadata: { og: { images: ['a'] }, at: new Date(0) },
      pages: [{ n: 1 }],
    });
    const original = make();
    const copy = copyContent(original);
    expect(copy).toEqual(original);
    copy.metadata.og.images.push('b');
    copy.metadata.at.setTime(5);
    copy.pages[0].n = 2;
    expect(original).toEqual(make());
  });

  it('copyContent keeps a "__proto__" or "constructor" key of page-derived content as a plain own key', () => {
    const original = JSON.parse('{"metadata":{"__proto__":{"polluted":true},"constructor":"c"}}');
    const copy = copyContent(original);
    expect(Object.getPrototypeOf(copy.metadata)).toBe(Object.prototype);
    expect(Object.keys(copy.metadata)).toEqual(['__proto__', 'constructor']);
    const own = (object: object) => Object.getOwnPropertyDescriptor(object, '__proto__')?.value;
    expect(own(copy.metadata)).toEqual({ polluted: true });
    expect(own(copy.metadata)).not.toBe(own(original.metadata));
    expect(copy.metadata.constructor).toBe('c');
  });

  it('drops the least recently used entries beyond its byte budget, and never keeps an oversized one', () => {
    const page = 'x'.repeat(1000); // ~2 KB retained each; the budget holds nine
    const memo = createTransformMemo(20_000);
    const names = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'];
    for (const name of names) memo.set(name, content(page));
    expect(memo.get('a')).toBeDefined(); // a is now the most recently used
    memo.set('j', content(page));
    expect(memo.get('b')).toBeUndefined();
    for (const name of ['a', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j']) expect(memo.get(name), name).toBeDefined();
    expect(memo.bytes).toBeLessThanOrEqual(20_000);
    memo.set('huge', content('y'.repeat(2000))); // over an eighth of the budget
    expect(memo.get('huge')).toBeUndefined();
    expect(memo.get('j')).toBeDefined();
  });
});

describe('remembered transforms through createScraper', () => {
  let site: Fixture;
  let home: Home;
  let scraper: Scraper;
  const html = `<!doctype html><html><head><title>Memo</title></head><body><nav><a href="/home">Home</a></nav>
<main><article><h1>Memo page</h1><p>The body of the page, long enough to be the main content of this small article here.</p>
<p><a href="/next">next page</a></p></article></main><footer>Footer text of the site</footer></body></html>`;
  beforeAll(async () => {
    site = await startFixture();
    site.set('/memo', { body: html });
    home = embeddedHome(createManualClock());
    scraper = home.scraper();
  });
  afterAll(async () => {
    await home.dispose();
    await site.close();
  });

  it('a hit never gets content transformed with other options, and a caller cannot alter what later hits get', async () => {
    const url = site.url('/memo');
    const main = await scraper.scrape({ url, formats: ['markdown', 'links'] });
    const hitMain = await scraper.scrape({ url, formats: ['markdown', 'links'] });
    expect(hitMain.metadata.cacheState).toBe('hit');
    expect(hitMain.markdown).toBe(main.markdown);
    expect(hitMain.markdown).not.toContain('Footer text');
    const full = await scraper.scrape({ url, formats: ['markdown', 'links'], onlyMainContent: false });
    expect(full.metadata.cacheState).toBe('hit');
    expect(full.markdown).toContain('Footer text');
    const trimmed = await scraper.scrape({ url, formats: ['markdown'], excludeTags: ['h1'] });
    expect(trimmed.markdown).not.toContain('Memo page');
    (hitMain.links as string[]).length = 0;
    (hitMain.metadata as Record<string, unknown>).title = 'tampered';
    const again = await scraper.scrape({ url, formats: ['markdown', 'links'] });
    expect(again.links).toEqual(main.links);
    expect(again.metadata.title).toBe('Memo');
    expect(site.hits('/memo')).toBe(1);
  });
});
