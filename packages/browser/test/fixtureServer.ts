import type { IncomingMessage, ServerResponse } from 'node:http';
import { listenLocal, type LocalServer, useStarted } from '@scrape/test-support';
import { createBrowserPool, type BrowserPool, type BrowserPoolOptions } from '../dist/index.js';

export type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** The shared local server, with its origin under the name these tests use. */
export type FixtureServer = Omit<LocalServer, 'origin'> & { base: string };

/** Serves `routes` (path without query → handler) on 127.0.0.1; unknown paths are 404 and still recorded. */
export async function startFixtureServer(routes: Record<string, Handler | string>): Promise<FixtureServer> {
  const local = await listenLocal((req, res, path) => {
    const route = routes[path];
    if (route === undefined) {
      res.statusCode = 404;
      res.end('not found');
    } else if (typeof route === 'string') {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end(route);
    } else {
      route(req, res);
    }
  });
  return { base: local.origin, port: local.port, hits: local.hits, headersOf: local.headersOf, close: local.close };
}

export function html(body: string, head = ''): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>fixture</title>${head}</head><body>${body}</body></html>`;
}

/**
 * A fixture site serving `routes` and a browser pool, started before the file's tests and closed after them (the pool
 * first). Read the fields inside tests and hooks: they are set once the tests run.
 */
export function useSiteAndPool(
  routes: Record<string, Handler | string>,
  options: BrowserPoolOptions = { maxConcurrency: 1 },
): Readonly<{ site: FixtureServer; pool: BrowserPool }> {
  return useStarted(async (own) => ({
    site: own(await startFixtureServer(routes)),
    pool: own(createBrowserPool(options)),
  }));
}
