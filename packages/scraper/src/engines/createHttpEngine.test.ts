import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScraper, type Scraper } from '../createScraper.js';
import { ScrapeError } from '../errors.js';
import { type Certificate, rejectionOf, selfSignedCertificate } from '@scrape/test-support';

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

const servers: (http.Server | https.Server)[] = [];
async function listen(handler: Handler, server: http.Server | https.Server = http.createServer()): Promise<string> {
  server.on('request', handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return `${server instanceof https.Server ? 'https' : 'http'}://127.0.0.1:${port}`;
}

const failure = (promise: Promise<unknown>) => rejectionOf(promise, ScrapeError);

let scraper: Scraper;
let base: string;
/** Headers of the last request each path received. */
const seen = new Map<string, http.IncomingHttpHeaders>();

/** The test server's fixed paths; false when the path is none of them. */
function serveFixed(path: string, req: http.IncomingMessage, res: http.ServerResponse): boolean {
  switch (path) {
    case '/loop':
      res.writeHead(301, { location: '/loop' });
      res.end();
      return true;
    case '/to-ftp':
      res.writeHead(302, { location: 'ftp://127.0.0.1/file' });
      res.end();
      return true;
    case '/set-cookie':
      res.writeHead(302, { location: '/needs-cookie', 'set-cookie': 'session=abc123; Path=/; HttpOnly' });
      res.end();
      return true;
    case '/needs-cookie':
      res.writeHead(req.headers.cookie?.includes('session=abc123') ? 200 : 403, { 'content-type': 'text/plain' });
      res.end(req.headers.cookie ?? 'no cookie');
      return true;
    case '/echo':
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(req.headers));
      return true;
    case '/json':
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      res.end('{"name":"widget","tags":["a","b"]}');
      return true;
    case '/text':
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('plain text\nline two');
      return true;
    case '/markdown':
      res.writeHead(200, { 'content-type': 'text/markdown' });
      res.end('# Title\n\n![dot](data:image/png;base64,iVBORw0KGgo=) and ![ok](https://example.com/a.png)\n');
      return true;
    case '/sjis':
      res.writeHead(200, { 'content-type': 'text/plain; charset=Shift_JIS' });
      // "日本語のテキスト" in Shift_JIS
      res.end(Buffer.from('93fa967b8cea82cc8365834c8358836700', 'hex').subarray(0, 16));
      return true;
    case '/png':
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]));
      return true;
    case '/untyped-binary':
      res.end(Buffer.from([0, 1, 2, 3, 0xff, 0xfe, 0, 0]));
      return true;
    case '/pdf':
      res.writeHead(200, { 'content-type': 'application/pdf' });
      res.end('%PDF-1.4\n%fake but starts like a PDF\n');
      return true;
    case '/not-found':
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('nothing here');
      return true;
    case '/server-error':
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('boom');
      return true;
    case '/big':
      res.writeHead(200, { 'content-type': 'text/plain', 'content-length': '4096' });
      res.end('x'.repeat(4096));
      return true;
    case '/big-chunked':
      res.writeHead(200, { 'content-type': 'text/plain' });
      for (let i = 0; i < 8; i++) res.write('y'.repeat(512));
      res.end();
      return true;
    case '/gzip-bomb':
      res.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' });
      res.end(zlib.gzipSync(Buffer.alloc(1024 * 1024, 0x61)));
      return true;
    case '/slow-headers':
      setTimeout(() => res.end('late'), 5000).unref();
      return true;
    case '/slow-body':
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('start');
      setTimeout(() => res.end('late'), 5000).unref();
      return true;
  }
  return false;
}

/** `/encoded/<coding>`: a text compressed with that content coding (`gzip,br` is brotli over gzip). */
function serveEncoded(coding: string, res: http.ServerResponse): void {
  const text = Buffer.from(`compressed with ${coding} `.repeat(50));
  const body =
    coding === 'gzip'
      ? zlib.gzipSync(text)
      : coding === 'br'
        ? zlib.brotliCompressSync(text)
        : coding === 'deflate'
          ? zlib.deflateSync(text)
          : coding === 'deflate-raw'
            ? zlib.deflateRawSync(text)
            : zlib.brotliCompressSync(zlib.gzipSync(text));
  const header = coding === 'deflate-raw' ? 'deflate' : coding === 'gzip,br' ? 'gzip, br' : coding;
  res.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': header });
  res.end(body);
}

beforeAll(async () => {
  scraper = createScraper({ allowPrivateUrls: true });
  base = await listen((req, res) => {
    const url = new URL(req.url!, 'http://x');
    seen.set(url.pathname, req.headers);
    const path = url.pathname;
    const hop = /^\/hop\/(\d+)$/.exec(path);
    if (hop) {
      const n = Number(hop[1]);
      res.writeHead(n === 0 ? 200 : 302, n === 0 ? { 'content-type': 'text/plain' } : { location: `/hop/${n - 1}` });
      return res.end(n === 0 ? 'arrived' : '');
    }
    if (serveFixed(path, req, res)) return;
    const encoded = /^\/encoded\/(gzip|br|deflate|deflate-raw|gzip,br)$/.exec(path);
    if (encoded) return serveEncoded(encoded[1]!, res);
    res.writeHead(404);
    res.end();
  });
});

afterAll(async () => {
  await scraper.close();
  for (const server of servers) server.closeAllConnections?.();
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
});

describe('redirects', () => {
  it('follows a chain, records the final URL and keeps sourceURL exactly as sent', async () => {
    const sent = `${base}/hop/3?x=1`;
    const doc = await scraper.scrape({ url: sent, formats: ['markdown'] });
    expect(doc.markdown).toBe('arrived');
    expect(doc.metadata).toMatchObject({
      sourceURL: sent,
      url: `${base}/hop/0`,
      statusCode: 200,
      engine: 'fetch',
      creditsUsed: 1,
      cacheState: 'miss',
    });
    expect(doc.metadata.scrapeId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('follows exactly 10 hops and refuses the 11th', async () => {
    expect((await scraper.scrape({ url: `${base}/hop/10` })).markdown).toBe('arrived');
    const error = await failure(scraper.scrape({ url: `${base}/hop/11` }));
    expect(error).toMatchObject({ status: 200, code: 'SCRAPE_TOO_MANY_REDIRECTS' });
  });

  it('a redirect loop ends with the redirect error', async () => {
    expect(await failure(scraper.scrape({ url: `${base}/loop` }))).toMatchObject({
      status: 200,
      code: 'SCRAPE_TOO_MANY_REDIRECTS',
    });
  });

  it('a redirect to a non-http scheme is refused', async () => {
    expect(await failure(scraper.scrape({ url: `${base}/to-ftp` }))).toMatchObject({
      status: 200,
      code: 'SCRAPE_BAD_REDIRECT',
    });
  });

  it('cookies set during redirects are sent on the next hop of the same host', async () => {
    const doc = await scraper.scrape({ url: `${base}/set-cookie` });
    expect(doc.metadata.statusCode).toBe(200);
    expect(doc.markdown).toBe('session=abc123');
  });

  it('credentials and custom headers do not follow a redirect to another origin', async () => {
    const other = await listen((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(req.headers));
    });
    const first = await listen((_req, res) => {
      res.writeHead(302, { location: other.replace('127.0.0.1', 'localhost') + '/landed' });
      res.end();
    });
    const doc = await scraper.scrape({
      url: first,
      formats: ['rawHtml'],
      headers: { Authorization: 'Bearer secret', Cookie: 'a=b', 'X-Trace': 't1' },
    });
    const received = JSON.parse(doc.rawHtml as string);
    // Custom headers may be tokens too: like credentials they stay with the origin they were sent for.
    expect(received['x-trace']).toBeUndefined();
    expect(received.authorization).toBeUndefined();
    expect(received.cookie).toBeUndefined();
  });
});

describe('request headers', () => {
  it('sends a browser-like User-Agent, Accept, Accept-Language and Accept-Encoding by default', async () => {
    const doc = await scraper.scrape({ url: `${base}/echo`, formats: ['rawHtml'] });
    const headers = JSON.parse(doc.rawHtml as string);
    expect(headers['user-agent']).toMatch(/Mozilla\/5\.0/);
    expect(headers.accept).toMatch(/text\/html/);
    expect(headers['accept-language']).toBe('en-US,en;q=0.9');
    expect(headers['accept-encoding']).toBe('gzip, deflate, br');
  });

  it('sends the request headers, which override the defaults case-insensitively', async () => {
    const doc = await scraper.scrape({
      url: `${base}/echo`,
      formats: ['rawHtml'],
      headers: { 'User-Agent': 'my-agent/1.0', Cookie: 'k=v', 'X-Custom': 'yes', Connection: 'close' },
    });
    const headers = JSON.parse(doc.rawHtml as string);
    expect(headers['user-agent']).toBe('my-agent/1.0');
    expect(headers.cookie).toBe('k=v');
    expect(headers['x-custom']).toBe('yes');
  });

  it('derives Accept-Language from location', async () => {
    const de = JSON.parse(
      (await scraper.scrape({ url: `${base}/echo`, formats: ['rawHtml'], location: { country: 'DE' } }))
        .rawHtml as string,
    );
    expect(de['accept-language']).toBe('de-DE,de;q=0.9');
    const langs = JSON.parse(
      (
        await scraper.scrape({
          url: `${base}/echo`,
          formats: ['rawHtml'],
          location: { country: 'CH', languages: ['fr-CH', 'de'] },
        })
      ).rawHtml as string,
    );
    expect(langs['accept-language']).toBe('fr-CH,de;q=0.9,fr;q=0.8');
  });
});

describe('content encodings', () => {
  it.each(['gzip', 'br', 'deflate', 'deflate-raw', 'gzip,br'])('%s is decoded', async (encoding) => {
    const doc = await scraper.scrape({ url: `${base}/encoded/${encoding}` });
    const name = encoding === 'deflate-raw' ? 'deflate-raw' : encoding;
    expect(doc.markdown).toBe(`compressed with ${name} `.repeat(50));
  });
});

describe('timeout', () => {
  it.each(['/slow-headers', '/slow-body'])('%s → 408 Request Timeout within the budget', async (path) => {
    const started = Date.now();
    const error = await failure(scraper.scrape({ url: `${base}${path}`, timeout: 1000 }));
    const elapsed = Date.now() - started;
    expect(error.status).toBe(408);
    expect(error.error).toBe('Request Timeout');
    expect(error.code).toBe('SCRAPE_TIMEOUT');
    // The SDK re-sends on details.state === 'processing_continues': never claim it.
    expect((error.details as { state?: string } | undefined)?.state).toBeUndefined();
    expect(elapsed).toBeGreaterThanOrEqual(990);
    expect(elapsed).toBeLessThan(3000);
  });

  it('the caller aborting ends the scrape with 499', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    const error = await failure(scraper.scrape({ url: `${base}/slow-headers` }, { signal: controller.signal }));
    expect(error).toMatchObject({ status: 499, code: 'SCRAPE_ABORTED' });
  });
});

describe('response size cap', () => {
  const small = () => createScraper({ allowPrivateUrls: true, maxResponseBytes: 1024 });
  it.each(['/big', '/big-chunked', '/gzip-bomb'])('%s over the cap → 422 SCRAPE_RESPONSE_TOO_LARGE', async (path) => {
    const capped = small();
    try {
      const error = await failure(capped.scrape({ url: `${base}${path}` }));
      expect(error).toMatchObject({ status: 422, code: 'SCRAPE_RESPONSE_TOO_LARGE' });
      expect(error.error).toContain('1024');
    } finally {
      await capped.close();
    }
  });

  it('a body at the cap is fine', async () => {
    const capped = createScraper({ allowPrivateUrls: true, maxResponseBytes: 4096 });
    try {
      expect(((await capped.scrape({ url: `${base}/big` })).markdown as string).length).toBe(4096);
    } finally {
      await capped.close();
    }
  });
});

describe('error pages are documents', () => {
  it.each([
    ['/not-found', 404, '404 Not Found', 'nothing here'],
    ['/server-error', 500, '500 Internal Server Error', 'boom'],
  ])('%s → success with statusCode %i', async (path, status, error, markdown) => {
    const doc = await scraper.scrape({ url: `${base}${path}` });
    expect(doc.markdown).toBe(markdown);
    expect(doc.metadata).toMatchObject({ statusCode: status, error });
  });

  it('a 2xx page has no metadata.error', async () => {
    expect((await scraper.scrape({ url: `${base}/text` })).metadata.error).toBeUndefined();
  });
});

describe('content types', () => {
  it('application/json → fenced json block; rawHtml is the raw body', async () => {
    const doc = await scraper.scrape({ url: `${base}/json`, formats: ['markdown', 'rawHtml', 'links'] });
    expect(doc.markdown).toBe('```json\n{"name":"widget","tags":["a","b"]}\n```');
    expect(doc.rawHtml).toBe('{"name":"widget","tags":["a","b"]}');
    expect(doc.links).toEqual([]);
    expect(doc.metadata.contentType).toBe('application/json; charset=utf-8');
  });

  it('text/plain is returned as is', async () => {
    const doc = await scraper.scrape({ url: `${base}/text`, formats: ['markdown', 'html'] });
    expect(doc.markdown).toBe('plain text\nline two');
    expect(doc.html).toBe('plain text\nline two');
  });

  it('text/markdown is returned as is, base64 images removed unless asked to keep them', async () => {
    const doc = await scraper.scrape({ url: `${base}/markdown` });
    expect(doc.markdown).toBe('# Title\n\n![dot](<Base64-Image-Removed>) and ![ok](https://example.com/a.png)\n');
    const kept = await scraper.scrape({ url: `${base}/markdown`, removeBase64Images: false });
    expect(kept.markdown).toContain('data:image/png;base64,iVBORw0KGgo=');
  });

  it('a Shift_JIS text body is decoded by its charset', async () => {
    expect((await scraper.scrape({ url: `${base}/sjis` })).markdown).toBe('日本語のテキスト');
  });

  it('binary content: rawBase64 works, markdown is a clear 422', async () => {
    const doc = await scraper.scrape({ url: `${base}/png`, formats: ['rawBase64'] });
    expect(
      Buffer.from(doc.rawBase64 as string, 'base64')
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
    expect(doc.metadata.contentType).toBe('image/png');
    const error = await failure(scraper.scrape({ url: `${base}/png`, formats: ['markdown', 'rawBase64'] }));
    expect(error).toMatchObject({ status: 422, code: 'SCRAPE_UNSUPPORTED_CONTENT_TYPE' });
    expect(error.error).toContain('image/png');
    expect(error.error).toContain('rawBase64');
  });

  it('a body without Content-Type is sniffed (binary here)', async () => {
    const error = await failure(scraper.scrape({ url: `${base}/untyped-binary` }));
    expect(error.code).toBe('SCRAPE_UNSUPPORTED_CONTENT_TYPE');
    const doc = await scraper.scrape({ url: `${base}/untyped-binary`, formats: ['rawBase64'] });
    expect(doc.metadata.contentType).toBe('application/octet-stream');
  });

  it('a fake PDF with the default pdf parser → 422 unreadable; with parsers [] → base64 markdown', async () => {
    const error = await failure(scraper.scrape({ url: `${base}/pdf` }));
    expect(error).toMatchObject({ status: 422 });
    expect(['SCRAPE_PDF_UNREADABLE', 'SCRAPE_PDF_NO_PAGES']).toContain(error.code);
    const doc = await scraper.scrape({ url: `${base}/pdf`, parsers: [] });
    expect(Buffer.from(doc.markdown as string, 'base64').toString()).toMatch(/^%PDF-1\.4/);
  });
});

describe('network failures', () => {
  it('connection refused → 200 success:false SCRAPE_CONNECTION_REFUSED (a retry cannot fix it)', async () => {
    const server = http.createServer();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    await new Promise((r) => server.close(r));
    const error = await failure(scraper.scrape({ url: `http://127.0.0.1:${port}/` }));
    expect(error).toMatchObject({ status: 200, code: 'SCRAPE_CONNECTION_REFUSED' });
  });

  it('a name that does not resolve → 200 success:false SCRAPE_DNS_RESOLUTION_ERROR, as the peer answers', async () => {
    // A resolver answering NXDOMAIN, so the test sends no DNS traffic off the machine.
    const nxdomain = createScraper({
      lookup: async () => {
        throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
      },
    });
    try {
      const error = await failure(nxdomain.scrape({ url: 'http://no-such-host.example/' }));
      expect(error).toMatchObject({
        status: 200,
        code: 'SCRAPE_DNS_RESOLUTION_ERROR',
        details: { hostname: 'no-such-host.example', reason: 'ENOTFOUND' },
      });
    } finally {
      await nxdomain.close();
    }
  });
});

describe('TLS', () => {
  let tlsBase = '';
  let openssl = true;
  beforeAll(async () => {
    let tls: Certificate;
    try {
      tls = selfSignedCertificate(['localhost', '127.0.0.1']);
    } catch {
      openssl = false;
      return;
    }
    const server = https.createServer(tls);
    tlsBase = await listen((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('secret garden');
    }, server);
  });

  it('the openssl CLI is available to make a self-signed certificate', () => {
    expect(openssl, 'install openssl: the TLS tests generate their certificate with it').toBe(true);
  });

  it('a self-signed certificate is accepted with skipTlsVerification (the default)', async () => {
    const doc = await scraper.scrape({ url: `${tlsBase}/` });
    expect(doc.markdown).toBe('secret garden');
    expect(doc.metadata.url).toBe(`${tlsBase}/`);
  });

  it('and refused with skipTlsVerification: false, with a clear error', async () => {
    const error = await failure(scraper.scrape({ url: `${tlsBase}/`, skipTlsVerification: false }));
    expect(error).toMatchObject({ status: 200, code: 'SCRAPE_TLS_CERTIFICATE_ERROR' });
    expect(error.error).toContain('DEPTH_ZERO_SELF_SIGNED_CERT');
    expect(error.error).toContain('skipTlsVerification');
  });
});
