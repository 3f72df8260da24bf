import { describe, expect, it } from 'vitest';
import { googleExportUrl } from './googleExportUrl.js';

const ID = '1AbCdEfGhIjKlMnOpQrStUvWxYz0123456789';
const exportOf = (url: string) => googleExportUrl(new URL(url))?.href;

describe('googleExportUrl', () => {
  it.each([
    [
      `https://docs.google.com/document/d/${ID}/edit?usp=sharing`,
      `https://docs.google.com/document/d/${ID}/export?format=pdf`,
    ],
    [`https://docs.google.com/document/u/1/d/${ID}/edit`, `https://docs.google.com/document/d/${ID}/export?format=pdf`],
    [
      `https://docs.google.com/spreadsheets/d/${ID}/edit#gid=1234`,
      `https://docs.google.com/spreadsheets/d/${ID}/export?format=csv&gid=1234`,
    ],
    [
      `https://docs.google.com/spreadsheets/d/${ID}/edit?gid=77#gid=77`,
      `https://docs.google.com/spreadsheets/d/${ID}/export?format=csv&gid=77`,
    ],
    [`https://docs.google.com/spreadsheets/d/${ID}`, `https://docs.google.com/spreadsheets/d/${ID}/export?format=csv`],
    [
      `https://docs.google.com/presentation/d/${ID}/edit#slide=id.p`,
      `https://docs.google.com/presentation/d/${ID}/export?format=pdf`,
    ],
  ])('%s → %s', (url, expected) => {
    expect(exportOf(url)).toBe(expected);
  });

  it.each([
    `https://docs.google.com/document/d/${ID}/export?format=txt`,
    'https://docs.google.com/document/d/e/2PACX-1vQ/pub',
    'https://docs.google.com/forms/d/1FAIpQLSf/viewform',
    `https://drive.google.com/file/d/${ID}/view`,
    `https://docs.google.com.evil.example/document/d/${ID}/edit`,
    'https://example.com/document/d/abc/edit',
  ])('leaves %s alone', (url) => {
    expect(exportOf(url)).toBeUndefined();
  });
});

describe('a Google Sheets URL through the scraper', () => {
  it('fetches the CSV export and answers it as the page; sourceURL stays as sent', async () => {
    const { createScraper } = await import('../createScraper.js');
    const seen: string[] = [];
    const csv = 'Harbour,High tide\nKelby,06:10\nMorrow,06:42\n';
    const scraper = createScraper({
      cache: false,
      proxies: {},
      engines: {
        browser: false,
        // A recording engine stands in for the network (there is no Google here): what matters is the URL it is given.
        fetch: {
          name: 'fetch',
          async acquire(plan) {
            seen.push(plan.url.href);
            const body = new TextEncoder().encode(csv);
            return {
              url: plan.url.href,
              finalUrl: plan.url.href,
              status: 200,
              headers: { 'content-type': 'text/csv' },
              contentType: 'text/csv',
              body,
              engine: 'fetch',
              fetchedAt: Date.now(),
            };
          },
          async close() {},
        },
      },
    });
    try {
      const sheet = `https://docs.google.com/spreadsheets/d/${ID}/edit#gid=5`;
      const doc = await scraper.scrape({ url: sheet, formats: ['markdown'] });
      expect(seen).toEqual([`https://docs.google.com/spreadsheets/d/${ID}/export?format=csv&gid=5`]);
      expect(doc.markdown).toBe(csv);
      expect(doc.metadata).toMatchObject({ sourceURL: sheet, url: seen[0], contentType: 'text/csv' });
    } finally {
      await scraper.close();
    }
  });
});
