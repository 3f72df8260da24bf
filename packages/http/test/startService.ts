// Starts the real service (createServer + the real scraper) on 127.0.0.1:0 for the e2e tests.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { useStarted, waitFor } from '@scrape/test-support';
import { createServer, type CreateServerOptions } from '../src/index.js';
import { startFixtureSite, type FixtureSite } from './fixtureSite.js';

export const TEST_KEY = 'e2e-test-key-0123456789abcdef';

export interface Service {
  baseUrl: string;
  app: ReturnType<typeof createServer>;
  /** POST /v2/scrape with the test key; returns status, parsed body and headers. */
  scrape(
    body: unknown,
    init?: { headers?: Record<string, string> },
  ): Promise<{ status: number; body: any; headers: Headers }>;
  close(): Promise<void>;
}

export async function startService(options: CreateServerOptions = {}): Promise<Service> {
  const dataDir = mkdtempSync(join(tmpdir(), 'scrape-e2e-data-'));
  const app = createServer({
    host: '127.0.0.1',
    apiKeys: [TEST_KEY],
    allowPrivateUrls: true,
    dataDir,
    logLevel: 'silent',
    ...options,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as { port: number };
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    baseUrl,
    app,
    async scrape(body, init = {}) {
      const res = await fetch(`${baseUrl}/v2/scrape`, {
        method: 'POST',
        headers: { authorization: `Bearer ${TEST_KEY}`, 'content-type': 'application/json', ...init.headers },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });
      const text = await res.text();
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        throw new Error(`non-JSON response ${res.status}: ${text.slice(0, 200)}`);
      }
      return { status: res.status, body: parsed, headers: res.headers };
    },
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Starts the fixture site, the service, and the same service with the SSRF guard on (the default in production)
 *  before the file's tests, and stops them after; the fields are set by then. */
export function useSiteAndServices(): Readonly<{ site: FixtureSite; svc: Service; guarded: Service }> {
  return useStarted(async (own) => ({
    site: own(await startFixtureSite()),
    svc: own(await startService()),
    guarded: own(await startService({ allowPrivateUrls: false })),
  }));
}

/** Starts the fixture site and the service (private URLs allowed) before the file's tests and stops them after. */
export function useSiteAndService(): Readonly<{ site: FixtureSite; svc: Service }> {
  return useStarted(async (own) => ({ site: own(await startFixtureSite()), svc: own(await startService()) }));
}

/** Any call to the service with a key (the test key by default): status and parsed JSON body. */
export async function callApi(
  service: Pick<Service, 'baseUrl'>,
  method: string,
  path: string,
  body?: unknown,
  key = TEST_KEY,
): Promise<{ status: number; body: any }> {
  const res = await fetch(`${service.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

/** GETs a job's status at `path` (with `key`) until the job is no longer `processing`, and returns that body. */
export async function settledJob(service: Pick<Service, 'baseUrl'>, path: string, key = TEST_KEY) {
  return waitFor(
    async () => {
      const { body } = await callApi(service, 'GET', path, undefined, key);
      return body.status !== 'processing' && body;
    },
    `the job at ${path} to settle`,
    60_000,
    100,
  );
}
