// What the Firecrawl SDK 4.42 can put in a scrape request, sent through the SDK itself (issue 24): formats and
// fields its types allow must work, or be ignored with a `warning` where they switch a Firecrawl cloud feature.
import Firecrawl from '@mendable/firecrawl-js';
import { listenLocal, relayToLoopback, useStarted } from '@scrape/test-support';
import { describe, expect, it } from 'vitest';
import { startFixtureSite } from './fixtureSite.js';
import { captureImages, NOTICE_HTML } from './uploadFixtures.js';
import { callApi, startService, TEST_KEY } from './startService.js';
import { sdkError } from './sdkError.js';

const GALLERY = `<!DOCTYPE html><html><head><title>Harbour gallery</title>
<meta property="og:image" content="/share.jpg"></head><body><main><h1>Harbour gallery</h1>
<p>Photographs of the harbour wall at low tide, taken over three winters by the harbour master.</p>
<img src="/img/wall.jpg" alt="wall"><img src="img/wall.jpg" alt="the same wall again">
<img src="/img/small.jpg" srcset="/img/small.jpg 480w, /img/large.jpg 1200w" alt="boats">
<picture><source srcset="/img/pier.avif"><img src="/img/pier.jpg" alt="pier"></picture>
<a class="product" href="/kettle" data-sku="K-1">Kettle</a><a class="product" href="/lamp" data-sku="L-2">Lamp</a>
</main></body></html>`;

const env = useStarted(async (own) => {
  // A real PNG of two lines of text, captured by Chromium: what the image parser must read.
  const { png } = await captureImages(NOTICE_HTML);
  const site = await listenLocal((_req, res, path) => {
    if (path === '/photo.png') {
      res.writeHead(200, { 'content-type': 'image/png' });
      return res.end(Buffer.from(png));
    }
    if (path === '/gallery') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(GALLERY);
    }
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not found');
  });
  own(site);
  const svc = own(await startService());
  return { site, svc, client: new Firecrawl({ apiKey: TEST_KEY, apiUrl: svc.baseUrl, maxRetries: 1 }) };
});

describe('formats the SDK types allow', () => {
  it('images: every image URL of the page, absolute, once each, srcset candidates included', async () => {
    const doc = await env.client.scrape(`${env.site.origin}/gallery?images`, { formats: ['images'] });
    expect(doc.images).toEqual([
      `${env.site.origin}/share.jpg`,
      `${env.site.origin}/img/wall.jpg`,
      `${env.site.origin}/img/small.jpg`,
      `${env.site.origin}/img/large.jpg`,
      `${env.site.origin}/img/pier.avif`,
      `${env.site.origin}/img/pier.jpg`,
    ]);
    expect(doc.markdown).toBeUndefined();
  });

  it('attributes: the values per selector', async () => {
    const doc = await env.client.scrape(`${env.site.origin}/gallery?attributes`, {
      formats: [
        'markdown',
        {
          type: 'attributes',
          selectors: [
            { selector: 'a.product', attribute: 'data-sku' },
            { selector: 'img', attribute: 'alt' },
          ],
        },
      ],
    });
    expect(doc.attributes).toEqual([
      { selector: 'a.product', attribute: 'data-sku', values: ['K-1', 'L-2'] },
      { selector: 'img', attribute: 'alt', values: ['wall', 'the same wall again', 'boats', 'pier'] },
    ]);
    expect(doc.markdown).toContain('harbour master');
  });

  it('attributes with a selector the engine cannot read is a 400 naming it, before any fetch', async () => {
    const before = env.site.hits.length;
    const err = await sdkError(
      env.client.scrape(`${env.site.origin}/gallery?bad-selector`, {
        formats: [{ type: 'attributes', selectors: [{ selector: 'a[', attribute: 'href' }] }],
      }),
    );
    expect(err.status).toBe(400);
    expect(err.message).toContain('a[');
    expect(err.code).toBe('BAD_REQUEST');
    expect(env.site.hits.length).toBe(before);
  });

  it('query without a configured model is the clear SCRAPE_LLM_NOT_CONFIGURED 400, never a validation error', async () => {
    for (const mode of [undefined, 'freeform', 'directQuote'] as const) {
      const err = await sdkError(
        env.client.scrape(`${env.site.origin}/gallery?query`, {
          formats: [{ type: 'query', prompt: 'Who took the photographs?', ...(mode ? { mode } : {}) }],
        }),
      );
      expect(err.status, mode).toBe(400);
      expect(err.code, mode).toBe('SCRAPE_LLM_NOT_CONFIGURED');
    }
  });
});

describe('fields the SDK types allow', () => {
  it('proxy "stealth" goes through the enhanced proxy; lowercase location.country is upper-cased', async () => {
    // A forward proxy on 127.0.0.1 as the operator's enhanced tier: it relays absolute-form requests to the site.
    const proxy = await listenLocal(relayToLoopback);
    const proxied = await startService({ proxies: { enhanced: { server: proxy.origin } } });
    try {
      const viaProxy = new Firecrawl({ apiKey: TEST_KEY, apiUrl: proxied.baseUrl, maxRetries: 1 });
      const doc = await viaProxy.scrape(`${env.site.origin}/gallery?stealth`, {
        formats: ['markdown'],
        proxy: 'stealth',
        maxAge: 0,
      });
      expect(doc.metadata?.proxyUsed).toBe('enhanced');
      expect(proxy.hits).toContain(`${env.site.origin}/gallery?stealth`);
    } finally {
      await proxied.close();
      await proxy.close();
    }
    const doc = await env.client.scrape(`${env.site.origin}/gallery?country`, {
      formats: ['markdown'],
      location: { country: 'de', languages: ['de-DE'] },
    });
    expect(doc.markdown).toContain('harbour master');
    expect(env.site.headersOf.get('/gallery')?.['accept-language']).toMatch(/^de-DE/);
  });

  it('parsers in every SDK form, pageMarkdown included, are accepted', async () => {
    const doc = await env.client.scrape(`${env.site.origin}/gallery?parsers`, {
      formats: ['markdown'],
      parsers: ['pdf', 'image', { type: 'pdf', mode: 'fast', pageMarkdown: true }, { type: 'image' }],
    });
    expect(doc.markdown).toContain('harbour master');
    // An image with the image parser is read by the offline OCR engine, as POST /v2/parse reads an upload.
    const photo = await env.client.scrape(`${env.site.origin}/photo.png`, {
      formats: ['markdown'],
      parsers: ['image'],
    });
    expect(photo.markdown).toBe('Harbour notice\n\nThe ferry leaves at noon');
    expect(photo.metadata?.ocrConfidence).toBeGreaterThan(0.6);
  });

  it('fastMode, useMock, toolDetail and domainTools are accepted and named in a warning as cloud-only', async () => {
    const doc = await env.client.scrape(`${env.site.origin}/gallery?cloud`, {
      formats: ['markdown'],
      fastMode: true,
      useMock: 'mock-1',
      toolDetail: 'full',
      domainTools: true,
    });
    expect(doc.markdown).toContain('harbour master');
    expect(doc.warning).toBe(
      '`fastMode`, `useMock`, `domainTools`, `toolDetail` are Firecrawl cloud options that this server ignores.',
    );
    const quiet = await env.client.scrape(`${env.site.origin}/gallery?cloud-off`, {
      formats: ['markdown'],
      fastMode: false,
    });
    expect(quiet.warning).toBeUndefined();
  });

  it('a key no client sends keeps its 400, which names it', async () => {
    const err = await sdkError(
      env.client.scrape(`${env.site.origin}/gallery?unknown`, { formats: ['markdown'], inventedOption: 1 } as never),
    );
    expect(err.status).toBe(400);
    expect(err.message).toBe('Bad Request: unknown field "inventedOption"');
  });
});

describe('the cache', () => {
  it('a cached screenshot keeps the link it was stored with', async () => {
    const url = `${env.site.origin}/gallery?screenshot`;
    const first = await env.client.scrape(url, { formats: ['screenshot'] });
    const second = await env.client.scrape(url, { formats: ['screenshot'] });
    expect(first.metadata?.cacheState).toBe('miss');
    expect(second.metadata?.cacheState).toBe('hit');
    expect(first.screenshot).toMatch(/\/v2\/artifacts\//);
    expect(second.screenshot).toBe(first.screenshot);
    const image = await fetch(second.screenshot!);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/^image\//);
  });
});

describe('GET /v2/scrape/{id}', () => {
  it('answers the stored document of a recent scrape to the key that made it, never under zero data retention', async () => {
    const keys = [TEST_KEY, 'second-team-key-0123456789abcdef'];
    const two = await startService({ apiKeys: keys });
    try {
      const doc = await new Firecrawl({ apiKey: TEST_KEY, apiUrl: two.baseUrl }).scrape(
        `${env.site.origin}/gallery?stored`,
        { formats: ['markdown', 'links'] },
      );
      const scrapeId = doc.metadata?.scrapeId as string;
      const stored = await callApi(two, 'GET', `/v2/scrape/${scrapeId}`);
      expect(stored.status).toBe(200);
      expect(stored.body).toEqual({ success: true, data: JSON.parse(JSON.stringify(doc)) });
      const stranger = await callApi(two, 'GET', `/v2/scrape/${scrapeId}`, undefined, keys[1]);
      expect(stranger.status).toBe(404);
      expect(stranger.body.code).toBe('SCRAPE_NOT_FOUND');
      const unknown = await callApi(two, 'GET', '/v2/scrape/00000000-0000-4000-8000-000000000000');
      expect([unknown.status, unknown.body.code]).toEqual([404, 'SCRAPE_NOT_FOUND']);
      for (const options of [{ zeroDataRetention: true }, { storeInCache: false }]) {
        const secret = await two.scrape({ url: `${env.site.origin}/gallery?secret`, ...options });
        expect(secret.status).toBe(200);
        const again = await callApi(two, 'GET', `/v2/scrape/${secret.body.data.metadata.scrapeId}`);
        expect(again.status, JSON.stringify(options)).toBe(404);
      }
      const noKey = await fetch(`${two.baseUrl}/v2/scrape/${scrapeId}`);
      expect(noKey.status).toBe(401);
    } finally {
      await two.close();
    }
  });
});

describe('permanent failures are not answered with a status the SDK retries', () => {
  const local = useStarted(async (own) => ({ fixtures: own(await startFixtureSite()) }));

  /** Scrapes through an SDK with its default retries, counting the requests that reach the service. */
  async function onceThroughSdk(url: string, options: Record<string, unknown> = {}) {
    const retrying = new Firecrawl({ apiKey: TEST_KEY, apiUrl: env.svc.baseUrl });
    let requests = 0;
    const count = (req: { url?: string }) => {
      if (req.url === '/v2/scrape') requests++;
    };
    env.svc.app.server.on('request', count);
    try {
      const err = await sdkError(retrying.scrape(url, { formats: ['markdown'], maxAge: 0, ...options }));
      return { status: err.status, code: err.code, message: err.message, requests };
    } finally {
      env.svc.app.server.off('request', count);
    }
  }

  it.each([
    ['a DNS failure', (): string => 'http://no-such-host.invalid/page', {}, 200, 'SCRAPE_DNS_RESOLUTION_ERROR'],
    ['a refused connection', (): string => 'http://127.0.0.1:9/', {}, 200, 'SCRAPE_CONNECTION_REFUSED'],
    ['a redirect loop', () => local.fixtures.url('/loop'), {}, 200, 'SCRAPE_TOO_MANY_REDIRECTS'],
    [
      'a self-signed certificate with skipTlsVerification false',
      () => local.fixtures.httpsUrl('/articles/tidal-energy?strict'),
      { skipTlsVerification: false },
      200,
      'SCRAPE_TLS_CERTIFICATE_ERROR',
    ],
    [
      'a 70-character hostname label',
      () => `http://${'a'.repeat(70)}.example.com/`,
      {},
      400,
      'BAD_REQUEST_INVALID_URL',
    ],
  ] as const)('%s: one request, answered without a retryable status', async (_name, url, options, status, code) => {
    const err = await onceThroughSdk(url(), options);
    expect({ status: err.status, code: err.code, requests: err.requests }).toEqual({ status, code, requests: 1 });
    expect(err.message.length).toBeGreaterThan(10);
  });

  it('an invalid hostname is refused before any lookup, with the reason in details', async () => {
    const { status, body } = await env.svc.scrape({ url: `http://${'b'.repeat(64)}.example/` });
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, error: 'Invalid URL', code: 'BAD_REQUEST_INVALID_URL' });
    expect(JSON.stringify(body.details)).toContain('at most 63');
  });
});
