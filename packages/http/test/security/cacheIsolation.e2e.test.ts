// Issue 20 item 8: the page cache is shared by tenants, so its key must tell hosts apart. Team A's cached
// www.shop.test must never answer team B's shop.test (different names may serve different sites).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEY_A, KEY_B, startSecurityService, type SecurityService } from './securityService.js';

let svc: SecurityService;

beforeAll(async () => {
  svc = await startSecurityService({
    hosts: { 'www.shop.test': '127.0.0.1', 'shop.test': '127.0.0.1' },
    handler: (req, res) => {
      const host = String(req.headers.host ?? '').split(':')[0];
      const text = host === 'www.shop.test' ? 'Team A private storefront on www' : 'Public apex landing page';
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end(`<html><body><main><h1>${host}</h1><p>${text}</p></main></body></html>`);
    },
  });
});
afterAll(async () => {
  await svc?.close();
});

describe('cache keys keep the host as sent', () => {
  it("team B's request for shop.test is not answered with team A's cached www.shop.test", async () => {
    const a = await svc.scrape({ url: `http://www.shop.test:${svc.site.port}/` }, KEY_A);
    expect([a.status, a.body.code, a.body.details]).toEqual([200, undefined, undefined]);
    expect(a.body.data.markdown).toContain('Team A private storefront');
    const b = await svc.scrape({ url: `http://shop.test:${svc.site.port}/` }, KEY_B);
    expect(b.status).toBe(200);
    expect(b.body.data.metadata.cacheState).not.toBe('hit');
    expect(b.body.data.markdown).toContain('Public apex landing page');
    expect(b.body.data.markdown).not.toContain('Team A');
  });
});
