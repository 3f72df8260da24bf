import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';

/** The page's files, shipped in the package beside dist (`assets/`); the same path from src and from dist. */
const ASSETS = new URL('../../assets/', import.meta.url);
const FILES = {
  '/playground': { file: 'playground.html', type: 'text/html; charset=utf-8', id: 'playground' },
  '/playground/playground.js': {
    file: 'playground.js',
    type: 'text/javascript; charset=utf-8',
    id: 'playgroundScript',
  },
  '/playground/playground.css': { file: 'playground.css', type: 'text/css; charset=utf-8', id: 'playgroundStyles' },
} as const;
/**
 * The page runs only its own script and loads images only from this server (screenshots are signed links here), so
 * nothing in a scraped document can run or call out; no framing (clickjacking of the key box).
 */
const CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
  "form-action 'none'; frame-ancestors 'none'; base-uri 'none'";

/**
 * GET /playground: a small static page over the public API (scrape, crawl, usage). No key is needed to load
 * it; every call it makes asks for one like any client. Read once at start-up: a few kilobytes. `/` stays a 404 (an API
 * server's root answers like any unknown path).
 */
export function registerPlayground(app: FastifyInstance): void {
  for (const [path, { file, type, id }] of Object.entries(FILES)) {
    const body = readFileSync(new URL(file, ASSETS), 'utf8');
    app.get(path, async (_request, reply) =>
      reply
        .type(type)
        .header('content-security-policy', CSP)
        .header('x-content-type-options', 'nosniff')
        .header('referrer-policy', 'no-referrer')
        .header('cache-control', 'no-cache')
        .send(body),
    );
    app.openapi.add({
      method: 'get',
      path,
      operationId: id,
      summary:
        path === '/playground'
          ? 'The playground page: try scrape and crawl in a browser.'
          : `The playground's ${file}.`,
      auth: false,
      responses: { '200': { description: file, contentType: type.split(';')[0]! } },
    });
  }
}
