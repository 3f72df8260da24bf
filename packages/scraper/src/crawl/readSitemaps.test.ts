import { describe, expect, it } from 'vitest';
import { parseSitemap } from './readSitemaps.js';
import { rankBySearch } from './mapSite.js';

describe('parseSitemap', () => {
  it('reads url sets, sitemap indexes (entities decoded) and text sitemaps', () => {
    const set = `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
      <url><loc> https://a.example/x?y=1&amp;z=2 </loc><lastmod>2024-01-01</lastmod></url><url><loc>https://a.example/</loc></url></urlset>`;
    expect(parseSitemap(set)).toEqual({ pages: ['https://a.example/x?y=1&z=2', 'https://a.example/'], sitemaps: [] });
    const index = `<sitemapindex><sitemap><loc>https://a.example/s1.xml</loc></sitemap></sitemapindex>`;
    expect(parseSitemap(index)).toEqual({ pages: [], sitemaps: ['https://a.example/s1.xml'] });
    expect(parseSitemap('https://a.example/one\nhttps://a.example/two\n')).toEqual({
      pages: ['https://a.example/one', 'https://a.example/two'],
      sitemaps: [],
    });
    expect(parseSitemap('<urlset><url><loc>')).toEqual({ pages: [], sitemaps: [] });
  });
});

describe('rankBySearch', () => {
  it('puts URLs with more search words first, shorter first among equals, and keeps the rest in order', () => {
    const links = [
      'https://a.example/about',
      'https://a.example/docs/tide-tables/2024',
      'https://a.example/tides',
      'https://a.example/blog',
    ].map((url) => ({ url }));
    expect(rankBySearch(links, 'Tide tables').map((l) => l.url)).toEqual([
      'https://a.example/docs/tide-tables/2024',
      'https://a.example/tides',
      'https://a.example/about',
      'https://a.example/blog',
    ]);
  });
});
