// The error side of the service end to end: auth, body limits, bad JSON, validation, unknown paths and the SSRF guard.
import { describe, expect, it } from 'vitest';
import { useSiteAndServices, TEST_KEY } from './startService.js';

/** The site, the service and its twin with the SSRF guard on (the default in production). */
const env = useSiteAndServices();

const rawPost = (path: string, body: string, headers: Record<string, string>) =>
  fetch(`${env.svc.baseUrl}${path}`, { method: 'POST', headers, body });

describe('authentication', () => {
  it.each([
    ['no Authorization header', {}],
    ['an unknown key', { authorization: 'Bearer not-the-key' }],
    ['the key without the Bearer scheme', { authorization: TEST_KEY }],
    ['another scheme', { authorization: `Basic ${Buffer.from(`user:${TEST_KEY}`).toString('base64')}` }],
    ['an empty bearer', { authorization: 'Bearer ' }],
  ])('%s is 401 Unauthorized: Invalid token', async (_name, headers) => {
    const res = await rawPost('/v2/scrape', JSON.stringify({ url: env.site.url('/notes.txt') }), {
      'content-type': 'application/json',
      ...headers,
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ success: false, error: 'Unauthorized: Invalid token', code: 'UNAUTHORIZED' });
  });

  it('a rejected request never reaches the page', async () => {
    const before = env.site.hits('/echo/headers');
    await rawPost('/v2/scrape', JSON.stringify({ url: env.site.url('/echo/headers') }), {
      'content-type': 'application/json',
    });
    expect(env.site.hits('/echo/headers')).toBe(before);
  });
});

describe('bodies the service refuses', () => {
  const auth = { authorization: `Bearer ${TEST_KEY}` };

  it('over 10 MB is 413 Payload Too Large', async () => {
    const big = JSON.stringify({
      url: env.site.url('/notes.txt'),
      headers: { 'x-pad': 'x'.repeat(10 * 1024 * 1024 + 16) },
    });
    const res = await rawPost('/v2/scrape', big, { ...auth, 'content-type': 'application/json' });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ success: false, error: 'Payload Too Large' });
  });

  it('malformed JSON is 400 Bad Request', async () => {
    const res = await rawPost('/v2/scrape', '{"url": "http://127.0.0.1/", formats: [', {
      ...auth,
      'content-type': 'application/json',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ success: false, error: 'Bad Request', code: 'BAD_REQUEST_INVALID_JSON' });
  });

  it('a form-encoded body is 415 with a message naming application/json', async () => {
    const res = await rawPost('/v2/scrape', `url=${encodeURIComponent(env.site.url('/notes.txt'))}`, {
      ...auth,
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(res.status).toBe(415);
    const body = await res.json();
    expect(body).toMatchObject({ success: false, error: 'Unsupported Media Type' });
    expect(body.details.message).toContain('application/json');
  });

  it('an unknown path is 404 Not Found in the error shape', async () => {
    for (const path of ['/v2/crawl-that-does-not-exist', '/v0/scrape', '/']) {
      const res = await fetch(`${env.svc.baseUrl}${path}`, { headers: auth });
      expect(res.status, path).toBe(404);
      expect(await res.json()).toEqual({
        success: false,
        error: `Not Found: no route GET ${path}`,
        code: 'ROUTE_NOT_FOUND',
      });
    }
  });
});

describe('validation', () => {
  it('an out-of-range field is 400 Bad Request with per-field details', async () => {
    const { status, body } = await env.svc.scrape({ url: env.site.url('/notes.txt'), timeout: 999 });
    expect(status).toBe(400);
    expect(body.success).toBe(false);
    expect(body.error).toBe('Bad Request: timeout: Too small: expected number to be >=1000');
    expect(body.code).toBe('BAD_REQUEST');
    expect(body.details).toEqual(expect.arrayContaining([expect.objectContaining({ path: ['timeout'] })]));
  });

  it('a custom rule leads the message', async () => {
    const { status, body } = await env.svc.scrape({ url: env.site.url('/notes.txt'), timeout: 2000, waitFor: 1500 });
    expect(status).toBe(400);
    expect(body.error).toBe('waitFor must not exceed half of timeout');
  });

  it('unknown keys are rejected, the SDK origin field is accepted', async () => {
    const bad = await env.svc.scrape({ url: env.site.url('/notes.txt'), fromats: ['markdown'] });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.details)).toContain('fromats');
    expect(bad.body.error).toBe('Bad Request: unknown field "fromats"');
    const ok = await env.svc.scrape({ url: env.site.url('/notes.txt?origin'), origin: 'js-sdk@4.42.0' });
    expect(ok.status).toBe(200);
  });

  it.each([
    ['missing', {}],
    ['relative', { url: '/articles/tidal-energy' }],
    ['not a URL', { url: 'harbour energy' }],
    ['ftp', { url: 'ftp://127.0.0.1/file' }],
    ['file', { url: 'file:///etc/passwd' }],
  ])('url %s is 400 Invalid URL', async (_name, body) => {
    const res = await env.svc.scrape(body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: 'Invalid URL' });
  });
});

describe('SSRF guard (allowPrivateUrls false)', () => {
  it.each([
    ['the fixture by IP', () => env.site.url('/echo/headers')],
    ['localhost', () => env.site.url('/echo/headers').replace('127.0.0.1', 'localhost')],
    ['IPv6 loopback', () => env.site.url('/echo/headers').replace('127.0.0.1', '[::1]')],
    ['IPv4-mapped IPv6', () => env.site.url('/echo/headers').replace('127.0.0.1', '[::ffff:127.0.0.1]')],
    ['decimal IPv4', () => env.site.url('/echo/headers').replace('127.0.0.1', '2130706433')],
  ])('refuses %s without touching it', async (_name, url) => {
    const before = env.site.hits('/echo/headers');
    const { status, body } = await env.guarded.scrape({ url: url() });
    expect(status).toBe(403);
    expect(body.success).toBe(false);
    expect(body.code).toBe('SCRAPE_SSRF_BLOCKED');
    expect(env.site.hits('/echo/headers')).toBe(before);
  });

  it('the unguarded test service reaches the same URL', async () => {
    const { status } = await env.svc.scrape({ url: env.site.url('/echo/headers?ssrf-control') });
    expect(status).toBe(200);
  });
});
