// Hostile targets through the real service: connections reset before and during the body, a body over the 50 MB
// cap, bytes that are not valid in their declared encoding, and servers that stall forever. Each gets a clear spec
// error (or a document), never a 500, and the service keeps serving afterwards.
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type Service } from './startService.js';

/** Just over the engine's 50 MB cap, streamed without Content-Length so the cap must be enforced while reading. */
const HUGE_BYTES = 50 * 1024 * 1024 + 1;
const CHUNK = Buffer.alloc(64 * 1024, '<p>tide</p>');

let target: Server;
let origin: string;
let service: Service;
const sockets = new Set<Socket>();

function hostile(path: string, res: ServerResponse) {
  const socket = res.socket!;
  switch (path) {
    case '/reset':
      socket.resetAndDestroy();
      return;
    case '/reset-mid-body':
      res.writeHead(200, { 'content-type': 'text/html', 'content-length': '100000' });
      res.write('<html><body><p>half a page');
      setTimeout(() => socket.resetAndDestroy(), 50);
      return;
    case '/huge': {
      res.writeHead(200, { 'content-type': 'text/html' });
      let sent = 0;
      const pump = () => {
        while (sent < HUGE_BYTES) {
          const piece = sent + CHUNK.length > HUGE_BYTES ? CHUNK.subarray(0, HUGE_BYTES - sent) : CHUNK;
          sent += piece.length;
          if (!res.write(piece)) return void res.once('drain', pump);
        }
        res.end();
      };
      res.on('close', () => (sent = HUGE_BYTES));
      return pump();
    }
    case '/invalid-utf8':
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(
        Buffer.concat([
          Buffer.from('<html><body><h1>Harbour</h1><p>bad '),
          Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0xe2, 0x82]),
          Buffer.from(' bytes</p></body></html>'),
        ]),
      );
    case '/unknown-charset':
      res.writeHead(200, { 'content-type': 'text/html; charset=x-no-such-charset' });
      return res.end('<html><body><p>Declared in a charset nobody knows</p></body></html>');
    case '/utf16-lie':
      // Says UTF-16 but is ASCII with an odd length: a decoder must not throw on the dangling byte.
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-16le' });
      return res.end('<html><body><p>odd length!</p></body></html>');
    case '/binary-as-html':
      res.writeHead(200, { 'content-type': 'text/html' });
      return res.end(Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)));
    case '/stall':
      return; // never answers
    case '/stall-body':
      res.writeHead(200, { 'content-type': 'text/html', 'content-length': '1000' });
      res.write('<html><body>');
      return; // never finishes
  }
  res.writeHead(404).end();
}

beforeAll(async () => {
  target = createServer((req, res) => hostile(new URL(req.url ?? '/', 'http://x').pathname, res));
  target.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => target.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
  service = await startService();
});
afterAll(async () => {
  await service?.close();
  for (const s of sockets) s.destroy();
  await new Promise((r) => target?.close(r));
});

describe('hostile target servers', () => {
  it('a connection reset before any response is a 502 naming the failure', async () => {
    const r = await service.scrape({ url: origin + '/reset' });
    expect(r.status).toBe(502);
    expect(r.body.success).toBe(false);
    expect(r.body.code).toMatch(/^SCRAPE_/);
  });

  it('a reset in the middle of the body is a 502, not a truncated document', async () => {
    const r = await service.scrape({ url: origin + '/reset-mid-body' });
    expect(r.status).toBe(502);
    expect(r.body.code).toMatch(/^SCRAPE_/);
  });

  it('a body over 50 MB is refused while reading, with bounded memory', async () => {
    const before = process.memoryUsage().rss;
    const started = Date.now();
    const r = await service.scrape({ url: origin + '/huge', timeout: 60_000 });
    expect([r.status, r.body.success, r.body.code]).toEqual([422, false, 'SCRAPE_RESPONSE_TOO_LARGE']);
    // Refused at the cap: the process did not buffer many copies of the page.
    expect(process.memoryUsage().rss - before).toBeLessThan(400 * 1024 * 1024);
    console.info(`50 MB + 1 body: ${r.status} ${r.body.code ?? r.body.error} after ${Date.now() - started} ms`);
  }, 90_000);

  it.each(['/invalid-utf8', '/unknown-charset', '/utf16-lie', '/binary-as-html'])(
    '%s: a document or a 4xx, never a 500',
    async (path) => {
      const r = await service.scrape({ url: origin + path, formats: ['markdown', 'rawHtml'] });
      expect(r.status === 200 || (r.status >= 400 && r.status < 500)).toBe(true);
      if (path === '/invalid-utf8') {
        expect(r.status).toBe(200);
        expect(r.body.data.markdown).toContain('Harbour');
        expect(r.body.data.markdown).toContain('\ufffd');
      }
      if (path === '/unknown-charset') expect(r.body.data.markdown).toContain('Declared in a charset nobody knows');
    },
  );

  it.each(['/stall', '/stall-body'])('%s: a server that never finishes is 408 at the request timeout', async (path) => {
    const started = Date.now();
    const r = await service.scrape({ url: origin + path, timeout: 1_500 });
    const elapsed = Date.now() - started;
    expect([r.status, r.body.code]).toEqual([408, 'SCRAPE_TIMEOUT']);
    expect(elapsed).toBeGreaterThanOrEqual(1_400);
    expect(elapsed).toBeLessThan(4_000);
  });

  it('the service still serves normally afterwards', async () => {
    const health = await fetch(service.baseUrl + '/health');
    expect(health.status).toBe(200);
    const r = await service.scrape({ url: origin + '/invalid-utf8' });
    expect(r.status).toBe(200);
    expect(service.app.inFlightScrapes()).toBe(0);
  });
});
