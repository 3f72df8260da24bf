import { describe, expect, it } from 'vitest';
import { collectContentHints } from './collectContentHints.js';
import { findHeadline, matchesHeadline } from './findHeadline.js';
import { computeGood, measureTree } from './measureTree.js';
import { page } from './testPages.fixture.js';
import { parseHTML } from 'linkedom';

const headingOf = (body: string, headline: string | undefined): string | null => {
  const tree = measureTree(page(body).body, { keepComments: false });
  computeGood(tree);
  const found = findHeadline(tree.preorder, headline);
  return found === null ? null : (found.el.textContent ?? '');
};

describe('findHeadline', () => {
  it('finds the heading whose letters are the named headline, with or without the site name around it', () => {
    const body = '<h1>Site logo</h1><h2>Other story</h2><h1>The Harbour Reopens!</h1><p>text</p>';
    expect(headingOf(body, 'The harbour reopens')).toBe('The Harbour Reopens!');
    expect(headingOf(body, 'The harbour reopens | Coast News')).toBe('The Harbour Reopens!');
    expect(headingOf(body, 'Another headline entirely')).toBeNull();
    expect(headingOf(body, undefined)).toBeNull();
  });

  it('does not match a short heading inside a long named headline', () => {
    expect(matchesHeadline('news', 'newsfromtheharbourtoday')).toBe(false);
    expect(matchesHeadline('theharbourreopens', 'theharbourreopenscoastnews')).toBe(true);
  });

  it('reads the headline from JSON-LD first, else og:title (collectContentHints)', () => {
    const head = (extra: string): Document => (parseHTML(`<html><head>${extra}</head><body><p>x</p></body></html>`) as
      unknown as { document: Document }).document;
    const ld = '<script type="application/ld+json">{"@type":"NewsArticle","headline":"From JSON-LD"}</script>';
    const og = '<meta property="og:title" content="From og:title">';
    expect(collectContentHints(head(ld + og)).headline).toBe('From JSON-LD');
    expect(collectContentHints(head(og)).headline).toBe('From og:title');
    expect(collectContentHints(head(og), og).headline).toBe('From og:title');
  });
});
