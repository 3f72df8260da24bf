// Issue 20 items 9 and 12: an SSRF refusal says that a name is private, never which address it resolved to (a
// tenant could map the internal DNS one name at a time); a page that navigates itself to a blocked address is the
// documented 403, not 200 with Chromium's error page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSecurityService, type SecurityService } from './securityService.js';

let svc: SecurityService;

beforeAll(async () => {
  svc = await startSecurityService({
    hosts: { 'internal-db.corp': '10.1.2.3', 'mixed.corp': '172.16.99.7' },
    handler: (_req, res, path) => {
      if (path === '/runaway') {
        // Loads fine, then sends the browser to a private address.
        return res
          .writeHead(200, { 'content-type': 'text/html' })
          .end(
            '<html><body><main><h1>Welcome</h1><p>Loading your dashboard</p></main><script>setTimeout(() => { ' +
              'location.href = "http://10.20.30.40/admin"; }, 50);</script></body></html>',
          );
      }
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body><p>ok</p></body></html>');
    },
  });
});
afterAll(async () => {
  await svc?.close();
});

describe('SSRF refusals', () => {
  it('a name resolving to a private address is refused without naming the address', async () => {
    for (const [name, address] of [
      ['internal-db.corp', '10.1.2.3'],
      ['mixed.corp', '172.16.99.7'],
    ]) {
      const r = await svc.scrape({ url: `http://${name}/` });
      expect(r.status).toBe(403);
      expect(r.body.code).toBe('SCRAPE_SSRF_BLOCKED');
      expect(r.text).not.toContain(address);
      expect(r.body.details.reason).toMatch(/private or reserved/);
    }
  });

  it('a page that navigates itself to a blocked address answers 403 SCRAPE_SSRF_BLOCKED', {
    timeout: 90_000,
  }, async () => {
    // waitFor makes the browser engine serve the page and gives the script its time to run.
    const r = await svc.scrape({ url: `${svc.site.origin}/runaway`, waitFor: 1_500, timeout: 60_000 });
    expect([r.status, r.body.code]).toEqual([403, 'SCRAPE_SSRF_BLOCKED']);
    expect(r.text).not.toContain('Loading your dashboard');
  });
});
