// The branding format through the real service: the branded fixture landing page on 127.0.0.1, real Chromium, the
// SSRF guard ON (only the fixture's port allowed), and the spec §2.10 object in the HTTP answer.
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createScraper, type Scraper } from '@scrape/scraper';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type Service } from './startService.js';

const LANDING = readFileSync(new URL('../../scraper/test/fixtures/branding-landing.html', import.meta.url), 'utf8');

let server: Server;
let origin: string;
let port: number;
let dataDir: string;
let scraper: Scraper;
let svc: Service;

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/') return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(LANDING);
    if (req.url === '/blank')
      return res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>blank</title>');
    if (req.url === '/static/acme-logo.svg')
      return res
        .writeHead(200, { 'content-type': 'image/svg+xml' })
        .end('<svg xmlns="http://www.w3.org/2000/svg" width="120" height="32"/>');
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
  dataDir = mkdtempSync(join(tmpdir(), 'scrape-branding-e2e-'));
  scraper = createScraper({
    dataDir,
    allowPrivateUrls: false,
    allowAddress: (address, p) => address === '127.0.0.1' && p === port,
    proxies: {},
  });
  svc = await startService({ scraper });
});

afterAll(async () => {
  await svc?.close();
  await scraper?.close();
  await new Promise((resolve) => server?.close(resolve));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('branding through the service', () => {
  it('answers the landing page brand, rendered in the browser, and renders again rather than reading the cache', async () => {
    for (let i = 0; i < 2; i++) {
      const { status, body } = await svc.scrape({ url: `${origin}/`, formats: ['branding'] });
      expect(status).toBe(200);
      expect(body.data.metadata).toMatchObject({ engine: 'browser', cacheState: 'miss' });
      expect(body.data.branding).toMatchObject({
        colorScheme: 'light',
        logo: `${origin}/static/acme-logo.svg`,
        colors: {
          primary: '#e11d48',
          secondary: '#0f766e',
          background: '#fbfaf7',
          textPrimary: '#1f2933',
          link: '#2563eb',
        },
        typography: { fontFamilies: { primary: 'Inter', heading: 'Playfair Display', code: 'JetBrains Mono' } },
        components: { buttonPrimary: { background: '#e11d48', textColor: '#ffffff', borderRadius: '8px' } },
        images: { favicon: `${origin}/favicon.png`, ogImage: `${origin}/static/og-card.png` },
      });
    }
  });

  it('a blank page still gets a colour scheme and a background', async () => {
    const { status, body } = await svc.scrape({ url: `${origin}/blank`, formats: ['branding'] });
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
