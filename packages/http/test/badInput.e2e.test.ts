// A sweep of bad input through the real service: every answer must be the spec's 4xx in the error shape, never a
// 500 and never a fetch of the page. fast-check generates the bodies; the hostile URLs are a table.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { useSiteAndServices } from './startService.js';

/** Enough cases to cover each generator's shapes while keeping the run to a few seconds on a shared machine. */
const RUNS = 120;
/**
 * Each test here is up to 120 requests in a row and no waits: about a second alone, 7 s at a load of 33 on 2 cores,
 * and over the 30 s default once under a load of 28 plus two busy loops ("arbitrary text", timed out). The cap only
 * has to catch a hang, so it is four times the default.
 */
const TEST_CAP_MS = 120_000;

/** The site, the service and its twin with the SSRF guard on (the default in production). */
const env = useSiteAndServices();

function expectClientError(status: number, body: any, context: unknown) {
  const where = JSON.stringify(context).slice(0, 300);
  expect(status, where).toBeGreaterThanOrEqual(400);
  expect(status, where).toBeLessThan(500);
  expect(body?.success, where).toBe(false);
  expect(typeof body?.error, where).toBe('string');
  expect(typeof body?.code, where).toBe('string');
}

/**
 * True when a JSON value holds a key the service's JSON parser refuses before any field is read: `__proto__`, or
 * `constructor` holding `prototype` (prototype poisoning). fast-check's `jsonValue()` makes such keys on purpose
 * (about one run in twelve of 120 cases); the whole body is then a 400 `BAD_REQUEST_FORBIDDEN_KEY` naming the key,
 * not the field's type.
 */
function hasRefusedKey(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some(hasRefusedKey);
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (key === '__proto__') return true;
    const inner = record[key];
    if (key === 'constructor' && inner !== null && typeof inner === 'object' && 'prototype' in inner) return true;
    if (hasRefusedKey(inner)) return true;
  }
  return false;
}

/** Values of every JSON type except the one a field wants (none with a key the JSON parser refuses, see above). */
const notA = (kind: 'boolean' | 'number' | 'string' | 'array' | 'object') =>
  fc.jsonValue().filter((v) => {
    if (hasRefusedKey(v)) return false;
    if (kind === 'array') return !Array.isArray(v);
    if (kind === 'object') return v === null || typeof v !== 'object' || Array.isArray(v);
    return typeof v !== kind;
  });

const FIELD_TYPES: Record<string, 'boolean' | 'number' | 'string' | 'array' | 'object'> = {
  formats: 'array',
  onlyMainContent: 'boolean',
  includeTags: 'array',
  excludeTags: 'array',
  maxAge: 'number',
  headers: 'object',
  waitFor: 'number',
  mobile: 'boolean',
  skipTlsVerification: 'boolean',
  timeout: 'number',
  parsers: 'array',
  actions: 'array',
  location: 'object',
  removeBase64Images: 'boolean',
  blockAds: 'boolean',
  storeInCache: 'boolean',
  lockdown: 'boolean',
  zeroDataRetention: 'boolean',
  profile: 'object',
};

describe('bad input never reaches a 500', { timeout: TEST_CAP_MS }, () => {
  it('arbitrary JSON bodies without a valid url are 4xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), async (value) => {
        const { status, body } = await env.svc.scrape(JSON.stringify(value));
        expectClientError(status, body, value);
      }),
      { numRuns: RUNS },
    );
  });

  it('arbitrary text sent as JSON is 4xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 200 }), async (text) => {
        const { status, body } = await env.svc.scrape(text);
        expectClientError(status, body, text);
      }),
      { numRuns: RUNS },
    );
  });

  it('a wrongly typed field next to a good url is 400 naming the field, and the page is not fetched', async () => {
    const before = env.site.hits('/echo/headers');
    await fc.assert(
      fc.asyncProperty(
        fc
          .constantFrom(...Object.keys(FIELD_TYPES))
          .chain((field) => fc.tuple(fc.constant(field), notA(FIELD_TYPES[field]))),
        async ([field, value]) => {
          const request = { url: env.site.url('/echo/headers'), [field]: value };
          const { status, body } = await env.svc.scrape(request);
          expectClientError(status, body, request);
          expect(status).toBe(400);
          expect(JSON.stringify(body.details)).toContain(field);
        },
      ),
      { numRuns: RUNS },
    );
    expect(env.site.hits('/echo/headers')).toBe(before);
  });

  // The values the property above leaves out: the parser refuses the body whole, naming the key rather than a type.
  it('a value holding a __proto__ or constructor.prototype key is 400 naming the key, nothing fetched', async () => {
    const url = env.site.url('/echo/headers');
    const bodies = [
      [`{"url":${JSON.stringify(url)},"includeTags":{"__proto__":[]}}`, 'includeTags.__proto__'],
      [`{"url":${JSON.stringify(url)},"mobile":[{"a":{"__proto__":false}}]}`, 'mobile[0].a.__proto__'],
      [`{"url":${JSON.stringify(url)},"timeout":{"constructor":{"prototype":{}}}}`, 'timeout.constructor.prototype'],
    ];
    const before = env.site.hits('/echo/headers');
    for (const [text, where] of bodies) {
      const { status, body } = await env.svc.scrape(text);
      expectClientError(status, body, text);
      expect(status, text).toBe(400);
      expect(body.code, text).toBe('BAD_REQUEST_FORBIDDEN_KEY');
      expect(body.error, text).toContain(`${where}: the key`);
    }
    expect(env.site.hits('/echo/headers')).toBe(before);
  });

  it('out-of-range numbers on both sides of every bound are 400', async () => {
    const url = env.site.url('/echo/headers');
    const cases = [
      { timeout: 999 },
      { timeout: 300001 },
      { timeout: 1500.5 },
      { waitFor: -1 },
      { maxAge: -1 },
      { minAge: -5 },
      { location: { country: 'u1' } },
      { location: { country: 'USA' } },
      { parsers: [{ type: 'pdf', maxPages: 0 }] },
      { parsers: [{ type: 'pdf', maxPages: 10001 }] },
      { profile: { name: '' } },
      { profile: { name: 'p'.repeat(129) } },
      { actions: [{ type: 'screenshot', quality: 0 }] },
      { actions: [{ type: 'screenshot', quality: 101 }] },
      { actions: [{ type: 'wait' }] },
      { actions: [{ type: 'wait', milliseconds: 10, selector: '#a' }] },
      { actions: [{ type: 'teleport' }] },
      { formats: ['markdown', 'no-such-format'] },
      { formats: [{ type: 'screenshot' }, { type: 'screenshot', fullPage: true }] },
      { proxy: 'stealthy' },
    ];
    const before = env.site.hits('/echo/headers');
    for (const extra of cases) {
      const { status, body } = await env.svc.scrape({ url, ...extra });
      expectClientError(status, body, extra);
      expect(status, JSON.stringify(extra)).toBe(400);
    }
    expect(env.site.hits('/echo/headers')).toBe(before);
  });

  it('hostile URLs are refused with a 4xx by the guarded service', async () => {
    const port = new URL(env.site.origin).port;
    const hostile = [
      'file:///etc/passwd',
      'data:text/html,<h1>hi</h1>',
      'javascript:alert(1)',
      'gopher://127.0.0.1:70/',
      'ws://127.0.0.1/',
      '//127.0.0.1/',
      'http://',
      `http://user:secret@127.0.0.1:${port}/echo/headers`,
      `http://127.0.0.1:${port}@127.0.0.1:${port}/echo/headers`,
      `http://[::1]:${port}/echo/headers`,
      `http://[0:0:0:0:0:0:0:1]:${port}/echo/headers`,
      `http://[::ffff:7f00:1]:${port}/echo/headers`,
      `http://[::ffff:127.0.0.1]:${port}/echo/headers`,
      `http://0x7f.0.0.1:${port}/echo/headers`,
      `http://0177.0.0.1:${port}/echo/headers`,
      `http://127.1:${port}/echo/headers`,
      `http://0.0.0.0:${port}/echo/headers`,
      'http://169.254.169.254/latest/meta-data/',
      'http://[fe80::1]/',
      'http://10.0.0.1/',
      'http://100.64.0.1/',
      'http://192.168.0.1/',
      'http://[fd00::1]/',
      'http://224.0.0.1/',
      `http://exa mple.com/`,
    ];
    const before = env.site.hits('/echo/headers');
    const answers = [];
    for (const url of hostile) {
      const { status, body } = await env.guarded.scrape({ url, timeout: 5000 });
      answers.push({ url, status, error: body?.error, success: body?.success });
    }
    // All answers at once, so one failure does not hide the next.
    expect(
      answers.filter((a) => a.status < 400 || a.status >= 500 || a.success !== false || typeof a.error !== 'string'),
    ).toEqual([]);
    expect(env.site.hits('/echo/headers')).toBe(before);
  });

  it('random strings as url are a 4xx, never a 500', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string(),
          fc
            .webUrl({ withFragments: true, withQueryParameters: true })
            .map((u) => u.replace(/^https?:\/\/[^/]+/, 'http://127.0.0.1:1')),
        ),
        async (url) => {
          const { status, body } = await env.guarded.scrape({ url, timeout: 2000 });
          expectClientError(status, body, url);
        },
      ),
      { numRuns: 60 },
    );
  });
});
