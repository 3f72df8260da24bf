import { randomBytes } from 'node:crypto';
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';

/**
 * A forward proxy on 127.0.0.1 that every request of a guarded context goes through, so the SSRF hook also sees
 * what Playwright's route interception cannot: redirect hops, which Chromium's network stack follows by itself.
 * Plain HTTP is checked by full URL, HTTPS (CONNECT) by `https://host:port/`, and a refused hop never leaves
 * the machine. Contexts authenticate with per-render credentials, so concurrent renders keep their own hooks.
 */

/** Hop-by-hop headers a proxy must not forward (RFC 9110 §7.6.1), plus the proxy's own. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-authorization', 'proxy-authenticate', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade']);
/** Upstream connect limit; the render's own timeout is usually shorter. */
const UPSTREAM_TIMEOUT_MS = 30_000;

export type RequestCheck = (url: string) => Promise<boolean>;

export interface GuardProxy {
  /** `http://127.0.0.1:<port>` for Playwright's context `proxy.server`. */
  server: string;
  /** Credentials for one context; `onRefused` hears every URL the check refused (`tunnel`: an HTTPS origin only). */
  register(check: RequestCheck, onRefused: (url: string, tunnel: boolean) => void): { username: string; password: string; release(): void };
  close(): Promise<void>;
}

interface Registration {
  check: RequestCheck;
  onRefused: (url: string, tunnel: boolean) => void;
}

export async function startGuardProxy(): Promise<GuardProxy> {
  const registrations = new Map<string, Registration>();
  const sockets = new Set<Socket>();

  const authorise = (header: string | undefined): Registration | undefined => {
    if (!header?.startsWith('Basic ')) return undefined;
    return registrations.get(Buffer.from(header.slice(6), 'base64').toString());
  };

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const registration = authorise(req.headers['proxy-authorization']);
    if (!registration) {
      res.writeHead(407, { 'proxy-authenticate': 'Basic realm="scrape"' }).end();
      return;
    }
    const url = req.url ?? '';
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      res.writeHead(400).end();
      return;
    }
    if (!(await registration.check(url))) {
      registration.onRefused(url, false);
      res.writeHead(403, { 'content-type': 'text/plain' }).end('refused by the request guard');
      return;
    }
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(req.headers)) if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
    const upstream = httpRequest(
      { host: target.hostname.replace(/^\[|\]$/g, ''), port: target.port || 80, path: target.pathname + target.search, method: req.method, headers, timeout: UPSTREAM_TIMEOUT_MS },
      (answer) => {
        const out: Record<string, string | string[]> = {};
        for (const [name, value] of Object.entries(answer.headers)) if (value !== undefined && !HOP_BY_HOP.has(name)) out[name] = value;
        res.writeHead(answer.statusCode ?? 502, answer.statusMessage, out);
        answer.pipe(res);
      },
    );
    upstream.on('timeout', () => upstream.destroy(new Error('upstream timeout')));
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502).end();
      else res.destroy();
    });
    req.pipe(upstream);
  });

  server.on('connect', async (req: IncomingMessage, client: Socket, head: Buffer) => {
    client.on('error', () => client.destroy());
    const registration = authorise(req.headers['proxy-authorization']);
    if (!registration) {
      client.end('HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="scrape"\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    const [host, port = '443'] = splitHostPort(req.url ?? '');
    const url = `https://${host.includes(':') ? `[${host}]` : host}${port === '443' ? '' : `:${port}`}/`;
    if (!(await registration.check(url))) {
      registration.onRefused(url, true);
      client.end('HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    const upstream = connect(Number(port), host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.setTimeout(UPSTREAM_TIMEOUT_MS, () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
  });

  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // The proxy must never keep the process alive on its own.
  server.unref();

  return {
    server: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    register(check, onRefused) {
      const username = `r${randomBytes(6).toString('hex')}`;
      const password = randomBytes(12).toString('hex');
      const key = `${username}:${password}`;
      registrations.set(key, { check, onRefused });
      return { username, password, release: () => registrations.delete(key) };
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

function splitHostPort(authority: string): [string, string | undefined] {
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(authority);
  if (bracketed) return [bracketed[1], bracketed[2]];
  const at = authority.lastIndexOf(':');
  return at === -1 ? [authority, undefined] : [authority.slice(0, at), authority.slice(at + 1)];
}
