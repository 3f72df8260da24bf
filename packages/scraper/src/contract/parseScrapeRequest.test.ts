import { describe, expect, it } from 'vitest';
import { ScrapeError } from '../errors.js';
import { LOCKDOWN_MAX_AGE_DEFAULT_MS, MAX_AGE_DEFAULT_MS } from './limits.js';
import { parseScrapeRequest } from './parseScrapeRequest.js';

const URL_OK = 'https://example.com/page';

/** Parses or returns the ScrapeError thrown. */
function attempt(
  body: unknown,
): { ok: true; value: ReturnType<typeof parseScrapeRequest> } | { ok: false; error: ScrapeError } {
  try {
    return { ok: true, value: parseScrapeRequest(body) };
  } catch (error) {
    if (error instanceof ScrapeError) return { ok: false, error };
    throw error;
  }
}

function accepts(extra: Record<string, unknown>) {
  const r = attempt({ url: URL_OK, ...extra });
  if (!r.ok)
    throw new Error(`expected acceptance of ${JSON.stringify(extra)}, got ${JSON.stringify(r.error.toJSON())}`);
  return r.value;
}

function rejects(extra: Record<string, unknown>, error = 'Bad Request') {
  const r = attempt({ url: URL_OK, ...extra });
  if (r.ok) throw new Error(`expected rejection of ${JSON.stringify(extra)}`);
  expect(r.error.status).toBe(400);
  if (error === 'Bad Request') expect(r.error.error).toMatch(/^Bad Request: \S/);
  else expect(r.error.error).toBe(error);
  expect(r.error.code).toEqual(expect.any(String));
  expect(Array.isArray(r.error.details)).toBe(true);
  return r.error;
}

describe('parseScrapeRequest: defaults', () => {
  it('fills every default of spec §2.1', () => {
    const req = accepts({});
    expect(req).toMatchObject({
      url: URL_OK,
      zeroDataRetention: false,
      formats: [{ type: 'markdown' }],
      onlyMainContent: true,
      onlyCleanContent: false,
      maxAge: MAX_AGE_DEFAULT_MS,
      waitFor: 0,
      mobile: false,
      skipTlsVerification: true,
      timeout: 60000,
      parsers: [{ type: 'pdf', mode: 'auto', pages: false, blocks: false, pageMarkers: false }],
      location: { country: 'US' },
      removeBase64Images: true,
      blockAds: true,
      proxy: 'auto',
      storeInCache: true,
      lockdown: false,
      redactPII: false,
    });
    expect(req.minAge).toBeUndefined();
  });

  it('maxAge defaults to 2 years under lockdown, and an explicit maxAge wins', () => {
    expect(accepts({ lockdown: true }).maxAge).toBe(LOCKDOWN_MAX_AGE_DEFAULT_MS);
    expect(LOCKDOWN_MAX_AGE_DEFAULT_MS).toBe(63_072_000_000);
    expect(accepts({ lockdown: true, maxAge: 5 }).maxAge).toBe(5);
    expect(accepts({ maxAge: 0 }).maxAge).toBe(0);
  });

  it('accepts the fields the Firecrawl SDK adds (origin, integration)', () => {
    expect(accepts({ origin: 'js-sdk@4.42.0', integration: 'n8n' }).origin).toBe('js-sdk@4.42.0');
  });
});

describe('parseScrapeRequest: url', () => {
  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['not a URL', 'not a url'],
    ['relative', '/path'],
    ['no scheme', 'example.com'],
    ['ftp', 'ftp://example.com/file'],
    ['file', 'file:///etc/passwd'],
    ['javascript', 'javascript:alert(1)'],
    ['a number', 42],
  ])('%s → 400 Invalid URL', (_name, url) => {
    const r = attempt(url === undefined ? {} : { url });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.status).toBe(400);
      expect(r.error.error).toBe('Invalid URL');
      expect((r.error.details as { path: unknown[] }[])[0].path).toEqual(['url']);
    }
  });

  it('keeps the url exactly as sent', () => {
    expect(accepts({ url: 'HTTP://Example.COM:80/a/../b?q=1#frag' }).url).toBe('HTTP://Example.COM:80/a/../b?q=1#frag');
  });

  it('a body that is not an object is a Bad Request', () => {
    for (const body of [null, [], 'x', 3]) {
      const r = attempt(body);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.error).toBe('Bad Request: the request body must be a JSON object');
    }
  });
});

describe('parseScrapeRequest: the error string names the field and the reason', () => {
  it.each([
    [{ timeout: 999 }, 'Bad Request: timeout: Too small: expected number to be >=1000'],
    [{ fromats: ['markdown'] }, 'Bad Request: unknown field "fromats"'],
    [{ formats: ['markdwn'] }, "Bad Request: formats[0].type: Invalid discriminator value. Expected 'markdown'"],
    [{ location: { country: 'US', city: 'Paris' } }, 'Bad Request: unknown field "location.city"'],
    [{ mobile: 'yes' }, 'Bad Request: mobile: Invalid input: expected boolean, received string'],
  ])('%j → %s', (extra, message) => {
    const r = attempt({ url: URL_OK, ...extra });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.error.startsWith(message)).toBe(true);
      expect(r.error.code).toBe('BAD_REQUEST');
    }
  });

  it('lists at most three issues and says how many more are in details', () => {
    const r = attempt({ url: URL_OK, timeout: 1, mobile: 1, blockAds: 1, lockdown: 1, storeInCache: 1 });
    if (r.ok) throw new Error('accepted');
    expect(r.error.error).toMatch(/; .*; .* \(and 2 more in details\)$/);
  });
});

describe('parseScrapeRequest: bounds, both sides', () => {
  it.each([
    [{ timeout: 999 }, false],
    [{ timeout: 1000 }, true],
    [{ timeout: 300000 }, true],
    [{ timeout: 300001 }, false],
    [{ timeout: 1500.5 }, false],
    [{ parsers: [{ type: 'pdf', maxPages: 0 }] }, false],
    [{ parsers: [{ type: 'pdf', maxPages: 1 }] }, true],
    [{ parsers: [{ type: 'pdf', maxPages: 10000 }] }, true],
    [{ parsers: [{ type: 'pdf', maxPages: 10001 }] }, false],
    [{ profile: { name: '' } }, false],
    [{ profile: { name: 'a' } }, true],
    [{ profile: { name: 'a'.repeat(128) } }, true],
    [{ profile: { name: 'a'.repeat(129) } }, false],
    [{ actions: [{ type: 'screenshot', quality: 0 }] }, false],
    [{ actions: [{ type: 'screenshot', quality: 1 }] }, true],
    [{ actions: [{ type: 'screenshot', quality: 100 }] }, true],
    [{ actions: [{ type: 'screenshot', quality: 101 }] }, false],
    [{ formats: [{ type: 'screenshot', quality: 0 }] }, false],
    [{ formats: [{ type: 'screenshot', quality: 1 }] }, true],
    [{ formats: [{ type: 'screenshot', quality: 100 }] }, true],
    [{ formats: [{ type: 'screenshot', quality: 101 }] }, false],
    [{ location: { country: 'us' } }, true],
    [{ location: { country: 'u1' } }, false],
    [{ location: { country: 'USA' } }, false],
    [{ location: { country: 'US' } }, true],
    [{ location: { country: 'DE', languages: ['de-DE', 'en'] } }, true],
    [{ actions: [{ type: 'wait', milliseconds: 0 }] }, false],
    [{ actions: [{ type: 'wait', milliseconds: 1 }] }, true],
    [{ actions: [{ type: 'screenshot', viewport: { width: 0, height: 600 } }] }, false],
    [{ actions: [{ type: 'screenshot', viewport: { width: 800, height: 1 } }] }, true],
    [{ actions: [{ type: 'screenshot', viewport: { width: 800.5, height: 600 } }] }, false],
    [{ actions: [{ type: 'screenshot', viewport: { width: 800 } }] }, false],
    [{ maxAge: -1 }, false],
    [{ maxAge: 0 }, true],
    [{ minAge: -1 }, false],
    [{ minAge: 1 }, true],
    [{ waitFor: -1 }, false],
  ])('%j accepted: %s', (extra, ok) => {
    if (ok) accepts(extra);
    else rejects(extra);
  });

  it('rejections name the field in details', () => {
    const error = rejects({ timeout: 300001 });
    expect(error.details).toEqual([expect.objectContaining({ path: ['timeout'], message: expect.any(String) })]);
  });
});

describe('parseScrapeRequest: waitFor vs timeout', () => {
  it.each([
    [{ waitFor: 30000 }, true], // default timeout 60000
    [{ waitFor: 30001 }, false],
    [{ timeout: 1000, waitFor: 500 }, true],
    [{ timeout: 1000, waitFor: 501 }, false],
    [{ timeout: 300000, waitFor: 150000 }, true],
  ])('%j accepted: %s', (extra, ok) => {
    if (ok) accepts(extra);
    else rejects(extra, 'waitFor must not exceed half of timeout');
  });

  it('the custom rule message wins over plain schema errors', () => {
    const error = rejects({ waitFor: 40000, mobile: 'yes' }, 'waitFor must not exceed half of timeout');
    expect((error.details as { path: unknown[] }[]).map((d) => d.path)).toEqual(
      expect.arrayContaining([['mobile'], ['waitFor']]),
    );
  });
});

describe('parseScrapeRequest: actions', () => {
  it.each([
    [
      { type: 'wait', milliseconds: 10, selector: '#a' },
      'wait action requires exactly one of milliseconds or selector',
    ],
    [{ type: 'wait' }, 'wait action requires exactly one of milliseconds or selector'],
  ])('%j → custom rule', (action, message) => {
    rejects({ actions: [action] }, message);
  });

  it.each([
    { type: 'wait', selector: '#main' },
    { type: 'screenshot', fullPage: true, quality: 80, viewport: { width: 1280, height: 800 } },
    { type: 'click', selector: 'button', all: true },
    { type: 'write', text: 'hello' },
    { type: 'press', key: 'Enter' },
    { type: 'scroll', direction: 'up', selector: '#list' },
    { type: 'scrape' },
    { type: 'executeJavascript', script: 'return 1' },
    { type: 'pdf', format: 'A4', landscape: true, scale: 0.5 },
  ])('accepts %j', (action) => {
    accepts({ actions: [action] });
  });

  it('fills action defaults', () => {
    const req = accepts({
      actions: [{ type: 'click', selector: 'a' }, { type: 'scroll' }, { type: 'pdf' }, { type: 'screenshot' }],
    });
    expect(req.actions).toEqual([
      { type: 'click', selector: 'a', all: false },
      { type: 'scroll', direction: 'down' },
      { type: 'pdf', format: 'Letter', landscape: false, scale: 1 },
      { type: 'screenshot', fullPage: false },
    ]);
  });

  it.each([
    [{ type: 'click' }],
    [{ type: 'click', selector: 'a', extra: 1 }],
    [{ type: 'scrape', selector: 'a' }],
    [{ type: 'scroll', direction: 'left' }],
    [{ type: 'pdf', format: 'B5' }],
    [{ type: 'hover', selector: 'a' }],
    [{ selector: 'a' }],
  ])('rejects %j', (action) => {
    rejects({ actions: [action] });
  });
});

describe('parseScrapeRequest: formats', () => {
  it('accepts the string shorthand and the object form, normalised to objects', () => {
    const req = accepts({ formats: ['markdown', { type: 'html' }, 'rawHtml', 'links', 'rawBase64'] });
    expect(req.formats).toEqual([
      { type: 'markdown' },
      { type: 'html' },
      { type: 'rawHtml' },
      { type: 'links' },
      { type: 'rawBase64' },
    ]);
  });

  it('deduplicates repeated formats', () => {
    expect(accepts({ formats: ['markdown', { type: 'markdown' }] }).formats).toEqual([{ type: 'markdown' }]);
  });

  it('accepts an empty list (metadata only)', () => {
    expect(accepts({ formats: [] }).formats).toEqual([]);
  });

  it.each([['pdf'], ['image'], ['attributes'], ['query'], ['screenshot@fullPage'], [{ type: 'extract' }], [{}], [5]])(
    'rejects unknown format %j',
    (format) => {
      const error = rejects({ formats: [format] });
      expect((error.details as { path: unknown[] }[])[0].path.slice(0, 2)).toEqual(['formats', 0]);
    },
  );

  it('rejects two screenshot formats', () => {
    rejects(
      { formats: ['screenshot', { type: 'screenshot', fullPage: true }] },
      'Only one screenshot format may be requested',
    );
  });

  it('format objects are strict and typed', () => {
    rejects({ formats: [{ type: 'markdown', extra: true }] });
    rejects({ formats: [{ type: 'screenshot', fullPage: 'yes' }] });
    accepts({ formats: [{ type: 'screenshot', fullPage: true, quality: 50, viewport: { width: 1024, height: 768 } }] });
  });

  it('json needs a prompt or a schema; question and highlights need their text', () => {
    rejects({ formats: ['json'] }, "json format requires either 'prompt' or 'schema' (or both)");
    rejects({ formats: [{ type: 'json' }] }, "json format requires either 'prompt' or 'schema' (or both)");
    accepts({ formats: [{ type: 'json', prompt: 'the price' }] });
    accepts({ formats: [{ type: 'json', schema: { type: 'object' }, checkPromptInjection: true }] });
    rejects({ formats: [{ type: 'question' }] });
    rejects({ formats: ['question'] });
    accepts({ formats: [{ type: 'question', question: 'Who wrote it?' }] });
    rejects({ formats: [{ type: 'highlights' }] });
    accepts({ formats: [{ type: 'highlights', query: 'pricing' }] });
  });

  it('changeTracking takes modes/schema/prompt/tag and needs markdown', () => {
    accepts({
      formats: [
        'markdown',
        { type: 'changeTracking', modes: ['git-diff', 'json'], schema: {}, prompt: 'p', tag: 'daily' },
      ],
    });
    rejects({ formats: ['changeTracking'] }, "The 'changeTracking' format requires the 'markdown' format");
    rejects({ formats: ['markdown', { type: 'changeTracking', modes: ['svn-diff'] }] });
  });

  it('accepts every format name of the spec', () => {
    for (const name of [
      'markdown',
      'summary',
      'html',
      'rawHtml',
      'rawBase64',
      'links',
      'screenshot',
      'audio',
      'video',
      'branding',
      'product',
      'menu',
    ]) {
      accepts({ formats: [name] });
    }
  });
});

describe('parseScrapeRequest: other fields', () => {
  it('parsers items are strict; "pdf" is shorthand for {type:"pdf"}', () => {
    expect(accepts({ parsers: ['pdf'] }).parsers).toEqual([
      { type: 'pdf', mode: 'auto', pages: false, blocks: false, pageMarkers: false },
    ]);
    expect(accepts({ parsers: [] }).parsers).toEqual([]);
    accepts({ parsers: [{ type: 'pdf', mode: 'ocr', maxPages: 5, pages: true, blocks: true, pageMarkers: true }] });
    rejects({ parsers: [{ type: 'pdf', extra: 1 }] });
    rejects({ parsers: [{ type: 'pdf', mode: 'slow' }] });
    rejects({ parsers: [{ type: 'image', mode: 'ocr' }] });
    rejects({ parsers: ['docx'] });
  });

  it('parsers take the SDK 4.42 forms: "image", {type:"image"} and the deprecated pageMarkdown alias of pages', () => {
    expect(accepts({ parsers: ['pdf', 'image'] }).parsers).toEqual([
      { type: 'pdf', mode: 'auto', pages: false, blocks: false, pageMarkers: false },
      { type: 'image' },
    ]);
    expect(accepts({ parsers: [{ type: 'image' }] }).parsers).toEqual([{ type: 'image' }]);
    expect(accepts({ parsers: [{ type: 'pdf', pageMarkdown: true }] }).parsers).toEqual([
      { type: 'pdf', mode: 'auto', pages: true, blocks: false, pageMarkers: false },
    ]);
  });

  it('redactPII is a boolean or strict options', () => {
    expect(accepts({ redactPII: true }).redactPII).toBe(true);
    accepts({ redactPII: { mode: 'fast', entities: ['PERSON', 'EMAIL'], replaceStyle: 'mask' } });
    rejects({ redactPII: { mode: 'slow' } });
    rejects({ redactPII: { entities: ['SSN'] } });
    rejects({ redactPII: { replaceStyle: 'tag', extra: 1 } });
    rejects({ redactPII: 'yes' });
  });

  it('profile.saveChanges defaults to true; profile is strict', () => {
    expect(accepts({ profile: { name: 'p' } }).profile).toEqual({ name: 'p', saveChanges: true });
    rejects({ profile: { name: 'p', extra: 1 } });
    rejects({ profile: {} });
  });

  it('proxy is basic | enhanced | auto, and the SDK\'s "stealth" means enhanced', () => {
    for (const proxy of ['basic', 'enhanced', 'auto']) expect(accepts({ proxy }).proxy).toBe(proxy);
    expect(accepts({ proxy: 'stealth' }).proxy).toBe('enhanced');
    rejects({ proxy: 'residential' });
  });

  it('lowercase location.country is upper-cased', () => {
    expect(accepts({ location: { country: 'de' } }).location).toEqual({ country: 'DE' });
  });

  it('the SDK 4.42 cloud switches are accepted with their types', () => {
    expect(accepts({ fastMode: true, useMock: 'm', domainTools: true, toolDetail: 'compact' })).toMatchObject({
      fastMode: true,
      useMock: 'm',
      domainTools: true,
      toolDetail: 'compact',
    });
    rejects({ toolDetail: 'verbose' });
    rejects({ fastMode: 'yes' });
  });

  it('formats images, attributes and query; query is rewritten to question or highlights', () => {
    expect(accepts({ formats: ['images'] }).formats).toEqual([{ type: 'images' }]);
    const selectors = [{ selector: 'a', attribute: 'href' }];
    expect(accepts({ formats: [{ type: 'attributes', selectors }] }).formats).toEqual([
      { type: 'attributes', selectors },
    ]);
    rejects({ formats: [{ type: 'attributes', selectors: [] }] });
    rejects({ formats: [{ type: 'attributes', selectors: [{ selector: 'a' }] }] });
    expect(accepts({ formats: [{ type: 'query', prompt: 'Who?' }] }).formats).toEqual([
      { type: 'question', question: 'Who?' },
    ]);
    expect(accepts({ formats: [{ type: 'query', prompt: 'Who?', mode: 'directQuote' }] }).formats).toEqual([
      { type: 'highlights', query: 'Who?' },
    ]);
    rejects({ formats: [{ type: 'query', prompt: '' }] });
    rejects({ formats: [{ type: 'query', prompt: 'x', mode: 'essay' }] });
  });

  it('headers are string to string', () => {
    accepts({ headers: { cookie: 'a=b', 'User-Agent': 'x' } });
    rejects({ headers: { n: 1 } });
  });

  it('threatProtection and auditMetadata are objects', () => {
    accepts({ threatProtection: { mode: 'off' }, auditMetadata: { username: 'u' } });
    rejects({ auditMetadata: 'u' });
  });

  it('rejects unknown keys, listing them', () => {
    const error = rejects({ fastMod: true, unknownThing: 1 });
    expect(error.details).toEqual([
      expect.objectContaining({ code: 'unrecognized_keys', keys: ['fastMod', 'unknownThing'] }),
    ]);
  });

  it.each([
    ['onlyMainContent', 'yes'],
    ['includeTags', 'p'],
    ['excludeTags', [1]],
    ['mobile', 1],
    ['skipTlsVerification', 'false'],
    ['removeBase64Images', null],
    ['blockAds', 0],
    ['storeInCache', 'true'],
    ['lockdown', 1],
    ['zeroDataRetention', 'no'],
    ['location', 'US'],
    ['origin', 5],
  ])('rejects %s = %j', (field, value) => {
    rejects({ [field]: value });
  });
});

describe('scrapeRequestSchema on non-objects', () => {
  it('does not throw inside the cross-field rules', async () => {
    const { scrapeRequestSchema } = await import('./scrapeRequest.js');
    for (const value of [null, undefined, 3, 'x', []]) expect(scrapeRequestSchema.safeParse(value).success).toBe(false);
  });
});
