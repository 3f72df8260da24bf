// Issue 20 item 12: artifact links are built on SCRAPE_PUBLIC_URL or the bound address, never on the client's Host
// header; the link's signature is accepted in exactly one spelling; an oversize full-page screenshot is reported
// as such (422), not as a connection failure.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEY_A, startSecurityService, type SecurityService } from './securityService.js';

let svc: SecurityService;

beforeAll(async () => {
  svc = await startSecurityService({
    handler: (_req, res, path) => {
      const body =
        path === '/tall'
          ? '<div style="height:120000px;background:#eee">tall</div>'
          : '<main><h1>Shot</h1><p>A small page.</p></main>';
      res.writeHead(200, { 'content-type': 'text/html' }).end(`<html><body>${body}</body></html>`);
    },
  });
});
afterAll(async () => {
  await svc?.close();
});

/** POST /v2/scrape with a Host header of the client's choosing (fetch would not send one). */
function scrapeWithHost(body: unknown, host: string): Promise<{ status: number; body: any }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      `${svc.baseUrl}/v2/scrape`,
      {
        method: 'POST',
        headers: {
          host,
          authorization: `Bearer ${KEY_A}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

describe('artifact links', { timeout: 120_000 }, () => {
  it('are built on the bound address whatever Host the client sends, and accept one spelling of the signature', async () => {
    const r = await scrapeWithHost(
      { url: `${svc.site.origin}/shot`, formats: ['screenshot'], timeout: 60_000 },
      'evil.attacker.test',
    );
    expect(r.status).toBe(200);
    const link = new URL(r.body.data.screenshot);
    expect(link.origin).toBe(svc.baseUrl);
    const ok = await fetch(link);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('image/png');
    const sig = link.searchParams.get('sig')!;
    for (const forged of [`${sig}=`, `${sig}==`, `${sig}.`, ` ${sig}`]) {
      const other = new URL(link);
      other.searchParams.set('sig', forged);
      expect([forged, (await fetch(other)).status]).toEqual([forged, 403]);
    }
  });

  it('an oversize full-page screenshot is a 422 SCRAPE_SCREENSHOT_TOO_LARGE', async () => {
    const r = await svc.scrape({
      url: `${svc.site.origin}/tall`,
      formats: [{ type: 'screenshot', fullPage: true }],
      timeout: 60_000,
    });
    expect([r.status, r.body.code]).toEqual([422, 'SCRAPE_SCREENSHOT_TOO_LARGE']);
    expect(r.body.details).toMatchObject({ height: expect.any(Number), maxHeight: 16_384 });
    expect(r.body.details.height).toBeGreaterThan(100_000);
    // The browser is fine afterwards: a normal capture still works.
    expect(
      (await svc.scrape({ url: `${svc.site.origin}/shot`, formats: ['screenshot'], timeout: 60_000 })).status,
    ).toBe(200);
  });
});
