import { request } from 'node:http';
import { connect } from 'node:net';
import { useStarted } from '@scrape/test-support';
import { describe, expect, it } from 'vitest';
import { createAllowCheck } from '../dist/installRequestGuard.js';
import { startGuardProxy } from '../dist/startGuardProxy.js';
import { startFixtureServer } from '../test/fixtureServer.js';

const env = useStarted(async (own) => ({
  proxy: own(await startGuardProxy()),
  site: own(
    await startFixtureServer({ '/a': (_req, res) => res.end('page a'), '/b': (_req, res) => res.end('page b') }),
  ),
}));

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
    const a = await env.proxy.registerPort(
      createAllowCheck((url) => !url.endsWith('/b')),
      (url) => refusedA.push(url),
    );
    const b = await env.proxy.registerPort(
      createAllowCheck((url) => !url.endsWith('/a')),
      (url) => refusedB.push(url),
    );
    try {
      expect(a.server).not.toBe(b.server);
      expect(await viaProxy(a.server, `${env.site.base}/a`)).toEqual({ status: 200, body: 'page a' });
      expect((await viaProxy(a.server, `${env.site.base}/b`)).status).toBe(403);
      expect((await viaProxy(b.server, `${env.site.base}/a`)).status).toBe(403);
      expect(await viaProxy(b.server, `${env.site.base}/b`)).toEqual({ status: 200, body: 'page b' });
      expect(refusedA).toEqual([`${env.site.base}/b`]);
      expect(refusedB).toEqual([`${env.site.base}/a`]);
      // The shared port still wants credentials.
      expect((await viaProxy(env.proxy.server, `${env.site.base}/a`)).status).toBe(407);
    } finally {
      a.release();
      b.release();
    }
  });

  it('stops listening once released', async () => {
    const registration = await env.proxy.registerPort(
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
