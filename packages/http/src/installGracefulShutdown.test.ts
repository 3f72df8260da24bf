import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import type { Scraper } from '@scrape/scraper';
import { createServer } from './createServer.js';
import { installGracefulShutdown } from './installGracefulShutdown.js';

/** A scraper double whose scrapes last `ms` unless aborted (then it rejects like an engine would). */
function slowScraper(ms: number) {
  const started: number[] = [];
  // a double: only what these tests reach (the job, search and parse methods never are)
  const double: Pick<Scraper, 'scrape' | 'openapi' | 'artifacts' | 'ready' | 'close'> = {
    scrape: (body, ctx = {}) =>
      new Promise((resolve, reject) => {
        started.push(Date.now());
        const timer = setTimeout(
          () => resolve({ markdown: 'done', metadata: { sourceURL: (body as { url: string }).url } }),
          ms,
        );
        ctx.signal?.addEventListener('abort', () => {
          clearTimeout(timer);
          reject(new Error('aborted'));
        });
      }),
    openapi: () => ({}),
    artifacts: { getArtifact: async () => null, statArtifact: async () => null },
    ready: async () => undefined,
    close: async () => undefined,
  };
  const scraper = double as Scraper;
  return { scraper, started };
}

function post(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/v2/scrape',
        headers: { authorization: 'Bearer k', 'content-type': 'application/json' },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end('{"url":"https://example.com"}');
  });
}

async function until(check: () => boolean) {
  while (!check()) await new Promise((r) => setTimeout(r, 10));
}

/** A server whose one scrape takes `scrapeMs`, shut down with `graceMs` while that scrape runs. */
async function shutdownDuringScrape(scrapeMs: number, graceMs: number) {
  const { scraper, started } = slowScraper(scrapeMs);
  const app = createServer({ apiKeys: ['k'], logLevel: 'silent', scraper });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const exits: number[] = [];
  const shutdown = installGracefulShutdown(app, { graceMs, signals: [], exit: (c) => exits.push(c) });
  const answer = post((app.server.address() as { port: number }).port);
  await until(() => started.length === 1);
  const t0 = Date.now();
  await shutdown('SIGTERM');
  const status = await answer;
  return { status, exits, tookMs: Date.now() - t0 };
}

describe('installGracefulShutdown', () => {
  it('lets an in-flight scrape finish within the grace period, then exits 0', async () => {
    const { status, exits, tookMs } = await shutdownDuringScrape(300, 5_000);
    expect(status).toBe(200);
    expect(exits).toEqual([0]);
    expect(tookMs).toBeGreaterThanOrEqual(200);
  });

  it('aborts scrapes still running when the grace period ends (503) and still exits 0', async () => {
    const { status, exits, tookMs } = await shutdownDuringScrape(60_000, 200);
    expect(status).toBe(503);
    expect(exits).toEqual([0]);
    expect(tookMs).toBeLessThan(3_000);
  });
});
