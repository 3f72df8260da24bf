import { request } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAllowCheck } from '../dist/installRequestGuard.js';
import { startGuardProxy, type GuardProxy } from '../dist/startGuardProxy.js';
import { startFixtureServer, type FixtureServer } from '../test/fixtureServer.js';

let proxy: GuardProxy;
let site: FixtureServer;

beforeAll(async () => {
  proxy = await startGuardProxy();
  site = await startFixtureServer({ '/a': (_req, res) => res.end('page a'), '/b': (_req, res) => res.end('page b') });
});

afterAll(async () => {
  await proxy?.close();
  await site?.close();
});

/** A plain-HTTP request in absolute form through the proxy at `server`, without any proxy credentials. */
function viaProxy(server: string, url: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(server);
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, path: url, headers: { host: new URL(url).host } }, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('guard proxy: a port per registration', () => {
  it('applies the hook of the registration whose port the connection came to, with no credentials', async () => {
    const refusedA: string[] = [];
    const refusedB: string[] = [];
    const a = await proxy.registerPort(
      createAllowCheck((url) => !url.endsWith('/b')),
      (url) => refusedA.push(url),
    );
    const b = await proxy.registerPort(
      createAllowCheck((url) => !url.endsWith('/a')),
      (url) => refusedB.push(url),
    );
    try {
      expect(a.server).not.toBe(b.server);
      expect(await viaProxy(a.server, `${site.base}/a`)).toEqual({ status: 200, body: 'page a' });
      expect((await viaProxy(a.server, `${site.base}/b`)).status).toBe(403);
      expect((await viaProxy(b.server, `${site.base}/a`)).status).toBe(403);
      expect(await viaProxy(b.server, `${site.base}/b`)).toEqual({ status: 200, body: 'page b' });
      expect(refusedA).toEqual([`${site.base}/b`]);
      expect(refusedB).toEqual([`${site.base}/a`]);
      // The shared port still wants credentials.
      expect((await viaProxy(proxy.server, `${site.base}/a`)).status).toBe(407);
    } finally {
      a.release();
      b.release();
    }
  });

  it('stops listening once released', async () => {
    const registration = await proxy.registerPort(
      createAllowCheck(() => true),
      () => {},
    );
    const { port } = new URL(registration.server);
    registration.release();
    const outcome = await new Promise<string>((resolve) => {
      const socket = connect(Number(port), '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve('connected');
      });
      socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
    });
    expect(outcome).toBe('ECONNREFUSED');
  });
});
