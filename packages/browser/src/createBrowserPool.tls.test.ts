import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrowserError, createBrowserPool, type BrowserPool } from '../dist/index.js';
import { html, startFixtureServer, type FixtureServer } from '../test/fixtureServer.js';
import { rejectionOf, selfSignedCertificate } from '@scrape/test-support';

async function startHttps(
  handler: Parameters<typeof createServer>[1],
): Promise<{ server: Server; base: string; port: number; hits: string[] }> {
  const hits: string[] = [];
  const server = createServer(selfSignedCertificate(), (req, res) => {
    hits.push(req.url ?? '');
    handler!(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { server, base: `https://127.0.0.1:${port}`, port, hits };
}

let pool: BrowserPool;
let secure: Awaited<ReturnType<typeof startHttps>>;
let secureOther: Awaited<ReturnType<typeof startHttps>>;
let plainOther: FixtureServer;

beforeAll(async () => {
  plainOther = await startFixtureServer({ '/secret': 'internal secret' });
  secureOther = await startHttps((_req, res) => res.end('internal tls secret'));
  secure = await startHttps((req, res) => {
    if (req.url === '/to-plain') {
      res.writeHead(302, { location: `http://127.0.0.1:${plainOther.port}/secret` }).end();
    } else if (req.url === '/to-tls') {
      res.writeHead(302, { location: `${secureOther.base}/secret` }).end();
    } else {
      res.setHeader('content-type', 'text/html');
      res.end(html('<h1>served over TLS</h1>'));
    }
  });
  pool = createBrowserPool({ maxConcurrency: 2 });
});

afterAll(async () => {
  await pool?.close();
  secure?.server.closeAllConnections();
  secureOther?.server.closeAllConnections();
  secure?.server.close();
  secureOther?.server.close();
  await plainOther?.close();
});

const failure = (promise: Promise<unknown>) => rejectionOf(promise, BrowserError);

describe('TLS', () => {
  it('accepts a self-signed certificate by default (skipTlsVerification defaults to true)', async () => {
    const result = await pool.render({ url: `${secure.base}/`, timeout: 20_000 });
    expect(result.status).toBe(200);
    expect(result.html).toContain('served over TLS');
  });

  it('rejects it when skipTlsVerification is false', async () => {
    const error = await failure(pool.render({ url: `${secure.base}/`, timeout: 20_000, skipTlsVerification: false }));
    expect(error.kind).toBe('navigation_failed');
    expect(error.message).toMatch(/ERR_CERT/);
  });

  it('checks HTTPS through the guard proxy (CONNECT) and stops refused hops to HTTP and HTTPS hosts', async () => {
    const allowRequest = (url: string) => new URL(url).port === String(secure.port);
    const ok = await pool.render({ url: `${secure.base}/`, timeout: 20_000, allowRequest });
    expect(ok.html).toContain('served over TLS');

    const toPlain = await failure(pool.render({ url: `${secure.base}/to-plain`, timeout: 20_000, allowRequest }));
    expect(toPlain.kind).toBe('blocked');
    const toTls = await failure(pool.render({ url: `${secure.base}/to-tls`, timeout: 20_000, allowRequest }));
    expect(toTls.kind).toBe('blocked');
    expect(plainOther.hits).toEqual([]);
    expect(secureOther.hits).toEqual([]);
  });
});
