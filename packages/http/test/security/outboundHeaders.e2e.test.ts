// Issue 20 item 11: a client's `Host` header must not reach the address the guard checked for another name
// (virtual-host confusion), and the client's custom headers must not follow a redirect to another origin.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSecurityService, type SecurityService } from './securityService.js';

let svc: SecurityService;

beforeAll(async () => {
  svc = await startSecurityService({
    hosts: { 'a.test': '127.0.0.1', 'b.test': '127.0.0.1' },
    handler: (req, res, path) => {
      if (path === '/hop')
        return res.writeHead(302, { location: `http://b.test:${req.socket.localPort}/landing` }).end();
      if (path === '/with-pixel') {
        return res
          .writeHead(200, { 'content-type': 'text/html' })
          .end(
            `<html><body><main><h1>Shop</h1><p>Our products.</p><img ` +
              `src="http://b.test:${req.socket.localPort}/logo.png"></main></body></html>`,
          );
      }
      res.writeHead(200, { 'content-type': 'text/plain' }).end(`path ${path}`);
    },
  });
});
afterAll(async () => {
  await svc?.close();
});

describe('headers sent to pages', () => {
  it("a client's Host header is not sent; the URL's host is", async () => {
    const r = await svc.scrape({ url: `${svc.site.origin}/vhost`, headers: { Host: 'admin.internal.corp' } });
    expect(r.status).toBe(200);
    expect(svc.site.headersOf.get('/vhost')?.host).toBe(`127.0.0.1:${svc.site.port}`);
  });

  it('custom headers and credentials are dropped on a redirect to another origin', async () => {
    const headers = {
      'X-Api-Token': 'tenant-secret-token',
      Authorization: 'Bearer tenant-secret',
      Cookie: 'sid=tenant',
      'User-Agent': 'tenant-agent/1.0',
    };
    const r = await svc.scrape({ url: `http://a.test:${svc.site.port}/hop`, headers });
    expect(r.status).toBe(200);
    const first = svc.site.headersOf.get('/hop')!;
    expect(first['x-api-token']).toBe('tenant-secret-token');
    const landed = svc.site.headersOf.get('/landing')!;
    expect(landed.host).toBe(`b.test:${svc.site.port}`);
    expect(landed['x-api-token']).toBeUndefined();
    expect(landed.authorization).toBeUndefined();
    expect(landed.cookie).toBeUndefined();
    // The request's identity is not a credential: it goes along.
    expect(landed['user-agent']).toBe('tenant-agent/1.0');
  });

  it("in the browser, custom headers go to the page's origin only, not to other origins it loads from", {
    timeout: 120_000,
  }, async () => {
    const r = await svc.scrape({
      url: `http://a.test:${svc.site.port}/with-pixel`,
      headers: { 'X-Api-Token': 'browser-secret' },
      waitFor: 500,
      timeout: 60_000,
    });
    expect(r.status).toBe(200);
    expect(svc.site.headersOf.get('/with-pixel')?.['x-api-token']).toBe('browser-secret');
    const pixel = svc.site.headersOf.get('/logo.png');
    expect(pixel).toBeDefined();
    expect(pixel!['x-api-token']).toBeUndefined();
  });
});
