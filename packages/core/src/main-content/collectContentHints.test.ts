import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { parseHTML } from 'linkedom';
import { walkElements } from '../html/walkElements.js';
import { WALK_CONTINUE } from '../html/walkNodes.js';
import { hintCarrierCollector } from './collectContentHints.js';
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

  it('reads the same hints from a shared walk, and keeps no element of the page once the walk is over', async () => {
    const head =
      '<link rel="canonical" href="https://x.example/a"><meta property="og:type" content="Article">' +
      '<script type="application/ld+json">{"@type":"NewsArticle","articleBody":"Body text."}</script>';
    const body =
      '<template><div itemtype="https://schema.org/QAPage"></div></template>' +
      '<div itemtype="https://schema.org/DiscussionForumPosting"><p>x</p></div>';
    const raw = `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;
    /** Walks a fresh document with a collector and returns the collector and a weak reference to the document. */
    const walked = (html: string) => {
      const doc = parseHTML(html).document as unknown as Document;
      const collector = hintCarrierCollector(html);
      walkElements(doc, (el, depth) => {
        collector.visit(el, depth);
        return WALK_CONTINUE;
      });
      return { collector, expected: collectContentHints(doc, html), page: new WeakRef(doc) };
    };
    const { collector, expected, page } = walked(raw);
    expect(collector.hints()).toEqual(expected);
    expect(expected).toMatchObject({ ogType: 'article', canonicalUrl: 'https://x.example/a' });
    expect(expected.microdataTypes).toEqual(['discussionforumposting']);
    expect(walked('<p>no names</p>').collector.hints()).toEqual({ jsonLdTypes: [] });
    // A collector that held the carriers (elements) for later kept the page's whole tree alive through their links
    // (see hintCarrierCollector): with only the collector left, the document must be collectable.
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    await new Promise((next) => setImmediate(next)); // a WeakRef's target is kept until the current job ends
    gc();
    expect(page.deref()).toBeUndefined();
    expect(collector.hints().jsonLdTypes).toEqual(['newsarticle']);
  });
});
