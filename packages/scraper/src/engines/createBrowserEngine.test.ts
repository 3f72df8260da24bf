import { mkdtempSync, rmSync } from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createBrowserPool, imageSize } from '@scrape/browser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  listenLocal,
  type LocalServer,
  rejectionOf,
  relayToLoopback,
  selfSignedCertificate,
  waitFor,
} from '@scrape/test-support';
import { createScraper, type Scraper } from '../createScraper.js';
import { ScrapeError } from '../errors.js';
import { createBrowserEngine } from './createBrowserEngine.js';

type Local = LocalServer;
const listen = (handler: (req: IncomingMessage, res: ServerResponse) => void, onServer?: (server: Server) => void) =>
  listenLocal((req, res) => handler(req, res), onServer);

const html = (body: string, head = '') =>
  `<!doctype html><html><head><meta charset="utf-8"><title>fixture</title>${head}</head><body>${body}</body></html>`;
const ARTICLE = `<article><h1>Static harbour notes</h1>${'<p>The tide rose over the breakwater and the fishing boats lifted with it, as every evening. </p>'.repeat(20)}</article>`;

let site: Local;
let secure: { origin: string; port: number; close(): Promise<void> };
let other: Local;
let blockingProxy: Local;
let enhancedProxy: Local;
let scraper: Scraper;
const enhancedConnects: string[] = [];
let dataDir: string;

/** A forward proxy (absolute-form requests) that relays to 127.0.0.1, or answers 403 to everything when `refuse`. */
function proxyHandler(refuse: boolean) {
  return (req: IncomingMessage, res: ServerResponse) => {
    if (refuse) {
      res
        .writeHead(403, { 'content-type': 'text/html' })
        .end('<html><head><title>Blocked</title></head><body>Access denied by proxy</body></html>');
      return;
    }
    relayToLoopback(req, res);
  };
}

const failure = (promise: Promise<unknown>) => rejectionOf(promise, ScrapeError);

beforeAll(async () => {
  other = await listen((_req, res) => res.end('SECRET-FROM-OTHER-PORT'));
  site = await listen((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    const send = (body: string, type = 'text/html; charset=utf-8') =>
      res.writeHead(200, { 'content-type': type }).end(body);
    if (path === '/spa') {
      send(
        html(
          '<div id="root"></div>',
          `<script>addEventListener('DOMContentLoaded', async () => {
        const data = await (await fetch('/api/data')).json();
        document.getElementById('root').innerHTML = '<h1>' + data.title + '</h1><p>' + data.body + '</p>';
      });</script>`,
        ),
      );
    } else if (path === '/api/data') {
      send(
        JSON.stringify({ title: 'Rendered by JavaScript', body: 'Only a browser sees this paragraph.' }),
        'application/json',
      );
    } else if (path === '/static') {
      send(html(ARTICLE));
    } else if (path === '/leak') {
      send(
        html(
          '<p id="out">pending</p>',
          `<script>addEventListener('DOMContentLoaded', () => {
        fetch('http://127.0.0.1:${other.port}/secret').then((r) => r.text()).then(
          (t) => { document.getElementById('out').textContent = 'LEAKED ' + t; },
          () => { document.getElementById('out').textContent = 'FETCH-BLOCKED'; });
      });</script>`,
        ),
      );
    } else if (path === '/hold') {
      // The head arrives, the rest never does (until the client gives up): the render is stuck in navigation.
      res.writeHead(200, { 'content-type': 'text/html' });
      res.write('<!doctype html><html><head><title>held</title></head><body><p>start');
      const timer = setTimeout(() => res.end('</p></body></html>'), 20_000);
      res.on('close', () => clearTimeout(timer));
    } else {
      res.writeHead(404).end('not found');
    }
  });
  blockingProxy = await listen(proxyHandler(true));
  enhancedProxy = await listen(proxyHandler(false), (server) =>
    server.on('connect', (req: IncomingMessage, client: Socket, head: Buffer) => {
      enhancedConnects.push(req.url ?? '');
      const upstream = connect(Number((req.url ?? '').split(':').pop()), '127.0.0.1', () => {
        client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        upstream.write(head);
        upstream.pipe(client);
        client.pipe(upstream);
      });
      upstream.on('error', () => client.destroy());
      client.on('error', () => upstream.destroy());
    }),
  );
  // An HTTPS page (self-signed; openssl ships with Debian) to reach through CONNECT.
  const tls = selfSignedCertificate();
  const https = createHttpsServer(tls, (_req, res) =>
    res
      .writeHead(200, { 'content-type': 'text/html' })
      .end(html(ARTICLE.replace('Static harbour notes', 'Secure harbour notes'))),
  );
  await new Promise<void>((resolve) => https.listen(0, '127.0.0.1', resolve));
  const securePort = (https.address() as AddressInfo).port;
  secure = {
    origin: `https://127.0.0.1:${securePort}`,
    port: securePort,
    close: () => new Promise((resolve) => https.close(() => resolve())),
  };
  dataDir = mkdtempSync(join(tmpdir(), 'scrape-browser-engine-'));
  // The guard on, with only the fixture site's port allowed: everything else on 127.0.0.1 is "private".
  scraper = createScraper({
    dataDir,
    allowPrivateUrls: false,
    allowAddress: (address, port) => address === '127.0.0.1' && (port === site.port || port === secure.port),
    proxies: { basic: { server: blockingProxy.origin }, enhanced: { server: enhancedProxy.origin } },
  });
  // Chromium launches here (a mobile scrape goes to the browser), not in the first test's 30 s: a cold launch took
  // all of them at load 30. The hook's limit is a bound for a hang.
  await scraper.scrape({
    url: `${site.origin}/static?warm-up`,
    mobile: true,
    proxy: 'enhanced',
    maxAge: 0,
    timeout: 120_000,
  });
}, 150_000);

afterAll(async () => {
  await scraper?.close();
  await Promise.all([site, other, blockingProxy, enhancedProxy, secure].map((s) => s?.close()));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('engine choice', () => {
  it.each([
    [
      'a client-rendered shell fetched by HTTP is re-rendered in the browser',
      '/spa',
      'browser',
      'Only a browser sees this paragraph.',
    ],
    ['a server-rendered page stays on the HTTP engine', '/static', 'fetch', 'Static harbour notes'],
  ])('%s', async (_title, path, engine, text) => {
    const doc = await scraper.scrape({
      url: `${site.origin}${path}`,
      formats: ['markdown'],
      proxy: 'enhanced',
      maxAge: 0,
    });
    expect(doc.metadata.engine).toBe(engine);
    expect(doc.markdown).toContain(text);
  });
});

describe('SSRF guard in the browser', () => {
  it('a page script fetching another local port is refused; the other server never sees it', async () => {
    const doc = await scraper.scrape({
      url: `${site.origin}/leak`,
      formats: ['markdown'],
      mobile: true,
      proxy: 'enhanced',
    });
    expect(doc.metadata.engine).toBe('browser');
    expect(doc.markdown).toContain('FETCH-BLOCKED');
    expect(doc.markdown).not.toContain('SECRET-FROM-OTHER-PORT');
    expect(other.hits).toEqual([]);
  });

  it('the other port as the page itself is a 403 SCRAPE_SSRF_BLOCKED before any render', async () => {
    const error = await failure(scraper.scrape({ url: `${other.origin}/secret`, mobile: true, proxy: 'enhanced' }));
    expect(error).toMatchObject({ status: 403, code: 'SCRAPE_SSRF_BLOCKED' });
    expect(other.hits).toEqual([]);
  });
});

describe('proxy tiers', () => {
  it('auto: the basic proxy answers 403, so the scrape is retried through the enhanced one (HTTP engine)', async () => {
    const before = { basic: blockingProxy.hits.length, enhanced: enhancedProxy.hits.length };
    const doc = await scraper.scrape({ url: `${site.origin}/static?auto=1`, formats: ['markdown'], maxAge: 0 });
    expect(doc.metadata).toMatchObject({ proxyUsed: 'enhanced', engine: 'fetch', statusCode: 200 });
    expect(blockingProxy.hits.slice(before.basic)).toContain(`${site.origin}/static?auto=1`);
    expect(enhancedProxy.hits.slice(before.enhanced)).toContain(`${site.origin}/static?auto=1`);
  });

  it('auto through the browser: same escalation', async () => {
    const doc = await scraper.scrape({ url: `${site.origin}/static?auto=2`, formats: ['markdown'], mobile: true });
    expect(doc.metadata).toMatchObject({ proxyUsed: 'enhanced', engine: 'browser', statusCode: 200 });
    expect(doc.markdown).toContain('Static harbour notes');
  });

  it('HTTPS through a proxy is a CONNECT tunnel, in both engines', async () => {
    const before = enhancedConnects.length;
    const viaFetch = await scraper.scrape({
      url: `${secure.origin}/`,
      formats: ['markdown'],
      proxy: 'enhanced',
      maxAge: 0,
    });
    expect(viaFetch.metadata).toMatchObject({ engine: 'fetch', proxyUsed: 'enhanced' });
    expect(viaFetch.markdown).toContain('Secure harbour notes');
    const viaBrowser = await scraper.scrape({
      url: `${secure.origin}/`,
      formats: ['markdown'],
      proxy: 'enhanced',
      mobile: true,
    });
    expect(viaBrowser.metadata).toMatchObject({ engine: 'browser', proxyUsed: 'enhanced' });
    expect(viaBrowser.markdown).toContain('Secure harbour notes');
    expect(
      enhancedConnects.slice(before).filter((c) => c === `127.0.0.1:${secure.port}`).length,
    ).toBeGreaterThanOrEqual(2);
  });

  it('basic: the blocked answer is the document (a page answered 403 is still a document)', async () => {
    const doc = await scraper.scrape({
      url: `${site.origin}/static?basic=1`,
      formats: ['markdown'],
      proxy: 'basic',
      maxAge: 0,
    });
    expect(doc.metadata).toMatchObject({ proxyUsed: 'basic', statusCode: 403 });
  });
});

describe('artifacts in process', () => {
  it('the screenshot format is an artifact:// link readable through scraper.artifacts; a real PNG of the viewport', async () => {
    const doc = await scraper.scrape({
      url: `${site.origin}/static`,
      formats: [{ type: 'screenshot', viewport: { width: 800, height: 600 } }],
      proxy: 'enhanced',
    });
    expect(doc.screenshot).toMatch(/^artifact:\/\/[A-Za-z0-9_-]{22}$/);
    const artifact = await scraper.artifacts.getArtifact(String(doc.screenshot).slice('artifact://'.length));
    expect(artifact?.mimeType).toBe('image/png');
    expect(imageSize(artifact!.bytes)).toMatchObject({ width: 800, height: 600 });
  });

  it('zeroDataRetention returns the screenshot inline as a data: URI and stores nothing', async () => {
    const doc = await scraper.scrape({
      url: `${site.origin}/static`,
      formats: ['screenshot'],
      zeroDataRetention: true,
      proxy: 'enhanced',
    });
    expect(doc.screenshot).toMatch(/^data:image\/png;base64,/);
    const bytes = Buffer.from(String(doc.screenshot).split(',')[1], 'base64');
    expect(imageSize(bytes)?.width).toBe(1920);
  });

  it('a failing action is a 400 naming the action index and reason', async () => {
    const error = await failure(
      scraper.scrape({
        url: `${site.origin}/static`,
        proxy: 'enhanced',
        timeout: 20_000,
        actions: [{ type: 'scrape' }, { type: 'executeJavascript', script: 'throw new Error("boom in script")' }],
      }),
    );
    expect(error).toMatchObject({
      status: 400,
      code: 'SCRAPE_ACTION_ERROR',
      details: { actionIndex: 1, actionType: 'executeJavascript' },
    });
    expect(error.error).toContain('Action 1 (executeJavascript) failed');
    expect(error.error).toContain('boom in script');
  });
});

describe('without Chromium', () => {
  let missing: Scraper;
  beforeAll(() => {
    missing = createScraper({
      cache: false,
      allowPrivateUrls: true,
      proxies: {},
      browser: { executablePath: '/nonexistent/chromium' },
    });
  });
  afterAll(async () => missing?.close());

  it('a client-rendered shell falls back to the HTTP answer with a warning', async () => {
    const doc = await missing.scrape({ url: `${site.origin}/spa`, formats: ['markdown'] });
    expect(doc.metadata.engine).toBe('fetch');
    expect(doc.warning).toMatch(/client-rendered.*Chromium not found at \/nonexistent\/chromium/);
  });

  it('a request that needs the browser is a 503 saying how to fix it', async () => {
    const error = await failure(missing.scrape({ url: `${site.origin}/static`, formats: ['screenshot'] }));
    expect(error).toMatchObject({ status: 503, code: 'SCRAPE_BROWSER_UNAVAILABLE' });
    expect(error.error).toContain('CHROMIUM_PATH');
  });
});

describe('browser failures', () => {
  it('a page still loading when the timeout ends is a 408 SCRAPE_TIMEOUT', async () => {
    const started = Date.now();
    const error = await failure(
      scraper.scrape({ url: `${site.origin}/hold`, mobile: true, timeout: 2_000, proxy: 'enhanced' }),
    );
    expect(error).toMatchObject({ status: 408, code: 'SCRAPE_TIMEOUT' });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('Chromium killed mid-scrape: that scrape is a 503 SCRAPE_BROWSER_CRASHED, the next one succeeds', async () => {
    const pool = createBrowserPool({ maxConcurrency: 1 });
    const own = createScraper({
      cache: false,
      allowPrivateUrls: true,
      proxies: {},
      engines: { browser: createBrowserEngine({ pool, allowPrivateUrls: true }) },
    });
    try {
      const pending = failure(own.scrape({ url: `${site.origin}/hold`, mobile: true, timeout: 20_000 }));
      const holds = site.hits.filter((url) => url === '/hold').length;
      const pid = await waitFor(() => pool.stats().pid, 'Chromium to start', 30_000);
      // Killed while the page is loading: once its request has reached the site, not after a guessed delay.
      await waitFor(() => site.hits.filter((url) => url === '/hold').length > holds, 'the page request', 30_000);
      process.kill(pid, 'SIGKILL');
      const error = await pending;
      expect(error).toMatchObject({ status: 503, code: 'SCRAPE_BROWSER_CRASHED' });
      const doc = await own.scrape({ url: `${site.origin}/static`, formats: ['markdown'], mobile: true });
      expect(doc.metadata.engine).toBe('browser');
      expect(doc.markdown).toContain('Static harbour notes');
      expect(pool.stats().launches).toBe(2);
    } finally {
      await own.close();
      await pool.close();
    }
  });
});
