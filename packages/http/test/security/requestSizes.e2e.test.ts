// Issue 20 item 10: arrays a client sends cost event-loop time in proportion to their length (200,000 excludeTags
// blocked 5.7 s and overflowed the selector engine's stack; 750,000 formats cost 2.6 s). They are capped and refused
// with a 400 naming the field, before the schema walks them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSecurityService, type SecurityService } from './securityService.js';

let svc: SecurityService;

beforeAll(async () => {
  svc = await startSecurityService({
    handler: (_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<p>ok</p>'),
  });
});
afterAll(async () => {
  await svc?.close();
});

describe('request size caps', () => {
  it('200,000 excludeTags: 400 BAD_REQUEST_TOO_LARGE naming excludeTags', async () => {
    const r = await svc.scrape({
      url: `${svc.site.origin}/`,
      excludeTags: Array.from({ length: 200_000 }, (_, i) => `.c${i}`),
    });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('BAD_REQUEST_TOO_LARGE');
    expect(r.body.details[0].path).toEqual(['excludeTags']);
    expect(svc.site.hits).toEqual([]);
  });

  it('750,000 formats: 400 naming formats', async () => {
    const r = await svc.scrape({
      url: `${svc.site.origin}/`,
      formats: Array.from({ length: 750_000 }, () => 'markdown'),
    });
    expect([r.status, r.body.code, r.body.details[0].path]).toEqual([400, 'BAD_REQUEST_TOO_LARGE', ['formats']]);
  });

  it('a selector longer than its cap, and too many headers, are refused too', async () => {
    const deep = `${':not('.repeat(400)}div${')'.repeat(400)}`;
    const selector = await svc.scrape({ url: `${svc.site.origin}/`, includeTags: ['main', deep] });
    expect([selector.status, selector.body.code, selector.body.details[0].path]).toEqual([
      400,
      'BAD_REQUEST_TOO_LARGE',
      ['includeTags', 1],
    ]);
    const headers = Object.fromEntries(Array.from({ length: 5_000 }, (_, i) => [`x-h${i}`, 'v']));
    const many = await svc.scrape({ url: `${svc.site.origin}/`, headers });
    expect([many.status, many.body.code]).toEqual([400, 'BAD_REQUEST_TOO_LARGE']);
    expect(svc.site.hits).toEqual([]);
  });

  it('requests within the caps still work', async () => {
    const r = await svc.scrape({
      url: `${svc.site.origin}/`,
      formats: ['markdown', 'links'],
      excludeTags: Array.from({ length: 200 }, (_, i) => `.ad-${i}`),
    });
    expect(r.status).toBe(200);
  });
});
