// POST /v2/scrape end to end: the real server and scraper against the fixture site on 127.0.0.1.
import { waitFor } from '@scrape/test-support';
import { describe, expect, it } from 'vitest';
import { ARTICLE_HTML, DATA_JSON } from './fixtureSite.js';
import { TEST_KEY, useSiteAndService } from './startService.js';

const env = useSiteAndService();

/** Each test asks for its own URL variant so that no answer can come from an earlier test's cached fetch. */
let n = 0;
const fresh = (path: string) => `${path}${path.includes('?') ? '&' : '?'}t=${++n}`;

describe('formats on a real article page', () => {
  it('markdown keeps the article and its table, and drops nav, sidebar and footer (onlyMainContent default)', async () => {
    const { status, body } = await env.svc.scrape({
      url: env.site.url(fresh('/articles/tidal-energy')),
      formats: ['markdown'],
    });
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    const md: string = body.data.markdown;
    expect(md).toMatch(/^# Tidal Energy in Small Harbours/m);
    expect(md).toContain('Marine growth on the blades cut output by a fifth');
    expect(md).toMatch(/\|\s*Harbour\s*\|\s*Installed\s*\|/);
    expect(md).toMatch(/\|\s*Strand\s*\|\s*2021\s*\|\s*120\s*\|/);
    for (const chrome of ['NAVIGATION-SUBSCRIBE-LINK', 'SIDEBAR-POPULAR-DREDGING', 'FOOTER-COPYRIGHT-NOTICE'])
      expect(md).not.toContain(chrome);
    // Only the requested formats, plus metadata.
    expect(Object.keys(body.data).sort()).toEqual(['markdown', 'metadata']);
  });

  it('onlyMainContent:false keeps the page chrome', async () => {
    const { body } = await env.svc.scrape({
      url: env.site.url(fresh('/articles/tidal-energy')),
      formats: [{ type: 'markdown' }],
      onlyMainContent: false,
    });
    expect(body.data.markdown).toContain('NAVIGATION-SUBSCRIBE-LINK');
    expect(body.data.markdown).toContain('FOOTER-COPYRIGHT-NOTICE');
    expect(body.data.markdown).toContain('Marine growth on the blades');
  });

  it('html is cleaned with absolute URLs (src, srcset, href); rawHtml is the page as served', async () => {
    const { body } = await env.svc.scrape({
      url: env.site.url(fresh('/articles/tidal-energy')),
      formats: ['html', 'rawHtml'],
    });
    const html: string = body.data.html;
    const o = env.site.origin;
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toContain('FOOTER-COPYRIGHT-NOTICE');
    // The image resolves against the page URL (core may keep srcset or promote its best candidate to src).
    expect(html).toMatch(new RegExp(`src="${o}/articles/images/turbine-(small|large)\\.jpg"`));
    expect(html).toContain(`href="${o}/reports/kelby-2023.pdf"`);
    // Every URL-bearing attribute left in the cleaned html is absolute, srcset candidates included.
    const urls = [...html.matchAll(/\s(?:src|href)="([^"]*)"/g)].map((m) => m[1]);
    const srcsetUrls = [...html.matchAll(/\ssrcset="([^"]*)"/g)].flatMap((m) =>
      m[1].split(',').map((c) => c.trim().split(/\s+/)[0]),
    );
    expect(urls.length).toBeGreaterThan(5);
    for (const u of [...urls, ...srcsetUrls]) expect(u).toMatch(/^(https?:\/\/|mailto:|data:)/);
    expect(html).toContain('<table');
    expect(body.data.rawHtml).toBe(ARTICLE_HTML);
    expect(body.data.markdown).toBeUndefined();
  });

  it('links are absolute, de-duplicated in first-seen order, mailto kept, #anchors and page chrome dropped', async () => {
    const { body } = await env.svc.scrape({ url: env.site.url(fresh('/articles/tidal-energy')), formats: ['links'] });
    const links: string[] = body.data.links;
    const o = env.site.origin;
    const expected = [
      `${o}/reports/kelby-2023.pdf`,
      `${o}/articles/tidal-energy?page=2`,
      'https://example.org/guide',
      'mailto:editor@example.org',
      `${o}/topics/energy`,
    ];
    for (const link of expected) expect(links).toContain(link);
    const positions = expected.map((l) => links.indexOf(l));
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(new Set(links).size).toBe(links.length);
    expect(links.every((l) => /^(https?:\/\/|mailto:)/.test(l))).toBe(true);
    expect(links.some((l) => l.includes('#top'))).toBe(false);
    expect(links).not.toContain(`${o}/about`);
    expect(links).not.toContain(`${o}/privacy`);
  });

  it('metadata: title, description, language, sourceURL exactly as sent, final url, status, content type, scrapeId', async () => {
    const sent = env.site.url(fresh('/articles/./tidal-energy'));
    const { body } = await env.svc.scrape({ url: sent });
    const m = body.data.metadata;
    expect(m.title).toBe('Tidal Energy in Small Harbours | Coastal Engineering Notes');
    expect(m.description).toBe(
      'How three small harbours installed tidal turbines, what they cost and what they produce.',
    );
    expect(m.language).toBe('en');
    expect(m.sourceURL).toBe(sent);
    expect(m.url).toBe(sent.replace('/./', '/'));
    expect(m.statusCode).toBe(200);
    expect(m.contentType).toMatch(/^text\/html/);
    expect(typeof m.scrapeId).toBe('string');
    expect(m.scrapeId.length).toBeGreaterThan(0);
    // The default format is markdown.
    expect(body.data.markdown).toContain('Tidal Energy in Small Harbours');
  });
});

describe('what pages answer', () => {
  it('follows a redirect chain (301, 302 absolute, 307 relative): url is final, sourceURL as sent', async () => {
    const { status, body } = await env.svc.scrape({ url: env.site.url('/go/1'), maxAge: 0 });
    expect(status).toBe(200);
    expect(body.data.metadata.sourceURL).toBe(env.site.url('/go/1'));
    expect(body.data.metadata.url).toBe(env.site.url('/articles/tidal-energy'));
    expect(body.data.metadata.statusCode).toBe(200);
    expect(body.data.markdown).toContain('Marine growth on the blades');
  });

  it('a redirect loop is a clear error, not a crash', async () => {
    const { status, body } = await env.svc.scrape({ url: env.site.url('/loop') });
    // A permanent failure: 200 success:false with a code, never a status clients retry (docs/api.md).
    expect(status).toBe(200);
    expect(body.code).toBe('SCRAPE_TOO_MANY_REDIRECTS');
    expect(body.success).toBe(false);
    expect(body.error).toMatch(/redirect/i);
  });

  it('a 404 page is a document: success true, statusCode 404, metadata.error set', async () => {
    const { status, body } = await env.svc.scrape({ url: env.site.url(fresh('/no/such/page')) });
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.data.metadata.statusCode).toBe(404);
    expect(typeof body.data.metadata.error).toBe('string');
    expect(body.data.markdown).toContain('does not exist on this harbour site');
  });

  it('a 500 page is a document too', async () => {
    const { status, body } = await env.svc.scrape({ url: env.site.url(fresh('/broken')) });
    expect(status).toBe(200);
    expect(body.data.metadata.statusCode).toBe(500);
    expect(typeof body.data.metadata.error).toBe('string');
    expect(body.data.markdown).toContain('down for maintenance');
  });

  it.each(['/sjis/meta', '/sjis/header'])('decodes a Shift-JIS page (%s)', async (path) => {
    const { body } = await env.svc.scrape({ url: env.site.url(fresh(path)), formats: ['markdown', 'rawHtml'] });
    expect(body.data.metadata.title).toBe('港の潮力発電について');
    expect(body.data.markdown).toContain('タービンの羽根は半年ごとに清掃する必要があります');
    expect(body.data.markdown).not.toContain('ホーム');
    expect(body.data.rawHtml).toContain('北海岸の三つの漁港');
    expect(body.data.rawHtml).not.toContain('\uFFFD');
  });

  it('a JSON endpoint becomes a fenced json block; rawHtml is the body', async () => {
    const { body } = await env.svc.scrape({
      url: env.site.url(fresh('/api/harbours.json')),
      formats: ['markdown', 'rawHtml'],
    });
    expect(body.data.markdown.trim()).toBe('```json\n' + DATA_JSON.trim() + '\n```');
    expect(body.data.rawHtml).toBe(DATA_JSON);
    expect(body.data.metadata.contentType).toMatch(/^application\/json/);
  });

  it('text/plain comes back as is', async () => {
    const { body } = await env.svc.scrape({ url: env.site.url(fresh('/notes.txt')) });
    expect(body.data.markdown.trim()).toBe('Plain notes.\nSecond line of the notes.');
  });

  it('sends the request headers option to the page', async () => {
    const { status } = await env.svc.scrape({
      url: env.site.url(fresh('/echo/headers')),
      headers: { 'x-e2e-marker': 'harbour-42', 'user-agent': 'E2E-Agent/1.0' },
    });
    expect(status).toBe(200);
    expect(env.site.lastEchoHeaders()?.['x-e2e-marker']).toBe('harbour-42');
    expect(env.site.lastEchoHeaders()?.['user-agent']).toBe('E2E-Agent/1.0');
  });

  it('a page slower than timeout is 408 Request Timeout, answered at the deadline', async () => {
    const started = Date.now();
    const { status, body } = await env.svc.scrape({
      url: env.site.url(fresh('/articles/slow-tide?ms=8000')),
      timeout: 1000,
    });
    const elapsed = Date.now() - started;
    expect(status).toBe(408);
    expect(body).toMatchObject({ success: false, error: 'Request Timeout' });
    expect(elapsed).toBeGreaterThanOrEqual(900);
    expect(elapsed).toBeLessThan(5000);
  });

  it('a client that disconnects mid-scrape stops the scrape: the page fetch is abandoned', async () => {
    const path = '/articles/slow-tide';
    const [hitsBefore, abandonedBefore] = [env.site.hits(path), env.site.abandoned(path)];
    const client = new AbortController();
    const call = fetch(`${env.svc.baseUrl}/v2/scrape`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TEST_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url: env.site.url(fresh(`${path}?ms=20000`)), timeout: 60_000 }),
      signal: client.signal,
    });
    call.catch(() => undefined);
    await waitFor(() => env.site.hits(path) > hitsBefore, 'the site to see the request', 10_000, 20);
    expect(env.svc.app.inFlightScrapes()).toBe(1);
    client.abort();
    // Well before the page's 20 s or the scrape's 60 s: the abort travels through the server into the engine.
    await waitFor(() => env.site.abandoned(path) > abandonedBefore, 'the site to see the abort', 5_000, 20);
    await waitFor(() => env.svc.app.inFlightScrapes() === 0, 'no scrape in flight', 5_000, 20);
  });

  it('self-signed HTTPS: accepted by default (skipTlsVerification true), a clear error when verification is on', async () => {
    const ok = await env.svc.scrape({ url: env.site.httpsUrl(fresh('/articles/tidal-energy')) });
    expect(ok.status).toBe(200);
    expect(ok.body.data.markdown).toContain('Marine growth on the blades');

    const strict = await env.svc.scrape({
      url: env.site.httpsUrl(fresh('/articles/tidal-energy')),
      skipTlsVerification: false,
    });
    expect(strict.status).toBe(200);
    expect(strict.body.code).toBe('SCRAPE_TLS_CERTIFICATE_ERROR');
    expect(strict.body.success).toBe(false);
    expect(JSON.stringify(strict.body)).toMatch(/certificate|TLS|SELF_SIGNED/i);
  });

  it('a refused connection is a clear error', async () => {
    const { status, body } = await env.svc.scrape({ url: 'http://127.0.0.1:9/' });
    expect(status).toBe(200);
    expect(body.code).toBe('SCRAPE_CONNECTION_REFUSED');
    expect(body.success).toBe(false);
    expect(JSON.stringify(body)).toMatch(/refused/i);
  });
});

describe('service routes', () => {
  it('GET /v2/openapi.json describes POST /v2/scrape', async () => {
    const res = await fetch(`${env.svc.baseUrl}/v2/openapi.json`);
    expect(res.status).toBe(200);
    const doc = await res.json();
    expect(typeof doc.openapi).toBe('string');
    expect(doc.paths['/v2/scrape'].post).toBeDefined();
  });

  it('GET /health answers without a key', async () => {
    const res = await fetch(`${env.svc.baseUrl}/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ok: true });
  });

  it('returns the request id it was given', async () => {
    const { headers } = await env.svc.scrape(
      { url: env.site.url(fresh('/notes.txt')) },
      { headers: { 'x-request-id': 'e2e-trace-1' } },
    );
    expect(headers.get('x-request-id')).toBe('e2e-trace-1');
  });
});
