// The service as an attacker meets it: the SSRF guard ON (only the fixture server's own port on 127.0.0.1 is let
// through), two tenants with their own keys, and host names that resolve as the test says. Loopback only.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createScraper, type ScraperOptions } from '@scrape/scraper';
import { listenLocal, type LocalHandler, type LocalServer } from '@scrape/test-support';
import { createServer, type CreateServerOptions } from '../../src/index.js';

export const KEY_A = 'security-team-a-key-0123456789abcdef';
export const KEY_B = 'security-team-b-key-0123456789abcdef';

export interface Reply {
  status: number;
  body: any;
  text: string;
}

export interface SecurityService {
  baseUrl: string;
  port: number;
  site: LocalServer;
  dataDir: string;
  /** Any call with a key (team A by default). */
  call(method: string, path: string, body?: unknown, key?: string, headers?: Record<string, string>): Promise<Reply>;
  scrape(body: unknown, key?: string): Promise<Reply>;
  close(): Promise<void>;
}

export interface SecurityServiceOptions {
  /** Fixture pages (served on 127.0.0.1, the only private address the guard lets through). */
  handler: LocalHandler;
  /** Names → addresses for the scraper's resolver; other names do not resolve. */
  hosts?: Record<string, string>;
  scraper?: Partial<ScraperOptions>;
  server?: Partial<CreateServerOptions>;
}

export async function startSecurityService(options: SecurityServiceOptions): Promise<SecurityService> {
  const site = await listenLocal(options.handler);
  const dataDir = mkdtempSync(join(tmpdir(), 'scrape-security-'));
  const hosts = options.hosts ?? {};
  const scraper = createScraper({
    allowPrivateUrls: false,
    allowAddress: (address, port) => address === '127.0.0.1' && port === site.port,
    lookup: async (name) => {
      const address = hosts[name.toLowerCase()];
      if (!address) throw Object.assign(new Error(`ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
      return [{ address, family: address.includes(':') ? 6 : 4 }];
    },
    dataDir,
    ...options.scraper,
  });
  const app = createServer({
    host: '127.0.0.1',
    apiKeys: [KEY_A, KEY_B],
    dataDir,
    logLevel: 'silent',
    scraper,
    ...options.server,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as { port: number };
  const baseUrl = `http://127.0.0.1:${port}`;
  const call: SecurityService['call'] = async (method, path, body, key = KEY_A, headers = {}) => {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${key}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    return { status: res.status, body: parsed, text };
  };
  return {
    baseUrl,
    port,
    site,
    dataDir,
    call,
    scrape: (body, key) => call('POST', '/v2/scrape', body, key),
    async close() {
      await app.close();
      await scraper.close();
      await site.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** /health answered within `withinMs` while something else runs: the event loop is not blocked. */
export async function healthLatencyMs(baseUrl: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${baseUrl}/health`);
  await res.text();
  return performance.now() - started;
}
