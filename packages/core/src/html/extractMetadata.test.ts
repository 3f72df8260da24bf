import { describe, expect, it } from 'vitest';
import { extractMetadata, metadataKey } from './extractMetadata.js';
import { parseHtml } from './parseHtml.js';

const PAGE = `<!doctype html><html lang="fr-CA"><head>
  <meta charset="utf-8"><meta http-equiv="X-UA-Compatible" content="IE=edge">
  <title>
    Caf&eacute; &amp; Cr&egrave;me   — Home
  </title>
  <meta name="Description" content="Le meilleur caf&eacute; &lt;de&gt; la ville">
  <meta name="keywords" content="café, crème">
  <meta property="og:title" content="OG Café"><meta property="og:description" content="OG desc">
  <meta property="og:image" content="https://example.com/1.jpg"><meta property="og:image" content="https://example.com/2.jpg">
  <meta property="og:url" content="https://example.com/"><meta property="og:site_name" content="Example">
  <meta property="og:locale" content="fr_CA"><meta property="og:locale:alternate" content="en_US">
  <meta property="article:published_time" content="2024-01-02T03:04:05Z"><meta property="article:modified_time" content="2024-02-03">
  <meta property="article:tag" content="coffee"><meta property="article:tag" content="cream">
  <meta name="DC.date" content="2024-01-01"><meta name="dcterms.created" content="2023-12-31"><meta name="DC.Date.Created" content="2023-12-30">
  <meta name="twitter:card" content="summary"><meta name="twitter:card" content="summary">
  <meta name="__proto__" content="not a prototype">
  <link rel="apple-touch-icon" href="/apple.png"><link rel="shortcut icon" href="/favicon.ico">
</head><body><svg><title>chart title</title></svg><p>x</p><div itemscope><meta itemprop="price" content="9.99"></div></body></html>`;

describe('extractMetadata', () => {
  it('reads the well-known fields with decoded text', () => {
    const metadata = extractMetadata(parseHtml(PAGE), { baseUrl: 'https://example.com/menu/' });
    expect(metadata).toMatchObject({
      title: 'Café & Crème — Home',
      description: 'Le meilleur café <de> la ville',
      keywords: 'café, crème',
      language: 'fr-CA',
      favicon: 'https://example.com/favicon.ico',
      ogTitle: 'OG Café',
      ogDescription: 'OG desc',
      ogImage: ['https://example.com/1.jpg', 'https://example.com/2.jpg'],
      ogUrl: 'https://example.com/',
      ogSiteName: 'Example',
      ogLocale: 'fr_CA',
      ogLocaleAlternate: ['en_US'],
      publishedTime: '2024-01-02T03:04:05Z',
      modifiedTime: '2024-02-03',
      articleTag: ['coffee', 'cream'],
      dcDate: '2024-01-01',
      dcTermsCreated: '2023-12-31',
      dcDateCreated: '2023-12-30',
      'twitter:card': 'summary',
      price: '9.99',
    });
  });

  it('keeps odd names as plain keys and skips charset/http-equiv metas', () => {
    const metadata = extractMetadata(parseHtml(PAGE));
    expect(Object.getOwnPropertyDescriptor(metadata, '__proto__')?.value).toBe('not a prototype');
    expect(Object.getPrototypeOf(metadata)).toBe(Object.prototype);
    expect(Object.keys(metadata)).not.toContain('X-UA-Compatible');
    expect(Object.keys(metadata)).not.toContain('og:title');
  });

  it('returns an empty object for a page without metadata, and ignores SVG titles', () => {
    expect(extractMetadata(parseHtml(''))).toEqual({});
    expect(extractMetadata(parseHtml('<svg><title>s</title></svg>'))).toEqual({});
  });

  it('makes a <title> and a different <meta name="title"> an array', () => {
    expect(extractMetadata(parseHtml('<title>A</title><meta name="title" content="B">')).title).toEqual(['A', 'B']);
    expect(extractMetadata(parseHtml('<title>A</title><meta name="title" content="A">')).title).toBe('A');
  });
});

describe('metadataKey', () => {
  it.each([
    ['og:image:secure_url', 'ogImageSecureUrl'],
    ['OG:Title', 'ogTitle'],
    ['article:section', 'articleSection'],
    ['dcterms.audience', 'dcTermsAudience'],
    ['DC:subject', 'dcSubject'],
    ['Description', 'description'],
    ['twitter:image', 'twitter:image'],
    ['citation_title', 'citation_title'],
  ])('%s → %s', (raw, key) => expect(metadataKey(raw)).toBe(key));
});
