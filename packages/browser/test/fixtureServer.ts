import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Handler = (req: IncomingMessage, res: ServerResponse) => void;

export interface FixtureServer {
  base: string;
  port: number;
  /** Paths requested so far (with query). */
  hits: string[];
  /** Headers of the last request to each path (without query). */
  headersOf: Map<string, IncomingMessage['headers']>;
  close(): Promise<void>;
}

/** Serves `routes` (path without query → handler) on 127.0.0.1; unknown paths are 404 and still recorded. */
export async function startFixtureServer(routes: Record<string, Handler | string>): Promise<FixtureServer> {
  const hits: string[] = [];
  const headersOf = new Map<string, IncomingMessage['headers']>();
  const server: Server = createServer((req, res) => {
    const url = req.url ?? '/';
    hits.push(url);
    const path = url.split('?')[0];
    headersOf.set(path, req.headers);
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
  const sockets = new Set<import('node:net').Socket>();
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    base: `http://127.0.0.1:${port}`,
    port,
    hits,
    headersOf,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

export function html(body: string, head = ''): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>fixture</title>${head}</head><body>${body}</body></html>`;
}
