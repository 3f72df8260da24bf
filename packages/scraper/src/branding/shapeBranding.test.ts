// The branding format end to end in process: a branded landing page served on 127.0.0.1, rendered by real Chromium,
// its computed styles shaped into spec §2.10. The page's colours, fonts and sizes are known, so the answer is exact.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScraper, type Scraper } from '../createScraper.js';
import { parseColor } from './brandColors.js';
import { shapeBranding } from './shapeBranding.js';

const LANDING = readFileSync(new URL('../../test/fixtures/branding-landing.html', import.meta.url), 'utf8');
const LOGO =
  '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="32"><rect width="120" height="32" ' +
  'fill="#e11d48"/></svg>';
/** The same page in its dark theme: near-black background, light text. */
const DARK = LANDING.replace(
  '</style>',
  'body { background: #0b1220; color: #e5e7eb; } h1 { color: #f9fafb; }</style>',
);

let server: Server;
let origin: string;
let scraper: Scraper;

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/') return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(LANDING);
    if (req.url === '/dark') return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(DARK);
    if (req.url === '/static/acme-logo.svg') return res.writeHead(200, { 'content-type': 'image/svg+xml' }).end(LOGO);
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  scraper = createScraper({ allowPrivateUrls: true, cache: false });
});

afterAll(async () => {
  await scraper?.close();
  await new Promise((resolve) => server?.close(resolve));
});

describe('branding (real Chromium)', () => {
  it('reads the landing page brand exactly', async () => {
    const doc = await scraper.scrape({ url: `${origin}/`, formats: ['branding'] });
    expect(doc.metadata.engine).toBe('browser');
    expect(doc.warning).toBeUndefined();
    expect(doc.branding).toEqual({
      colorScheme: 'light',
      logo: `${origin}/static/acme-logo.svg`,
      colors: {
        primary: '#e11d48',
        secondary: '#0f766e',
        accent: '#7c3aed',
        background: '#fbfaf7',
        textPrimary: '#1f2933',
        textSecondary: '#6b7280',
        link: '#2563eb',
      },
      fonts: [{ family: 'Inter' }, { family: 'Playfair Display' }, { family: 'JetBrains Mono' }],
      typography: {
        fontFamilies: { primary: 'Inter', heading: 'Playfair Display', code: 'JetBrains Mono' },
        fontSizes: { h1: '48px', h2: '32px', h3: '24px', body: '16px' },
        fontWeights: { regular: 400, medium: 500, bold: 700 },
        lineHeights: { heading: '56px', body: '24px' },
      },
      spacing: { baseUnit: 8, borderRadius: '8px' },
      components: {
        buttonPrimary: { background: '#e11d48', textColor: '#ffffff', borderRadius: '8px' },
        buttonSecondary: { background: '#fbfaf7', textColor: '#0f766e', borderColor: '#0f766e', borderRadius: '8px' },
        input: { background: '#ffffff', textColor: '#1f2933', borderColor: '#d1d5db', borderRadius: '4px' },
      },
      images: {
        logo: `${origin}/static/acme-logo.svg`,
        favicon: `${origin}/favicon.png`,
        ogImage: `${origin}/static/og-card.png`,
      },
    });
  });

  it('calls a dark page dark, from its computed background', async () => {
    const doc = await scraper.scrape({ url: `${origin}/dark`, formats: ['branding', 'markdown'] });
    const branding = doc.branding as { colorScheme: string; colors: Record<string, string> };
    expect(branding.colorScheme).toBe('dark');
    expect(branding.colors.background).toBe('#0b1220');
    expect(branding.colors.textPrimary).toBe('#e5e7eb');
    expect(doc.markdown).toContain('Know the tide before you sail');
  });
});

describe('shapeBranding', () => {
  const style = {
    color: 'rgb(0, 0, 0)',
    background: 'rgba(0, 0, 0, 0)',
    fontFamily: 'serif',
    fontSize: '16px',
    fontWeight: '400',
    lineHeight: 'normal',
    borderColor: 'rgb(0, 0, 0)',
    borderWidth: '0px',
    borderStyle: 'none',
    borderRadius: '0px',
  };
  const bare = {
    background: 'rgba(0, 0, 0, 0)',
    rootBackground: 'rgba(0, 0, 0, 0)',
    colorScheme: 'normal',
    body: style,
    paragraph: null,
    h1: null,
    h2: null,
    h3: null,
    code: null,
    text: [],
    links: [],
    buttons: [],
    inputs: [],
    spacing: [],
    logos: [],
    icons: [],
    ogImage: null,
    themeColor: null,
  };

  it('paints a transparent page with the canvas its color-scheme gives', () => {
    expect(shapeBranding(bare).colors.background).toBe('#ffffff');
    expect(shapeBranding({ ...bare, colorScheme: 'dark' })).toMatchObject({
      colorScheme: 'dark',
      colors: { background: '#121212' },
    });
  });

  it('falls back to the favicon for the logo and to theme-color for the primary colour', () => {
    const branding = shapeBranding({ ...bare, icons: ['https://x.test/i.png'], themeColor: '#ABC' });
    expect(branding.logo).toBe('https://x.test/i.png');
    expect(branding.colors.primary).toBe('#aabbcc');
    expect(branding.images).toEqual({ favicon: 'https://x.test/i.png' });
  });

  it('reads both comma and space colour syntaxes', () => {
    expect(parseColor('rgba(1, 2, 3, 0.5)')).toEqual({ r: 1, g: 2, b: 3, a: 0.5 });
    expect(parseColor('rgb(1 2 3 / 40%)')).toEqual({ r: 1, g: 2, b: 3, a: 0.4 });
    expect(parseColor('transparent')).toBeNull();
  });
});
