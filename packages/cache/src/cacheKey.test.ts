import { describe, expect, it } from 'vitest';
import { cacheKey } from './cacheKey.js';

const url = 'https://example.com/page';

describe('cacheKey', () => {
  it('is stable, short and shared by URL variants', () => {
    expect(cacheKey(url)).toBe(cacheKey('https://EXAMPLE.com/page/#frag'));
    expect(cacheKey(url)).toMatch(/^v2:[A-Za-z0-9_-]{43}$/);
    // v2: a leading www. is part of the key (v1 dropped it, so one host's page could answer another's request).
    expect(cacheKey(url)).not.toBe(cacheKey('https://www.example.com/page'));
    expect(cacheKey(`${url}?q=${'x'.repeat(8000)}`)).toHaveLength(cacheKey(url).length);
  });

  it('treats omitted options as the spec defaults', () => {
    expect(cacheKey(url, {})).toBe(
      cacheKey(url, {
        mobile: false,
        location: { country: 'US' },
        blockAds: true,
        proxy: 'auto',
        screenshot: false,
        waitFor: 0,
      }),
    );
    expect(cacheKey(url, { location: { country: 'us' } })).toBe(cacheKey(url));
  });

  it('separates every dimension that changes the fetch', () => {
    const base = cacheKey(url);
    const variants = [
      { mobile: true },
      { location: { country: 'DE' } },
      { location: { country: 'US', languages: ['de-DE'] } },
      { blockAds: false },
      { proxy: 'enhanced' },
      { proxy: 'basic' },
      { screenshot: true },
      { screenshot: { fullPage: true } },
      { waitFor: 500 },
    ];
    const keys = variants.map((v) => cacheKey(url, v));
    expect(keys).not.toContain(base);
    expect(new Set(keys).size).toBe(variants.length);
  });

  it('is insensitive to screenshot option key order but not to their values or language order', () => {
    expect(cacheKey(url, { screenshot: { fullPage: true, quality: 80 } })).toBe(
      cacheKey(url, { screenshot: { quality: 80, fullPage: true } }),
    );
    expect(cacheKey(url, { screenshot: { quality: 80 } })).not.toBe(cacheKey(url, { screenshot: { quality: 70 } }));
    expect(cacheKey(url, { screenshot: true })).toBe(cacheKey(url, { screenshot: {} }));
    expect(cacheKey(url, { location: { languages: ['en', 'de'] } })).not.toBe(
      cacheKey(url, { location: { languages: ['de', 'en'] } }),
    );
  });
});
