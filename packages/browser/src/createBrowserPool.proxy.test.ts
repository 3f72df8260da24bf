import { createServer, request as httpRequest, type Server } from 'node:http';
import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBrowserPool, type BrowserPool } from '../dist/index.js';
import { html, startFixtureServer, type FixtureServer } from '../test/fixtureServer.js';
import { selfSignedCertificate } from '@scrape/test-support';

// Host names under .test never resolve (RFC 6761): a page on one loads only if something dials a pinned address.
let pool: BrowserPool;
let site: FixtureServer;
let secure: { server: HttpsServer; port: number };
let upstream: { server: string; seen: string[]; auth: (string | undefined)[]; close(): Promise<void> };

/** A forward proxy that sends every host to 127.0.0.1 (absolute-form and CONNECT), recording what it was asked. */
async function startUpstreamProxy(): Promise<typeof upstream> {
  const seen: string[] = [];
  const auth: (string | undefined)[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((req, res) => {
    seen.push(req.url ?? '');
    auth.push(req.headers['proxy-authorization']);
    const target = new URL(req.url ?? '');
    const headers = { ...req.headers };
    delete headers['proxy-authorization'];
    const out = httpRequest(
      {
        host: '127.0.0.1',
        port: target.port || 80,
        path: target.pathname + target.search,
        method: req.method,
        headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    out.on('error', () => res.destroy());
    req.pipe(out);
  });
  server.on('connect', (req, client: Socket, head) => {
    seen.push(`CONNECT ${req.url}`);
    auth.push(req.headers['proxy-authorization']);
    const port = Number((req.url ?? '').split(':').pop());
    const out = connect(port, '127.0.0.1', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      out.write(head);
      out.pipe(client);
      client.pipe(out);
    });
    out.on('error', () => client.destroy());
    client.on('error', () => out.destroy());
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    server: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    auth,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Budget of the warm-up render that launches Chromium: a bound for a hang, far above a launch on a busy machine. */
const WARM_UP_MS = 120_000;

beforeAll(async () => {
  pool = createBrowserPool({ maxConcurrency: 2 });
  site = await startFixtureServer({
    '/': html(
      '<h1>Pinned page</h1><p id="api">waiting</p>',
      `<script>addEventListener('DOMContentLoaded', async () => {
      document.getElementById('api').textContent = await (await fetch('/api')).text();
    });</script>`,
    ),
    '/api': (_req, res) => res.end('api answered'),
  });
  upstream = await startUpstreamProxy();
  // HTTPS goes through CONNECT: a self-signed site (openssl ships with Debian; without it this setup throws).
  const tls = selfSignedCertificate(['secure.test']);
  const server = createHttpsServer(tls, (_req, res) =>
    res.writeHead(200, { 'content-type': 'text/html' }).end(html('<h1>Secure page behind two proxies</h1>')),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  secure = { server, port: (server.address() as AddressInfo).port };
  // Chromium's launch here, not in the first test's render budget (a cold launch alone took >15 s at load 30).
  await pool.render({ url: `${site.base}/api`, timeout: WARM_UP_MS });
}, WARM_UP_MS + 30_000);
afterAll(async () => {
  await pool?.close();
  await site?.close();
  await upstream?.close();
  await new Promise((resolve) => (secure ? secure.server.close(resolve) : resolve(undefined)));
});

describe('guard proxy: pinned addresses', () => {
  it('dials the address the check pinned, not what the host name resolves to (it resolves to nothing)', async () => {
    const checked: string[] = [];
    const url = `http://pinned.test:${site.port}/`;
    const result = await pool.render({
      url,
      timeout: 15_000,
      blockAds: false,
      allowRequest: (u) => {
        checked.push(u);
        return { allow: true, addresses: ['127.0.0.1'] };
      },
    });
    expect(result.status).toBe(200);
    expect(result.html).toContain('Pinned page');
    expect(result.html).toContain('api answered');
    // The page saw its own host name: only the connection was pinned.
    expect(site.headersOf.get('/')?.host).toBe(`pinned.test:${site.port}`);
    expect(checked).toContain(url);
  });

  it('an empty pin list refuses the request', async () => {
    const error = await pool
      .render({
        url: `http://pinned.test:${site.port}/`,
        timeout: 10_000,
        allowRequest: () => ({ allow: true, addresses: [] }),
      })
      .then(
        () => null,
        (e) => e,
      );
    expect(error?.kind).toBe('blocked');
  });
});

describe('upstream proxy per render', () => {
  it('with allowRequest: each request is checked, then forwarded through the upstream proxy with its credentials', async () => {
    const before = upstream.seen.length;
    const url = `http://via-upstream.test:${site.port}/`;
    const result = await pool.render({
      url,
      timeout: 15_000,
      blockAds: false,
      allowRequest: () => true,
      proxy: { server: upstream.server, username: 'alice', password: 's3cret' },
    });
    expect(result.html).toContain('api answered');
    const seen = upstream.seen.slice(before);
    expect(seen).toContain(url);
    expect(seen).toContain(`${url}api`);
    expect(
      upstream.auth.slice(before).every((a) => a === `Basic ${Buffer.from('alice:s3cret').toString('base64')}`),
    ).toBe(true);
  });

  it('HTTPS with allowRequest: the guard proxy opens its CONNECT tunnel through the upstream proxy', async () => {
    const before = upstream.seen.length;
    const checked: string[] = [];
    const result = await pool.render({
      url: `https://secure.test:${secure.port}/`,
      timeout: 15_000,
      blockAds: false,
      allowRequest: (u) => {
        checked.push(u);
        return true;
      },
      proxy: { server: upstream.server, username: 'bob', password: 'pw' },
    });
    expect(result.html).toContain('Secure page behind two proxies');
    expect(upstream.seen.slice(before)).toContain(`CONNECT secure.test:${secure.port}`);
    expect(checked).toContain(`https://secure.test:${secure.port}/`);
  });

  it('without allowRequest: the context uses the upstream proxy directly', async () => {
    const before = upstream.seen.length;
    const url = `http://direct-upstream.test:${site.port}/`;
    const result = await pool.render({ url, timeout: 15_000, blockAds: false, proxy: { server: upstream.server } });
    expect(result.html).toContain('api answered');
    expect(upstream.seen.slice(before)).toContain(url);
  });
});
