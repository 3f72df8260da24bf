// The playground page in real Chromium against the real service (auth on): it asks for the key and keeps it in
// sessionStorage only, scrapes a fixture page and shows its rendered markdown and screenshot, then runs a small crawl
// and shows the progress reach its total with every page listed. PLAYGROUND_SCREENSHOT=<file> saves a screenshot.
import { useStarted } from '@scrape/test-support';
import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { startCrawlSite } from './crawlSite.js';
import { startService, TEST_KEY } from './startService.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const WAIT_MS = 120_000;

const env = useStarted(
  async (own) => ({
    site: own(await startCrawlSite()),
    svc: own(await startService({ jobConcurrency: 2, browser: { maxConcurrency: 2 } })),
    browser: own(await chromium.launch({ executablePath: CHROMIUM })),
  }),
  60_000,
);

describe('the playground page', () => {
  it('serves the page and its files without a key, with a strict content security policy', async () => {
    const page = await fetch(`${env.svc.baseUrl}/playground`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(await page.text()).toContain('<title>Scrape playground</title>');
    const script = await fetch(`${env.svc.baseUrl}/playground/playground.js`);
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
  });

  it('asks for the key, scrapes with markdown and a screenshot, and follows a crawl to its total', async () => {
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on(
      'console',
      (m) => m.type() === 'error' && !/401 \(Unauthorized\)/.test(m.text()) && problems.push(m.text()),
    );
    page.on('pageerror', (e) => problems.push(e.message));
    try {
      await page.goto(`${env.svc.baseUrl}/playground`);
      // Auth is on: the page's first calls were refused, so it asks for a key.
      await page.locator('#key-panel').waitFor({ state: 'visible', timeout: WAIT_MS });
      await page.fill('#api-key', TEST_KEY);
      await page.click('#key-form button[type=submit]');
      await page.locator('#key-panel').waitFor({ state: 'hidden', timeout: WAIT_MS });
      await page.waitForFunction(() => document.getElementById('usage-credits')?.textContent === 'unlimited', null, {
        timeout: WAIT_MS,
      });
      const storage = await page.evaluate(() => ({
        session: sessionStorage.length,
        local: localStorage.length,
        key: Object.values(sessionStorage)[0],
      }));
      expect(storage).toEqual({ session: 1, local: 0, key: TEST_KEY });

      await page.fill('#scrape-url', env.site.url('/docs/'));
      await page.check('#format-screenshot');
      await page.click('#scrape-button');
      await page.waitForFunction(() => document.querySelector('#out-rendered h1')?.textContent === 'Docs index', null, {
        timeout: WAIT_MS,
      });
      expect(await page.textContent('#out-markdown')).toContain('# Docs index');
      expect(await page.textContent('#out-rendered')).toContain('All the harbour documentation.');
      // Links in the rendered markdown point where the page did, and open in a new tab without a referrer.
      const link = page.locator('#out-rendered a').first();
      expect(await link.getAttribute('href')).toMatch(new RegExp(`^${env.site.origin}/`));
      expect(await link.getAttribute('rel')).toContain('noopener');
      // The screenshot is a signed link on this server, loaded as an image.
      await page.waitForFunction(
        () => {
          const img = document.querySelector<HTMLImageElement>('#out-screenshot img');
          return !!img && img.complete && img.naturalWidth > 0;
        },
        null,
        { timeout: WAIT_MS },
      );
      expect(await page.getAttribute('#out-screenshot img', 'src')).toMatch(
        new RegExp(`^${env.svc.baseUrl}/v2/artifacts/`),
      );
      expect(JSON.parse((await page.textContent('#out-metadata'))!)).toMatchObject({
        statusCode: 200,
        engine: 'browser',
      });
      if (process.env.PLAYGROUND_SCREENSHOT)
        await page.screenshot({ path: process.env.PLAYGROUND_SCREENSHOT, fullPage: true });

      await page.click('.tab[data-tab=crawl]');
      await page.fill('#crawl-url', env.site.url('/docs/'));
      await page.fill('#crawl-limit', '3');
      await page.click('#crawl-button');
      await page.waitForFunction(
        () => {
          const bar = document.getElementById('crawl-progress') as HTMLProgressElement;
          return (
            bar.max === 3 &&
            bar.value === 3 &&
            /completed/.test(document.getElementById('crawl-status')!.textContent ?? '')
          );
        },
        null,
        { timeout: WAIT_MS },
      );
      expect(await page.textContent('#crawl-count')).toBe('3 / 3');
      const pages = await page.locator('#crawl-pages li').allTextContents();
      expect(pages).toHaveLength(3);
      expect(pages.join('\n')).toContain('Tide tables');
      if (process.env.PLAYGROUND_SCREENSHOT)
        await page.screenshot({ path: process.env.PLAYGROUND_SCREENSHOT.replace(/\.png$/, '-crawl.png') });
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 240_000);
});
