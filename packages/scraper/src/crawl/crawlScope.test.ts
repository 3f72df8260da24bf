import { describe, expect, it } from 'vitest';
import { parseCrawlRequest } from './crawlRequest.js';
import { createCrawlScope } from './crawlScope.js';
import { compileUserPattern } from './compileUserPattern.js';

const scopeOf = (body: Record<string, unknown>) =>
  createCrawlScope(parseCrawlRequest({ url: 'https://www.example.com/docs/intro', ...body }));

describe('createCrawlScope', () => {
  it('gives one key to fragment, trailing-slash, default-port, www and scheme variants', () => {
    const scope = scopeOf({});
    const keys = [
      'https://example.com/docs/a',
      'https://www.example.com/docs/a/',
      'https://example.com:443/docs/a#x',
      'http://example.com/docs/a',
    ].map(scope.keyOf);
    expect(new Set(keys).size).toBe(1);
    expect(scope.keyOf('https://example.com/docs/a?b=1')).not.toBe(scope.keyOf('https://example.com/docs/a'));
    expect(scopeOf({ ignoreQueryParameters: true }).keyOf('https://example.com/docs/a?b=1')).toBe(
      scope.keyOf('https://example.com/docs/a'),
    );
    expect(scopeOf({ deduplicateSimilarURLs: false }).keyOf('http://example.com/docs/a')).not.toBe(
      scopeOf({ deduplicateSimilarURLs: false }).keyOf('https://example.com/docs/a'),
    );
    expect(scope.keyOf('mailto:a@example.com')).toBeNull();
  });

  it('keeps to the start folder unless crawlEntireDomain, and to the host unless subdomains or external links are allowed', () => {
    const scope = scopeOf({});
    expect(scope.allows('https://example.com/docs/guide')).toBe(true);
    expect(scope.allows('https://example.com/blog/post')).toBe(false);
    expect(scopeOf({ crawlEntireDomain: true }).allows('https://example.com/blog/post')).toBe(true);
    expect(scope.allows('https://api.example.com/docs/x')).toBe(false);
    expect(scopeOf({ allowSubdomains: true }).allows('https://api.example.com/anything')).toBe(true);
    expect(scopeOf({ allowSubdomains: true }).allows('https://notexample.com/docs/x')).toBe(false);
    expect(scope.allows('https://other.org/docs/x')).toBe(false);
    expect(scopeOf({ allowExternalLinks: true }).allows('https://other.org/x')).toBe(true);
  });

  it('skips file links and applies include/exclude patterns to the path (or the full URL)', () => {
    expect(scopeOf({}).allows('https://example.com/docs/logo.PNG')).toBe(false);
    expect(scopeOf({}).allows('https://example.com/docs/manual.pdf')).toBe(true);
    const scope = scopeOf({ includePaths: ['^/docs/api'], excludePaths: ['/v1/'] });
    expect(scope.allows('https://example.com/docs/api/v2/users')).toBe(true);
    expect(scope.allows('https://example.com/docs/api/v1/users')).toBe(false);
    expect(scope.allows('https://example.com/docs/guide')).toBe(false);
    const full = scopeOf({ includePaths: ['lang=en'], regexOnFullURL: true });
    expect(full.allows('https://example.com/docs/x?lang=en')).toBe(true);
    expect(full.allows('https://example.com/docs/x?lang=de')).toBe(false);
  });
});

describe('compileUserPattern', () => {
  it('refuses patterns that do not compile, are too long, or can backtrack exponentially, naming the field', () => {
    expect(() => compileUserPattern('(', ['includePaths', 0])).toThrow(/includePaths\.0: does not compile/);
    expect(() => compileUserPattern('x'.repeat(1001), ['excludePaths', 2])).toThrow(/longer than 1000/);
    expect(() => compileUserPattern('(a+)+$', ['excludePaths', 0])).toThrow(/exponential/);
    expect(compileUserPattern('^/blog/[a-z-]+$', ['includePaths', 0]).test('/blog/tide-tables')).toBe(true);
  });

  it('is a 400 with a code through parseCrawlRequest, before any work', () => {
    try {
      parseCrawlRequest({ url: 'https://example.com', excludePaths: ['(x*)*y'] });
      throw new Error('expected a throw');
    } catch (error) {
      expect(error).toMatchObject({ status: 400, code: 'BAD_REQUEST_INVALID_PATTERN' });
    }
  });
});
