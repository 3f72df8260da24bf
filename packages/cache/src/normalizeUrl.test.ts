import { describe, expect, it } from 'vitest';
import { isCacheError } from './CacheError.js';
import { normalizeUrl } from './normalizeUrl.js';

describe('normalizeUrl', () => {
  it('lower-cases scheme and host, drops default ports and the fragment', () => {
    expect(normalizeUrl('HTTPS://Example.COM:443/Path?q=1#top')).toBe('https://example.com/Path?q=1');
    expect(normalizeUrl('http://example.com:80/')).toBe('http://example.com/');
  });

  it('keeps non-default ports and keeps http and https apart', () => {
    expect(normalizeUrl('http://example.com:8080/a')).toBe('http://example.com:8080/a');
    expect(normalizeUrl('http://example.com/a')).not.toBe(normalizeUrl('https://example.com/a'));
  });

  it('unifies trailing slash and index.html variants', () => {
    const forms = [
      'https://example.com/docs',
      'https://example.com/docs/',
      'https://example.com/docs/index.html',
      'https://EXAMPLE.com/docs/INDEX.HTM',
      'https://example.com/docs//',
    ];
    expect(new Set(forms.map(normalizeUrl))).toEqual(new Set(['https://example.com/docs']));
    expect(normalizeUrl('https://example.com')).toBe('https://example.com/');
    expect(normalizeUrl('https://example.com/index.html')).toBe('https://example.com/');
  });

  it('keeps the query verbatim and in order, and drops a bare "?"', () => {
    expect(normalizeUrl('https://example.com/s?b=2&a=1')).toBe('https://example.com/s?b=2&a=1');
    expect(normalizeUrl('https://example.com/s?b=2&a=1')).not.toBe(normalizeUrl('https://example.com/s?a=1&b=2'));
    expect(normalizeUrl('https://example.com/s?')).toBe('https://example.com/s');
  });

  it('does not merge different paths or hosts', () => {
    expect(normalizeUrl('https://example.com/a')).not.toBe(normalizeUrl('https://example.com/b'));
    expect(normalizeUrl('https://wwwexample.com/')).toBe('https://wwwexample.com/');
    // Distinct names may serve distinct pages (and tenants): www. is part of the key.
    expect(normalizeUrl('https://www.example.com/docs')).toBe('https://www.example.com/docs');
    expect(normalizeUrl('https://WWW.example.com/a')).not.toBe(normalizeUrl('https://example.com/a'));
    expect(normalizeUrl('https://example.com/index.html.bak')).toBe('https://example.com/index.html.bak');
  });

  it('rejects non-http URLs and garbage with a typed error', () => {
    for (const bad of ['ftp://example.com/', 'not a url', 'file:///etc/passwd']) {
      let caught: unknown;
      try {
        normalizeUrl(bad);
      } catch (error) {
        caught = error;
      }
      expect(isCacheError(caught) && caught.kind).toBe('invalid_url');
    }
  });
});
