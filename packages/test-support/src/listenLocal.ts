// A real HTTP server on 127.0.0.1 for fixture pages: records every request, and closes at once (open keep-alive
// sockets are destroyed, so a test's teardown never waits on a browser's idle connection).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** Handles one request; `path` is the URL path without its query. */
export type LocalHandler = (req: IncomingMessage, res: ServerResponse, path: string) => void;

export interface LocalServer {
  /** http://127.0.0.1:<port> */
  origin: string;
  port: number;
  /** Request URLs (path and query) in arrival order. */
  hits: string[];
  /** Headers of the last request to each path (query dropped). */
  headersOf: Map<string, IncomingMessage['headers']>;
  close(): Promise<void>;
}

/** Listens on an ephemeral port of 127.0.0.1; `onServer` may add listeners (e.g. `connect` for a proxy). */
export async function listenLocal(handler: LocalHandler, onServer?: (server: Server) => void): Promise<LocalServer> {
  const hits: string[] = [];
  const headersOf = new Map<string, IncomingMessage['headers']>();
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    const url = req.url ?? '/';
    const path = url.split('?')[0] ?? '/';
    hits.push(url);
    headersOf.set(path, req.headers);
    handler(req, res, path);
  });
  onServer?.(server);
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    hits,
    headersOf,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A LocalServer that answers every request with the one HTML page `html` (200, text/html, UTF-8). */
export function listenPage(html: string): Promise<LocalServer> {
  return listenLocal((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html);
  });
}
