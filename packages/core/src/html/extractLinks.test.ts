import { describe, expect, it } from 'vitest';
import { cleanHtml } from './cleanHtml.js';
import { extractLinks } from './extractLinks.js';
import { parseHtml } from './parseHtml.js';

const PAGE = `<body>
  <a href="/a">a</a> <a href="https://other.example/b?x=1">b</a> <a href="/a">again</a>
  <a href="#top">top</a> <a href="#">hash</a> <a href="page.html#section">in-page</a> <a href="/c#frag">other page fragment</a>
  <a href="javascript:void(0)">js</a> <a href=" JavaScript:alert(1)">js2</a> <a href="mailto:hi@example.com">mail</a>
  <a href="https://user:secret@example.com/private">creds</a> <a href="">empty</a> <a>no href</a> <a href="http://[bad">bad</a>
  <map><area href="/area" alt="x"></map> <a href="tel:+123">tel</a>
</body>`;
const EXPECTED = [
  'https://example.com/a',
  'https://other.example/b?x=1',
  'https://example.com/c#frag',
  'mailto:hi@example.com',
  'https://example.com/private',
  'https://example.com/area',
  'tel:+123',
];

describe('extractLinks', () => {
  it('returns absolute, de-duplicated links in first-seen order and drops anchors, javascript: and junk', () => {
    const document = parseHtml(PAGE);
    expect(extractLinks(document.body, { url: 'https://example.com/page.html' })).toEqual(EXPECTED);
  });

  it('gives the same answer after cleaning made every href absolute', () => {
    const document = parseHtml(PAGE);
    const body = cleanHtml(document, { baseUrl: 'https://example.com/page.html' });
    expect(extractLinks(body, { url: 'https://example.com/page.html' })).toEqual(EXPECTED);
  });

  it('resolves against a base URL different from the page URL', () => {
    const document = parseHtml('<a href="x">x</a><a href="#y">y</a>');
    expect(extractLinks(document.body, { url: 'https://example.com/p', baseUrl: 'https://cdn.example/base/' })).toEqual(
      ['https://cdn.example/base/x'],
    );
  });

  it('only sees the subtree it is given', () => {
    const document = parseHtml('<nav><a href="/nav">n</a></nav><main><a href="/main">m</a></main>');
    expect(extractLinks(document.querySelector('main')!, { url: 'https://example.com/' })).toEqual([
      'https://example.com/main',
    ]);
  });
});

describe('extractLinks with <base href>', () => {
  it('treats #fragment links made absolute against the base as in-page anchors', () => {
    const document = parseHtml('<a href="#c">c</a><a href="x">x</a>');
    const body = cleanHtml(document, { baseUrl: 'https://example.com/base/' });
    expect(extractLinks(body, { url: 'https://example.com/base/page', baseUrl: 'https://example.com/base/' })).toEqual([
      'https://example.com/base/x',
    ]);
  });
});
