// The browser engine through the real service: real Chromium, real pages on 127.0.0.1, the SSRF guard ON with only
// the fixture site's port allowed, artifacts behind signed links, and the official Firecrawl SDK as a client.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Firecrawl from '@mendable/firecrawl-js';
import { createScraper } from '@scrape/scraper';
import { listenLocal, type LocalServer } from '@scrape/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createArtifactSigner } from '../src/artifacts/createArtifactSigner.js';
import { startService, TEST_KEY, type Service } from './startService.js';
import { WARM_HOOK_MS } from './warmSessionBrowser.js';

const ARTIFACT_SECRET = 'browser-e2e-artifact-secret-0123456789';

type Local = LocalServer;
const listen = listenLocal;

/** Width and height of a PNG (from its IHDR chunk); undefined for anything else. */
function imageSize(bytes: Uint8Array): { width: number; height: number } | undefined {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length < 24 || png.some((b, i) => bytes[i] !== b)) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

const page = (title: string, body: string, head = '') =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title>${head}</head><body>${body}</body></html>`;

let site: Local;
let other: Local;
let svc: Service;
let dataDir: string;

beforeAll(async () => {
  other = await listen((_req, res) => res.end('INTERNAL-ADMIN-SECRET'));
  site = await listen((req, res, path) => {
    const send = (body: string, type = 'text/html; charset=utf-8') =>
      res.writeHead(200, { 'content-type': type }).end(body);
    const query = new URL(req.url ?? '/', 'http://x').searchParams;
    switch (path) {
      case '/spa':
        // A client-rendered shell: the HTTP engine sees an empty #root, the content comes from an API call.
        return send(
          page(
            'Harbour app',
            '<div id="root"></div><noscript>You need to enable JavaScript to run this app.</noscript>',
            `<script>
            addEventListener('DOMContentLoaded', async () => {
              const data = await (await fetch('/api/tides')).json();
              document.getElementById('root').innerHTML = '<h1>Tide table</h1><p>High water at ' + data.high + ' today.</p>';
            });</script>`,
          ),
        );
      case '/api/tides':
        return send(JSON.stringify({ high: '14:32' }), 'application/json');
      case '/reveal':
        return send(
          page(
            'Reveal',
            '<h1>Notice</h1><button id="more">Read more</button><div id="hidden-part" hidden></div>',
            `<script>
            addEventListener('DOMContentLoaded', () => document.getElementById('more').addEventListener('click', async () => {
              const el = document.getElementById('hidden-part');
              el.textContent = await (await fetch('/api/more')).text();
              el.hidden = false;
            }));</script>`,
          ),
        );
      case '/api/more':
        return send('The breakwater repairs finish in March.', 'text/plain');
      case '/search':
        return send(
          page(
            'Search',
            '<form action="/results" method="get"><input id="q" name="q"><button type="submit">Search</button></form>',
          ),
        );
      case '/results':
        return send(
          page('Results', `<h1>Results for ${(query.get('q') ?? '').replace(/[<&]/g, '')}</h1><p>3 boats found.</p>`),
        );
      case '/static':
        return send(
          page(
            'Static',
            `<article><h1>Harbour notes</h1>${'<p>The fishing fleet returns at dusk. </p>'.repeat(20)}</article>`,
          ),
        );
      case '/whoami':
        // A responsive page: with width=device-width a phone lays it out at its own CSS width.
        return send(
          page(
            'Who am I',
            '<p id="ua"></p>',
            `<meta name="viewport" content="width=device-width"><script>addEventListener('DOMContentLoaded', () => {
          document.getElementById('ua').textContent = 'width=' + innerWidth + ' touch=' + ('ontouchstart' in window);
        });</script>`,
          ),
        );
      case '/leak':
        return send(
          page(
            'Leak',
            '<p id="out">pending</p>',
            `<script>addEventListener('DOMContentLoaded', () => {
            fetch('http://127.0.0.1:${other.port}/admin').then((r) => r.text()).then(
              (t) => { document.getElementById('out').textContent = 'LEAKED ' + t; },
              () => { document.getElementById('out').textContent = 'FETCH-REFUSED'; })
              .finally(() => { document.body.dataset.settled = 'yes'; });
          });</script>`,
          ),
        );
      default:
        res.writeHead(404).end('not found');
    }
  });
  dataDir = mkdtempSync(join(tmpdir(), 'scrape-browser-e2e-'));
  // The SSRF guard is ON: 127.0.0.1 is allowed only on the fixture site's port, so the other port is "internal".
  const scraper = createScraper({
    dataDir,
    allowPrivateUrls: false,
    allowAddress: (address, port) => address === '127.0.0.1' && port === site.port,
    proxies: {},
  });
  svc = await startService({ scraper, artifactSecret: ARTIFACT_SECRET });
  // startService's own scraper is not used; the injected one is closed below.
  (svc as Service & { injected?: typeof scraper }).injected = scraper;
});

// The render Chromium launched here, not in the first test (a cold launch on a busy machine takes most of its 30 s):
// a scrape with an action is served by the browser; zero data retention keeps nothing of it.
beforeAll(async () => {
  const warm = await svc.scrape({
    url: `${site.origin}/static`,
    actions: [{ type: 'wait', milliseconds: 1 }],
    zeroDataRetention: true,
  });
  if (warm.body.data?.metadata?.engine !== 'browser') throw new Error(`warm-up scrape: ${JSON.stringify(warm.body)}`);
}, WARM_HOOK_MS);

afterAll(async () => {
  await svc?.close();
  await (svc as (Service & { injected?: { close(): Promise<void> } }) | undefined)?.injected?.close();
  await Promise.all([site?.close(), other?.close()]);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('engine choice through the service', () => {
  it('a client-rendered page is detected on the HTTP answer and rendered by the browser', async () => {
    const { status, body } = await svc.scrape({ url: `${site.origin}/spa`, formats: ['markdown'] });
    expect(status).toBe(200);
    expect(body.data.metadata.engine).toBe('browser');
    expect(body.data.markdown).toContain('High water at 14:32 today.');
    expect(site.hits.filter((h) => h === '/api/tides')).toHaveLength(1);
  });

  it('a server-rendered page is served by the HTTP engine', async () => {
    const { body } = await svc.scrape({ url: `${site.origin}/static`, formats: ['markdown'] });
    expect(body.data.metadata.engine).toBe('fetch');
    expect(body.data.metadata.proxyUsed).toBe('basic');
  });

  it('mobile: the page sees a phone (user agent, narrow touch viewport)', async () => {
    const { body } = await svc.scrape({ url: `${site.origin}/whoami`, formats: ['markdown'], mobile: true });
    expect(body.data.metadata.engine).toBe('browser');
    expect(site.headersOf.get('/whoami')?.['user-agent']).toMatch(/Android.*Mobile/);
    expect(body.data.markdown).toMatch(/width=4\d\d touch=true/);
  });
});

describe('actions', () => {
  it('click reveals content fetched by the page', async () => {
    const { status, body } = await svc.scrape({
      url: `${site.origin}/reveal`,
      formats: ['markdown'],
      actions: [{ type: 'click', selector: '#more' }],
    });
    expect(status).toBe(200);
    expect(body.data.markdown).toContain('The breakwater repairs finish in March.');
    expect(body.data.actions).toEqual({ screenshots: [], scrapes: [], javascriptReturns: [], pdfs: [] });
  });

  it('fill and submit a form, scrape the result page, return a script value', async () => {
    const { status, body } = await svc.scrape({
      url: `${site.origin}/search`,
      formats: ['markdown'],
      actions: [
        { type: 'click', selector: '#q' },
        { type: 'write', text: 'trawler' },
        { type: 'press', key: 'Enter' },
        { type: 'wait', selector: 'h1' },
        { type: 'scrape' },
        { type: 'executeJavascript', script: 'document.querySelectorAll("p").length * 21' },
      ],
    });
    expect(status).toBe(200);
    expect(body.data.metadata.url).toBe(`${site.origin}/results?q=trawler`);
    expect(body.data.markdown).toContain('Results for trawler');
    expect(body.data.actions.scrapes).toHaveLength(1);
    expect(body.data.actions.scrapes[0].url).toBe(`${site.origin}/results?q=trawler`);
    expect(body.data.actions.scrapes[0].html).toContain('3 boats found.');
    expect(body.data.actions.javascriptReturns).toEqual([{ type: 'number', value: 21 }]);
  });

  it('a failing action answers 400 naming its index and reason', async () => {
    const { status, body } = await svc.scrape({
      url: `${site.origin}/static`,
      timeout: 15_000,
      actions: [
        { type: 'scrape' },
        { type: 'wait', milliseconds: 10 },
        { type: 'executeJavascript', script: 'null.boom' },
      ],
    });
    expect(status).toBe(400);
    expect(body.success).toBe(false);
    expect(body.code).toBe('SCRAPE_ACTION_ERROR');
    expect(body.error).toMatch(/^Action 2 \(executeJavascript\) failed: .*null/);
    expect(body.details).toMatchObject({ actionIndex: 2, actionType: 'executeJavascript' });
  });
});

describe('screenshots behind signed links', () => {
  let link: URL;

  it('the screenshot format is a signed URL on this server that downloads a PNG of the requested viewport', async () => {
    const { status, body } = await svc.scrape({
      url: `${site.origin}/static`,
      formats: [{ type: 'screenshot', viewport: { width: 1024, height: 700 } }],
    });
    expect(status).toBe(200);
    link = new URL(body.data.screenshot);
    expect(link.origin).toBe(svc.baseUrl);
    expect(link.pathname).toMatch(/^\/v2\/artifacts\/[A-Za-z0-9_-]{22}$/);
    expect(Number(link.searchParams.get('expires')) * 1000).toBeGreaterThan(Date.now() + 23 * 3600_000);
    // No API key: the link itself is the capability.
    const res = await fetch(link);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(imageSize(bytes)).toMatchObject({ width: 1024, height: 700 });
  });

  it('a full-page screenshot is taller than the viewport; action screenshots are links too', async () => {
    const { body } = await svc.scrape({
      url: `${site.origin}/static`,
      formats: [{ type: 'screenshot', fullPage: true, viewport: { width: 600, height: 300 } }],
      actions: [{ type: 'screenshot', quality: 60 }],
    });
    const full = imageSize(new Uint8Array(await (await fetch(body.data.screenshot)).arrayBuffer()));
    expect(full?.width).toBe(600);
    expect(full!.height).toBeGreaterThan(300);
    expect(body.data.actions.screenshots).toHaveLength(1);
    const shot = await fetch(body.data.actions.screenshots[0]);
    expect(shot.headers.get('content-type')).toBe('image/jpeg');
    const jpeg = new Uint8Array(await shot.arrayBuffer());
    expect([jpeg[0], jpeg[1], jpeg[2]]).toEqual([0xff, 0xd8, 0xff]);
  });

  it('a tampered link is 403, an expired one 404, an unknown id 404', async () => {
    const id = link.pathname.split('/').pop()!;
    const expires = link.searchParams.get('expires')!;
    const sig = link.searchParams.get('sig')!;
    const at = (query: string, artifactId = id) => fetch(`${svc.baseUrl}/v2/artifacts/${artifactId}?${query}`);
    expect((await at(`expires=${Number(expires) + 86_400}&sig=${sig}`)).status).toBe(403);
    expect((await at(`expires=${expires}&sig=${sig.slice(0, -3)}abc`)).status).toBe(403);
    expect((await at(`expires=${expires}`)).status).toBe(403);
    // A correctly signed link whose time is up (signed with the server's key, as the server would have a day ago).
    const signer = createArtifactSigner(ARTIFACT_SECRET);
    const expired = await at(signer.sign(id, Date.now() - 1_000));
    expect(expired.status).toBe(404);
    expect((await expired.json()).success).toBe(false);
    expect(
      (await at(signer.sign('AAAAAAAAAAAAAAAAAAAAAA', Date.now() + 60_000), 'AAAAAAAAAAAAAAAAAAAAAA')).status,
    ).toBe(404);
  });

  it('zeroDataRetention returns the screenshot inline (data: URI), nothing stored', async () => {
    const { body } = await svc.scrape({
      url: `${site.origin}/static`,
      formats: ['screenshot'],
      zeroDataRetention: true,
    });
    expect(body.data.screenshot).toMatch(/^data:image\/png;base64,/);
  });
});

describe('SSRF guard inside the page', () => {
  it('a page script fetching another 127.0.0.1 port is refused; that server never sees the request', async () => {
    // Read once the page's fetch has settled (a condition, not a time: a refusal is slower on a busy machine).
    const { status, body } = await svc.scrape({
      url: `${site.origin}/leak`,
      formats: ['markdown'],
      actions: [{ type: 'wait', selector: 'body[data-settled]' }],
    });
    expect(status).toBe(200);
    expect(body.data.metadata.engine).toBe('browser');
    expect(body.data.markdown).toContain('FETCH-REFUSED');
    expect(body.data.markdown).not.toContain('INTERNAL-ADMIN-SECRET');
    expect(other.hits).toEqual([]);
  });

  it('that port as the page itself is 403 SCRAPE_SSRF_BLOCKED', async () => {
    const { status, body } = await svc.scrape({ url: `${other.origin}/admin`, mobile: true });
    expect(status).toBe(403);
    expect(body.code).toBe('SCRAPE_SSRF_BLOCKED');
    expect(other.hits).toEqual([]);
  });
});

describe('Firecrawl SDK', () => {
  it('scrape(url, {formats: ["screenshot"]}) gets a screenshot URL it can download', async () => {
    const client = new Firecrawl({ apiKey: TEST_KEY, apiUrl: svc.baseUrl, maxRetries: 1 });
    const doc = await client.scrape(`${site.origin}/static?sdk=1`, { formats: ['markdown', 'screenshot'] });
    expect(doc.markdown).toContain('Harbour notes');
    expect(typeof doc.screenshot).toBe('string');
    const res = await fetch(doc.screenshot!);
    expect(res.status).toBe(200);
    expect(imageSize(new Uint8Array(await res.arrayBuffer()))?.width).toBe(1920);
    expect(doc.metadata?.statusCode).toBe(200);
  });
});
