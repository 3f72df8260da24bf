import { describe, expect, it } from 'vitest';
import { createUrlResolver, findBaseUrl } from './createUrlResolver.js';
import { parseHtml } from './parseHtml.js';

describe('createUrlResolver', () => {
  it('resolves relative, protocol-relative and absolute values and trims whitespace', () => {
    const resolve = createUrlResolver('https://example.com/a/b.html');
    expect(resolve(' c.html ')).toBe('https://example.com/a/c.html');
    expect(resolve('//cdn.example/x.png')).toBe('https://cdn.example/x.png');
    expect(resolve('https://other.example/a b')).toBe('https://other.example/a%20b');
    expect(resolve('mailto:x@example.com')).toBe('mailto:x@example.com');
  });

  it('leaves what it cannot resolve as written', () => {
    expect(createUrlResolver('https://example.com/')('http://[::1')).toBe('http://[::1');
    expect(createUrlResolver(undefined)('rel/x.html')).toBe('rel/x.html');
    expect(createUrlResolver('not a url')('rel/x.html')).toBe('rel/x.html');
  });
});

describe('findBaseUrl', () => {
  it('joins the first <base href> onto the page URL', () => {
    const document = parseHtml('<head><base target="_blank"><base href="../static/"><base href="/ignored/"></head>');
    expect(findBaseUrl(document, 'https://example.com/a/b/page.html')).toBe('https://example.com/a/static/');
  });

  it('falls back to the page URL without a usable base, and to undefined without a page URL', () => {
    expect(findBaseUrl(parseHtml('<p>x'), 'https://example.com/p')).toBe('https://example.com/p');
    expect(findBaseUrl(parseHtml('<head><base href="javascript:alert(1)"></head>'), 'https://example.com/p')).toBe(
      'https://example.com/p',
    );
    expect(findBaseUrl(parseHtml('<head><base href="https://cdn.example/"></head>'), '')).toBe('https://cdn.example/');
    expect(findBaseUrl(parseHtml('<p>x'), 'nonsense')).toBeUndefined();
  });
});
