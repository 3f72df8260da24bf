// The fixture site the e2e tests scrape: real pages served on 127.0.0.1 over HTTP, and the same pages over HTTPS
// with a self-signed certificate made at test time.
import { readFileSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { selfSignedCertificate } from '@scrape/test-support';
import iconv from 'iconv-lite';

const FIXTURES = new URL('./fixtures/', import.meta.url);
const read = (name: string) => readFileSync(new URL(name, FIXTURES));

export const ARTICLE_HTML = read('article.html').toString('utf8');
/** The Shift-JIS page as bytes: the source file is UTF-8 and is encoded here, so the bytes on the wire are not UTF-8. */
export const SJIS_BYTES = iconv.encode(read('sjis-source.html').toString('utf8'), 'Shift_JIS');
export const DATA_JSON = read('data.json').toString('utf8');

const NOT_FOUND_HTML = `<!DOCTYPE html><html><head><title>Page not found</title></head>
<body><main><h1>Page not found</h1><p>The page you asked for does not exist on this harbour site.</p></main></body></html>`;
const SERVER_ERROR_HTML = `<!DOCTYPE html><html><head><title>Server error</title></head>
<body><main><h1>Something broke</h1><p>The harbour database is down for maintenance.</p></main></body></html>`;

export interface FixtureSite {
  /** http://127.0.0.1:<port> */
  origin: string;
  /** https://127.0.0.1:<port> (self-signed) */
  httpsOrigin: string;
  url(path: string): string;
  httpsUrl(path: string): string;
  /** Requests seen per path (query string dropped), to tell fetches from cache hits. */
  hits(path: string): number;
  /** Responses to `path` whose connection closed before the page was sent (the scraper gave up on them). */
  abandoned(path: string): number;
  /** The headers of the last request to /echo/headers. */
  lastEchoHeaders(): Record<string, string | string[] | undefined> | undefined;
  close(): Promise<void>;
}

interface Counters {
  hits: Map<string, number>;
  abandoned: Map<string, number>;
}

function handler(counters: Counters, echo: { headers?: IncomingMessage['headers'] }, timers: Set<NodeJS.Timeout>) {
  return (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fixture.invalid');
    const bump = (map: Map<string, number>) => map.set(url.pathname, (map.get(url.pathname) ?? 0) + 1);
    bump(counters.hits);
    res.on('close', () => {
      if (!res.writableFinished) bump(counters.abandoned);
    });
    const html = (status: number, body: string | Buffer, type = 'text/html; charset=utf-8') => {
      res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body) });
      res.end(body);
    };
    const redirect = (status: number, location: string) => {
      res.writeHead(status, { location, 'content-length': 0 });
      res.end();
    };
    switch (url.pathname) {
      case '/articles/tidal-energy':
        return html(200, ARTICLE_HTML);
      case '/articles/slow-tide': {
        // A page that answers after `ms` milliseconds, for timeouts and in-flight shutdown.
        const ms = Number(url.searchParams.get('ms') ?? '5000');
        const timer = setTimeout(() => {
          timers.delete(timer);
          if (!res.destroyed) html(200, ARTICLE_HTML);
        }, ms);
        timers.add(timer);
        res.on('close', () => {
          clearTimeout(timer);
          timers.delete(timer);
        });
        return;
      }
      case '/sjis/meta':
        // Charset only in <meta http-equiv>: the decoder must sniff it.
        return html(200, SJIS_BYTES, 'text/html');
      case '/sjis/header':
        return html(200, SJIS_BYTES, 'text/html; charset=Shift_JIS');
      case '/api/harbours.json':
        return html(200, DATA_JSON, 'application/json');
      case '/notes.txt':
        return html(200, 'Plain notes.\nSecond line of the notes.\n', 'text/plain; charset=utf-8');
      case '/go/1':
        return redirect(301, '/go/2');
      case '/go/2':
        return redirect(302, `http://127.0.0.1:${req.socket.localPort ?? 0}/go/3`);
      case '/go/3':
        return redirect(307, '../articles/tidal-energy');
      case '/loop':
        return redirect(302, '/loop');
      case '/broken':
        return html(500, SERVER_ERROR_HTML);
      case '/echo/headers':
        echo.headers = req.headers;
        return html(200, JSON.stringify(req.headers), 'application/json');
      default:
        return html(404, NOT_FOUND_HTML);
    }
  };
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

export async function startFixtureSite(): Promise<FixtureSite> {
  const counters: Counters = { hits: new Map(), abandoned: new Map() };
  const echo: { headers?: IncomingMessage['headers'] } = {};
  const timers = new Set<NodeJS.Timeout>();
  const http = createHttpServer(handler(counters, echo, timers));
  const https = createHttpsServer(selfSignedCertificate(), handler(counters, echo, timers));
  const [port, tlsPort] = await Promise.all([listen(http), listen(https)]);
  const origin = `http://127.0.0.1:${port}`;
  const httpsOrigin = `https://127.0.0.1:${tlsPort}`;
  return {
    origin,
    httpsOrigin,
    url: (path) => origin + path,
    httpsUrl: (path) => httpsOrigin + path,
    hits: (path) => counters.hits.get(path) ?? 0,
    abandoned: (path) => counters.abandoned.get(path) ?? 0,
    lastEchoHeaders: () => echo.headers,
    close: async () => {
      for (const t of timers) clearTimeout(t);
      for (const server of [http, https]) server.closeAllConnections();
      await Promise.all([http, https].map((s) => new Promise((r) => s.close(r))));
    },
  };
}
