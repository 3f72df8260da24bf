import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrowserError, createBrowserPool, imageSize, type BrowserPool, type RenderRequest } from '../dist/index.js';
import { html, startFixtureServer, type FixtureServer } from '../test/fixtureServer.js';

// One pool and two fixture servers for the whole file: a Chromium launch costs about a second.
let pool: BrowserPool;
let site: FixtureServer;
let other: FixtureServer;

const CLIENT_RENDERED = html(
  '<div id="app"><noscript>Please enable JavaScript</noscript></div>',
  `<script>
    setTimeout(() => fetch('/api/article').then((r) => r.json()).then((a) => {
      document.getElementById('app').innerHTML = '<h1>' + a.title + '</h1><p>' + a.body + '</p>';
    }), 30);
  </script>`,
);

const CLICK_TO_REVEAL = html(`
  <button id="more">Show more</button>
  <div id="details" hidden></div>
  <script>
    document.getElementById('more').addEventListener('click', async () => {
      const text = await (await fetch('/api/details')).text();
      const d = document.getElementById('details');
      d.textContent = text;
      d.hidden = false;
    });
  </script>`);

const SEARCH_FORM = html(`
  <form action="/results" method="get">
    <input id="q" name="q" type="search" placeholder="Search">
    <button type="submit">Go</button>
  </form>`);

const INFINITE_SCROLL = html(
  `<header style="height:300px">Feed</header><ul id="list" style="margin:0"></ul><div id="sentinel" ` +
    `style="height:10px"></div>`,
  `<style>li { height: 100px; }</style>
  <script>
    let page = 0;
    let loading = false;
    async function more() {
      if (loading) return;
      loading = true;
      const items = await (await fetch('/api/items?page=' + page++)).json();
      const list = document.getElementById('list');
      for (const item of items) { const li = document.createElement('li'); li.textContent = item; list.appendChild(li); }
      loading = false;
    }
    addEventListener('DOMContentLoaded', async () => {
      await more();
      // Like real feeds: once the first page is in, reaching the bottom loads the next one.
      new IntersectionObserver((entries) => { if (entries[0].isIntersecting) more(); })
        .observe(document.getElementById('sentinel'));
    });
  </script>`,
);

const REPORT = html(
  '<pre id="report"></pre>',
  `<meta name="viewport" content="width=device-width, initial-scale=1">
  <script>
    addEventListener('DOMContentLoaded', () => {
      const report = {
        userAgent: navigator.userAgent,
        width: innerWidth,
        height: innerHeight,
        dpr: devicePixelRatio,
        touch: navigator.maxTouchPoints,
        language: navigator.language,
        languages: navigator.languages,
        timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
        cookie: document.cookie,
      };
      navigator.geolocation.getCurrentPosition(
        (p) => { report.geo = [p.coords.latitude, p.coords.longitude]; done(); },
        () => { report.geo = null; done(); },
      );
      function done() { document.getElementById('report').textContent = JSON.stringify(report); }
    });
  </script>`,
);

// Markup and behaviour modelled on OneTrust's banner: "Reject All" stores the choice and removes the banner.
const ONETRUST = html(
  `<main><h1>News</h1><p>The article text.</p></main>
  <div id="onetrust-consent-sdk">
    <div class="onetrust-pc-dark-filter"></div>
    <div id="onetrust-banner-sdk" class="otFlat" role="region" aria-label="Cookie banner">
      <div id="onetrust-policy"><p id="onetrust-policy-text">We use cookies to personalise ads. Manage your consent.</p></div>
      <div id="onetrust-button-group-parent"><div id="onetrust-button-group">
        <button id="onetrust-pc-btn-handler">Cookie Settings</button>
        <button id="onetrust-reject-all-handler">Reject All</button>
        <button id="onetrust-accept-btn-handler">Accept All Cookies</button>
      </div></div>
    </div>
  </div>`,
  `<script>
    window.OnetrustActiveGroups = ',C0001,C0002,C0004,';
    addEventListener('DOMContentLoaded', () => {
      const close = (groups) => {
        window.OnetrustActiveGroups = groups;
        document.cookie = 'OptanonAlertBoxClosed=' + new Date().toISOString();
        document.getElementById('onetrust-consent-sdk').remove();
      };
      document.getElementById('onetrust-reject-all-handler').onclick = () => close(',C0001,');
      document.getElementById('onetrust-accept-btn-handler').onclick = () => close(',C0001,C0002,C0004,');
    });
  </script>`,
);

const WITH_ADS = html(
  `<p>Content with ads.</p><img id="ad" src="/adserver/banner.gif"><div id="slot"></div>
  <script src="/pagead/js/adsbygoogle.js"></script><script src="/app.js"></script>`,
);

const TALL = html('<div style="height:3000px;background:linear-gradient(red,blue)">tall</div>');

beforeAll(async () => {
  other = await startFixtureServer({
    '/secret': (_req, res) => {
      // Readable cross-origin, so only the guard stands between the page and this answer.
      res.setHeader('access-control-allow-origin', '*');
      res.end('internal secret');
    },
  });
  site = await startFixtureServer({
    '/client': CLIENT_RENDERED,
    '/api/article': (_req, res) => {
      res.setHeader('content-type', 'application/json');
      setTimeout(
        () => res.end(JSON.stringify({ title: 'Rendered by JS', body: 'Only present after the script ran.' })),
        60,
      );
    },
    '/busy-then-fetch': html(
      '<div id="app">shell</div>',
      `<script>
        addEventListener('load', () => setTimeout(() => {
          const t = performance.now();
          while (performance.now() - t < 400) {} // a big bundle being compiled and run, then a tick before its fetch
          setTimeout(() => fetch('/api/article').then((r) => r.json()).then((a) => { document.getElementById('app').textContent = a.title; }), 30);
        }, 10));
      </script>`,
    ),
    '/timer-then-fetch': html(
      '<div id="app">shell</div>',
      `<script>
        // Nothing happens for 90 ms after load: longer than the quiet windows, so only the pending timer says "not done".
        addEventListener('load', () => setTimeout(() => fetch('/api/article').then((r) => r.json()).then((a) => { document.getElementById('app').textContent = a.title; }), 90));
      </script>`,
    ),
    '/poll-forever': html(
      '<div id="app">polling page</div>',
      `<script>
        // A poll that re-arms itself from a promise callback, forever: each timer starts a fresh chain.
        function poll() { Promise.resolve().then(() => setTimeout(poll, 30)); }
        poll();
      </script>`,
    ),
    '/sync-xhr': html(
      '<div id="app">shell</div>',
      `<script>
        addEventListener('DOMContentLoaded', () => {
          const x = new XMLHttpRequest();
          x.open('GET', '/api/details', false);
          x.send();
          document.getElementById('app').textContent = x.responseText;
        });
      </script>`,
    ),
    // An app shell whose bundle is gone (404, as an unreachable CDN fails): it can never render.
    '/broken-app': html('<div id="root"></div>', '<script src="/gone/bundle.js"></script>'),
    // A lost script beside a working app that renders from a 300 ms timer (not tracked: over 100 ms).
    '/lost-script-late-app': html(
      '<div id="root"></div>',
      `<script src="/gone/analytics.js"></script>
      <script>setTimeout(() => { document.getElementById('root').textContent = 'Rendered late by the app'; }, 300);</script>`,
    ),
    '/reveal': CLICK_TO_REVEAL,
    '/api/details': (_req, res) => setTimeout(() => res.end('The hidden details arrived.'), 40),
    '/form': SEARCH_FORM,
    '/results': (req, res) => {
      const q = new URL(req.url!, 'http://x').searchParams.get('q');
      res.setHeader('content-type', 'text/html');
      res.end(html(`<h1>Results for ${q}</h1>`));
    },
    '/scroll': INFINITE_SCROLL,
    '/api/items': (req, res) => {
      const page = Number(new URL(req.url!, 'http://x').searchParams.get('page'));
      res.setHeader('content-type', 'application/json');
      setTimeout(() => res.end(JSON.stringify(Array.from({ length: 10 }, (_, i) => `item ${page * 10 + i}`))), 20);
    },
    '/report': REPORT,
    '/echo-headers': (req, res) => {
      res.setHeader('content-type', 'text/html');
      res.end(html(`<pre id="h">${JSON.stringify(req.headers).replace(/</g, '&lt;')}</pre>`));
    },
    '/consent': ONETRUST,
    '/ads': WITH_ADS,
    '/adserver/banner.gif': (_req, res) => res.end('GIF89a'),
    '/pagead/js/adsbygoogle.js': (_req, res) => res.end('document.getElementById("slot").textContent = "AD LOADED";'),
    '/app.js': (_req, res) => res.end('document.body.dataset.app = "ran";'),
    '/ssrf': html(
      '<div id="out">pending</div>',
      `<script>
        fetch('http://127.0.0.1:${other.port}/secret').then((r) => r.text())
          .then((t) => { document.getElementById('out').textContent = 'leaked: ' + t; })
          .catch(() => { document.getElementById('out').textContent = 'fetch refused'; });
      </script>`,
    ),
    '/redirect-inside': (_req, res) => {
      res.statusCode = 302;
      res.setHeader('location', `http://127.0.0.1:${other.port}/secret`);
      res.end();
    },
    '/img-redirect': html(
      '<img src="/redirect-inside" onerror="document.body.append(\'image failed\')" ' +
        'onload="document.body.append(\'image loaded\')">',
    ),
    '/tall': TALL,
    '/gone-empty': (_req, res) => {
      res.statusCode = 404;
      res.end();
    },
    '/hang': () => {
      // Never answers: the render must give up at its timeout.
    },
  });
  pool = createBrowserPool({ maxConcurrency: 2 });
});

afterAll(async () => {
  await pool?.close();
  await site?.close();
  await other?.close();
});

const render = (path: string, extra: Partial<RenderRequest> = {}) =>
  pool.render({ url: site.base + path, timeout: 20_000, ...extra });

async function renderError(promise: Promise<unknown>): Promise<BrowserError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(BrowserError);
    return error as BrowserError;
  }
  throw new Error('expected the render to fail');
}

describe('rendering', () => {
  it('waits for client-rendered content (smart wait)', async () => {
    const result = await render('/client');
    expect(result.status).toBe(200);
    expect(result.contentType).toContain('text/html');
    expect(result.html).toContain('<h1>Rendered by JS</h1>');
    expect(result.html).toContain('Only present after the script ran.');
  });

  it('returns an empty 404 answer as a page with its status, not a navigation error', async () => {
    // Through the guard proxy too (allowRequest set), as the scraper always renders.
    const result = await render('/gone-empty', { allowRequest: () => true });
    expect(result.status).toBe(404);
    expect(result.html).toBe('');
    expect(result.finalUrl).toMatch(/\/gone-empty$/);
  });

  it('waits through a long script task that precedes the data fetch', async () => {
    const result = await render('/busy-then-fetch');
    expect(result.html).toContain('<div id="app">Rendered by JS</div>');
  });

  it('waits for a timer a load handler set before the data fetch', async () => {
    const result = await render('/timer-then-fetch');
    expect(result.html).toContain('<div id="app">Rendered by JS</div>');
  });

  it('does not hold the smart wait to its cap for a timer loop that never ends', async () => {
    const result = await render('/poll-forever');
    expect(result.html).toContain('polling page');
    // Holding until the cap would be exactly SETTLE_MAX_MS (4 s); the loop stops counting after a few runs.
    expect(result.timings.settleMs).toBeLessThan(3_000);
  });

  it('gives up on an app shell whose script failed to load, well before the cap', async () => {
    const result = await render('/broken-app');
    expect(result.html).toContain('<div id="root"></div>');
    // Awaiting content holds the wait to its cap (4 s) otherwise; still for 0.5 s with a lost script, it stops.
    expect(result.timings.settleMs).toBeLessThan(3_000);
  });

  it('still waits for an app that renders after a lost script', async () => {
    const result = await render('/lost-script-late-app');
    expect(result.html).toContain('Rendered late by the app');
  });

  it('counts a synchronous XHR as ended once send() returns', async () => {
    const result = await render('/sync-xhr');
    expect(result.html).toContain('<div id="app">The hidden details arrived.</div>');
    // Left pending, it would hold the wait to its cap (4 s).
    expect(result.timings.settleMs).toBeLessThan(3_000);
  });

  it('sends headers, the cookie header as cookies of the site, and the user agent', async () => {
    const result = await render('/echo-headers', {
      headers: { 'X-Trace': 'abc123', Cookie: 'session=s3cr3t; theme=dark', 'User-Agent': 'ScrapeTest/1.0' },
    });
    const sent = site.headersOf.get('/echo-headers')!;
    expect(sent['x-trace']).toBe('abc123');
    expect(sent['user-agent']).toBe('ScrapeTest/1.0');
    expect(sent.cookie).toContain('session=s3cr3t');
    expect(sent.cookie).toContain('theme=dark');
    expect(sent['accept-language']).toBe('en-US,en;q=0.9');
    expect(result.html).toContain('abc123');
  });

  it('emulates a desktop browser by default, not HeadlessChrome', async () => {
    const result = await render('/report');
    const report = JSON.parse(/<pre id="report">(.*?)<\/pre>/s.exec(result.html)![1].replace(/&quot;/g, '"'));
    expect(report.userAgent).not.toContain('Headless');
    expect(report.width).toBe(1920);
    expect(report.touch).toBe(0);
    expect(report.timezone).toBe('America/New_York');
  });

  it('emulates a mobile device and a location (locale, languages, timezone, geolocation, Accept-Language)', async () => {
    const result = await render('/report', { mobile: true, location: { country: 'DE', languages: ['de-CH', 'fr'] } });
    const report = JSON.parse(/<pre id="report">(.*?)<\/pre>/s.exec(result.html)![1].replace(/&quot;/g, '"'));
    expect(report.userAgent).toMatch(/Android.*Mobile/);
    expect(report.width).toBeLessThan(500);
    expect(report.dpr).toBeGreaterThan(2);
    expect(report.touch).toBeGreaterThan(0);
    expect(report.language).toBe('de-CH');
    expect(report.languages).toEqual(['de-CH', 'fr']);
    expect(report.timezone).toBe('Europe/Berlin');
    expect(report.geo[0]).toBeCloseTo(52.52, 1);
    expect(site.headersOf.get('/report')!['accept-language']).toBe('de-CH,de;q=0.9,fr;q=0.8');
  });
});

describe('actions', () => {
  it('clicks to reveal content and scrapes mid-way', async () => {
    const result = await render('/reveal', {
      actions: [
        { type: 'scrape' },
        { type: 'click', selector: '#more' },
        { type: 'wait', selector: '#details' },
        { type: 'scrape' },
      ],
    });
    expect(result.actions!.scrapes).toHaveLength(2);
    expect(result.actions!.scrapes[0].html).not.toContain('The hidden details arrived.');
    expect(result.actions!.scrapes[1].html).toContain('The hidden details arrived.');
    expect(result.html).toContain('The hidden details arrived.');
  });

  it('fills and submits a form (click + write + press)', async () => {
    const result = await render('/form', {
      actions: [
        { type: 'click', selector: '#q' },
        { type: 'write', text: 'chromium pools' },
        { type: 'press', key: 'Enter' },
        { type: 'wait', selector: 'h1' },
      ],
    });
    expect(result.finalUrl).toBe(`${site.base}/results?q=chromium+pools`);
    expect(result.html).toContain('Results for chromium pools');
  });

  it('scrolls an infinite list to load more items', async () => {
    const before = await render('/scroll');
    const after = await render('/scroll', {
      actions: [{ type: 'scroll' }, { type: 'scroll' }, { type: 'scroll', direction: 'down' }],
    });
    const count = (h: string) => (h.match(/<li>/g) ?? []).length;
    expect(count(before.html)).toBe(10);
    expect(count(after.html)).toBeGreaterThanOrEqual(30);
  });

  it('returns executeJavascript values, screenshots and PDFs in action order', async () => {
    const result = await render('/tall', {
      actions: [
        { type: 'executeJavascript', script: 'document.title' },
        { type: 'executeJavascript', script: 'const n = 20; return { n, doubled: n * 2 };' },
        { type: 'executeJavascript', script: 'document.body.dataset.touched = "yes"' },
        { type: 'screenshot', viewport: { width: 800, height: 600 } },
        { type: 'screenshot', fullPage: true, quality: 60 },
        { type: 'pdf', format: 'A4', landscape: true },
      ],
    });
    const { javascriptReturns, screenshots, pdfs } = result.actions!;
    expect(javascriptReturns).toEqual([
      { type: 'string', value: 'fixture' },
      { type: 'object', value: { n: 20, doubled: 40 } },
      { type: 'string', value: 'yes' },
    ]);
    expect(screenshots.map((s) => [s.mimeType, s.width, s.height])).toEqual([
      ['image/png', 800, 600],
      ['image/jpeg', 1920, screenshots[1].height],
    ]);
    expect(screenshots[1].height).toBeGreaterThanOrEqual(3000);
    expect(imageSize(screenshots[0].bytes)).toMatchObject({ mimeType: 'image/png', width: 800, height: 600 });
    expect(imageSize(screenshots[1].bytes)).toMatchObject({ mimeType: 'image/jpeg', width: 1920 });
    expect(pdfs).toHaveLength(1);
    expect(Buffer.from(pdfs[0].bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    expect(result.html).toContain('data-touched="yes"');
  });

  it('fails with the index and reason of a failing action', async () => {
    const missing = await renderError(
      render('/reveal', {
        // Room for a slow navigation on a busy machine; the element wait takes what is left minus the margin.
        timeout: 8_000,
        actions: [
          { type: 'wait', milliseconds: 10 },
          { type: 'click', selector: '#does-not-exist' },
        ],
      }),
    );
    expect(missing.kind).toBe('action_failed');
    expect(missing.details.actionIndex).toBe(1);
    expect(missing.message).toMatch(/action 1 \(click "#does-not-exist"\)/);

    const throwing = await renderError(
      render('/reveal', {
        actions: [{ type: 'scrape' }, { type: 'executeJavascript', script: 'throw new Error("boom in page")' }],
      }),
    );
    expect(throwing.kind).toBe('action_failed');
    expect(throwing.details.actionIndex).toBe(1);
    expect(throwing.details.reason).toContain('boom in page');

    const unfocused = await renderError(render('/form', { actions: [{ type: 'write', text: 'x' }] }));
    expect(unfocused.details.actionIndex).toBe(0);
    expect(unfocused.message).toContain('click one first');
  });

  it('rejects requests over the caps before rendering', async () => {
    const tooMany = await renderError(
      render('/tall', { actions: Array.from({ length: 51 }, () => ({ type: 'scrape' as const })) }),
    );
    expect(tooMany.kind).toBe('invalid_request');
    const tooLong = await renderError(
      render('/tall', { waitFor: 30_000, actions: [{ type: 'wait', milliseconds: 31_000 }] }),
    );
    expect(tooLong.kind).toBe('invalid_request');
    expect(tooLong.message).toContain('total wait');
  });
});

describe('screenshots', () => {
  it('captures PNG at the requested viewport and a JPEG full page taller than the viewport', async () => {
    const png = await render('/tall', { screenshot: { viewport: { width: 1280, height: 720 } } });
    expect(png.screenshot).toMatchObject({ mimeType: 'image/png', width: 1280, height: 720 });
    expect(imageSize(png.screenshot!.bytes)).toMatchObject({ width: 1280, height: 720 });

    const full = await render('/tall', { screenshot: { fullPage: true, quality: 70 } });
    expect(full.screenshot!.mimeType).toBe('image/jpeg');
    expect(full.screenshot!.width).toBe(1920);
    expect(full.screenshot!.height).toBeGreaterThan(1080);
    expect(imageSize(full.screenshot!.bytes)).toMatchObject({
      mimeType: 'image/jpeg',
      width: 1920,
      height: full.screenshot!.height,
    });
  });
});

describe('blocking', () => {
  it('never lets a blocked ad pattern reach the server, unless blockAds is false', async () => {
    const blocked = await render('/ads');
    expect(blocked.blockedRequests.ads).toBe(2);
    expect(site.hits.filter((h) => h.startsWith('/adserver/') || h.startsWith('/pagead/'))).toEqual([]);
    expect(blocked.html).not.toContain('AD LOADED');
    expect(blocked.html).toContain('data-app="ran"');

    const allowed = await render('/ads', { blockAds: false });
    expect(allowed.html).toContain('AD LOADED');
    expect(site.hits).toContain('/adserver/banner.gif');
  });

  it("adds the operator's list files (adBlockLists, SCRAPE_ADBLOCK_LISTS in the service) to the shipped list", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'scrape-adlists-'));
    const list = join(dir, 'extra.txt');
    writeFileSync(list, '! blocks the first-party script of the fixture page\n/app.js\n');
    const extra = createBrowserPool({ maxConcurrency: 1, adBlockLists: [list] });
    try {
      const result = await extra.render({ url: `${site.base}/ads`, timeout: 20_000 });
      expect(result.blockedRequests.ads).toBe(3);
      expect(result.html).not.toContain('data-app="ran"');
      // The shared pool without the extra list still runs the script (engines are per set of lists).
      expect((await render('/ads')).html).toContain('data-app="ran"');
    } finally {
      await extra.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('dismisses a OneTrust-style consent banner, and leaves it when blockAds is false', async () => {
    const kept = await render('/consent', { blockAds: false });
    expect(kept.html).toContain('onetrust-banner-sdk');
    const dismissed = await render('/consent');
    expect(dismissed.html).not.toContain('onetrust-banner-sdk');
    expect(dismissed.html).not.toContain('We use cookies');
    expect(dismissed.html).toContain('The article text.');
  });

  it('aborts requests that allowRequest refuses (subresource fetch to another local port)', async () => {
    const seen: string[] = [];
    const allowRequest = (url: string) => {
      seen.push(url);
      return new URL(url).port === String(site.port);
    };
    const result = await pool.render({ url: `${site.base}/ssrf`, timeout: 20_000, allowRequest });
    expect(result.html).toContain('fetch refused');
    expect(result.blockedRequests.refused).toBe(1);
    expect(other.hits).toEqual([]);
    expect(seen).toContain(`http://127.0.0.1:${other.port}/secret`);
    // Without the hook the same page reaches the other server: the fixture really tries.
    const open = await pool.render({ url: `${site.base}/ssrf`, timeout: 20_000 });
    expect(open.html).toContain('leaked: internal secret');
    expect(other.hits).toEqual(['/secret']);
    other.hits.length = 0;
  });

  it('refuses a redirect hop of a subresource without failing the page', async () => {
    const allowRequest = (url: string) => new URL(url).port === String(site.port);
    const result = await pool.render({ url: `${site.base}/img-redirect`, timeout: 10_000, allowRequest });
    expect(result.status).toBe(200);
    expect(result.html).toContain('image failed');
    expect(result.blockedRequests.refused).toBe(1);
    expect(other.hits).toEqual([]);
  });

  it('fails with kind blocked when the page itself or a redirect hop is refused', async () => {
    const allowRequest = (url: string) => new URL(url).port === String(site.port);
    const direct = await renderError(
      pool.render({ url: `http://127.0.0.1:${other.port}/secret`, timeout: 10_000, allowRequest }),
    );
    expect(direct.kind).toBe('blocked');
    const hop = await renderError(pool.render({ url: `${site.base}/redirect-inside`, timeout: 10_000, allowRequest }));
    expect(hop.kind).toBe('blocked');
    expect(hop.details.url).toBe(`http://127.0.0.1:${other.port}/secret`);
    // Playwright cannot route redirect hops; the guard proxy stops this one before it leaves the machine.
    expect(other.hits).toEqual([]);
  });
});

describe('limits', () => {
  it('honours the timeout', async () => {
    const started = Date.now();
    const error = await renderError(render('/hang', { timeout: 1_500 }));
    expect(error.kind).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(4_000);
    // The pool is still healthy afterwards.
    expect((await render('/tall')).status).toBe(200);
  });

  it('stops on the caller abort signal', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 300);
    const error = await renderError(
      pool.render({ url: `${site.base}/hang`, timeout: 20_000 }, { signal: controller.signal }),
    );
    expect(error.kind).toBe('aborted');
  });
});
