// The branding format through the real service: the branded fixture landing page on 127.0.0.1, real Chromium, the
// SSRF guard ON (only the fixture's port allowed), and the spec §2.10 object in the HTTP answer.
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createScraper } from '@scrape/scraper';
import { listenLocal, useStarted } from '@scrape/test-support';
import { describe, expect, it } from 'vitest';
import { startService } from './startService.js';

const LANDING = readFileSync(new URL('../../scraper/test/fixtures/branding-landing.html', import.meta.url), 'utf8');

const env = useStarted(async (own) => {
  const site = own(
    await listenLocal((req, res) => {
      if (req.url === '/') return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(LANDING);
      if (req.url === '/blank')
        return res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>blank</title>');
      if (req.url === '/static/acme-logo.svg')
        return res
          .writeHead(200, { 'content-type': 'image/svg+xml' })
          .end('<svg xmlns="http://www.w3.org/2000/svg" width="120" height="32"/>');
      res.writeHead(404).end();
    }),
  );
  const dataDir = mkdtempSync(join(tmpdir(), 'scrape-branding-e2e-'));
  own({ close: () => rmSync(dataDir, { recursive: true, force: true }) });
  const scraper = own(
    createScraper({
      dataDir,
      allowPrivateUrls: false,
      allowAddress: (address, p) => address === '127.0.0.1' && p === site.port,
      proxies: {},
    }),
  );
  return { origin: site.origin, svc: own(await startService({ scraper })) };
});

describe('branding through the service', () => {
  it('answers the landing page brand, rendered in the browser, and renders again rather than reading the cache', async () => {
    for (let i = 0; i < 2; i++) {
      const { status, body } = await env.svc.scrape({ url: `${env.origin}/`, formats: ['branding'] });
      expect(status).toBe(200);
      expect(body.data.metadata).toMatchObject({ engine: 'browser', cacheState: 'miss' });
      expect(body.data.branding).toMatchObject({
        colorScheme: 'light',
        logo: `${env.origin}/static/acme-logo.svg`,
        colors: {
          primary: '#e11d48',
          secondary: '#0f766e',
          background: '#fbfaf7',
          textPrimary: '#1f2933',
          link: '#2563eb',
        },
        typography: { fontFamilies: { primary: 'Inter', heading: 'Playfair Display', code: 'JetBrains Mono' } },
        components: { buttonPrimary: { background: '#e11d48', textColor: '#ffffff', borderRadius: '8px' } },
        images: { favicon: `${env.origin}/favicon.png`, ogImage: `${env.origin}/static/og-card.png` },
      });
    }
  });

  it('a blank page still gets a colour scheme and a background', async () => {
    const { status, body } = await env.svc.scrape({ url: `${env.origin}/blank`, formats: ['branding'] });
    expect(status).toBe(200);
    expect(body.data.branding).toMatchObject({
      colorScheme: 'light',
      colors: { background: '#ffffff' },
      logo: null,
      fonts: [],
      images: {},
    });
    expect(body.data.branding.colors.primary).toBeUndefined();
  });
});
