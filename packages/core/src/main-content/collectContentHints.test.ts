import { describe, expect, it } from 'vitest';
import { parseHTML } from 'linkedom';
import { collectContentHints } from './extractMainContent.js';
import { pageWithHead as page } from './testPages.fixture.js';

describe('collectContentHints', () => {
  it('reads JSON-LD @type values (nested, in @graph) and og:type', () => {
    const doc = page(
      '<p>x</p>',
      `<meta property="og:type" content="Product">
      <script type="application/ld+json">{"@graph":[{"@type":"WebPage"},{"@type":["Product","Thing"],"offers":{"@type":"Offer"}}]}</script>
      <script type="application/ld+json">{ broken json</script>`,
    );
    const hints = collectContentHints(doc);
    expect(hints.ogType).toBe('product');
    expect(hints.jsonLdTypes).toEqual(expect.arrayContaining(['webpage', 'product', 'thing', 'offer']));
  });

  it('skips the walk when the raw HTML names neither JSON-LD nor og:type, and reads them when it does', () => {
    const head =
      '<meta property="og:type" content="article"><script type="application/ld+json">{"@type":"NewsArticle"}</script>';
    const raw = `<!doctype html><html><head>${head}</head><body><p>x</p></body></html>`;
    const doc = parseHTML(raw).document as unknown as Document;
    expect(collectContentHints(doc, raw)).toEqual({ jsonLdTypes: ['newsarticle'], ogType: 'article' });
    // the raw HTML given says there is nothing to find: the document is not read
    expect(collectContentHints(doc, '<html><body><p>x</p></body></html>')).toEqual({ jsonLdTypes: [] });
  });
});
