import { randomBytes } from 'node:crypto';
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { connect, createServer as createTcpServer, type AddressInfo, type Server, type Socket } from 'node:net';
import type { AllowCheck } from './installRequestGuard.js';
import type { UpstreamProxy } from './types.js';

/**
 * A forward proxy on 127.0.0.1 that every request of a guarded context goes through, so the SSRF hook also sees
 * what Playwright's route interception cannot: redirect hops, which Chromium's network stack follows by itself.
 * Plain HTTP is checked by full URL, HTTPS (CONNECT) by `https://host:port/`, and a refused hop never leaves
 * the machine. Each context gets its own listening port (`registerPort`), so the port it connects to tells which
 * render's hook applies and Chromium never pays a 407 challenge round trip; `register` hands out per-render
 * credentials for the shared port instead.
 * An allowed request is dialled at the addresses the check pinned (closing the gap between the check's DNS answer
 * and the connection's), or forwarded through the render's upstream proxy when it has one.
 */

/** Hop-by-hop headers a proxy must not forward (RFC 9110 §7.6.1), plus the proxy's own. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authorization',
  'proxy-authenticate',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);
/** Upstream connect limit; the render's own timeout is usually shorter. */
const UPSTREAM_TIMEOUT_MS = 30_000;
/** A CONNECT answer from an upstream proxy longer than this is not an HTTP status block. */
const MAX_CONNECT_REPLY_BYTES = 16 * 1024;

export type RequestCheck = AllowCheck;

export interface GuardProxy {
  /** `http://127.0.0.1:<port>` for Playwright's context `proxy.server`. */
  server: string;
  /** Credentials for one context; `onRefused` hears every URL the check refused (`tunnel`: an HTTPS origin only). */
  register(
    check: RequestCheck,
    onRefused: (url: string, tunnel: boolean) => void,
    upstream?: UpstreamProxy,
  ): { username: string; password: string; release(): void };
  /**
   * A listening port of its own for one context: every connection to it belongs to this registration, so no
   * credentials are needed. `server` goes into the context's `proxy.server`.
   */
  registerPort(
    check: RequestCheck,
    onRefused: (url: string, tunnel: boolean) => void,
    upstream?: UpstreamProxy,
  ): Promise<{ server: string; release(): void }>;
  close(): Promise<void>;
}

interface Registration {
  released?: boolean;
  check: RequestCheck;
  onRefused: (url: string, tunnel: boolean) => void;
  upstream?: { host: string; port: number; authorization?: string };
}

export async function startGuardProxy(): Promise<GuardProxy> {
  const registrations = new Map<string, Registration>();
  const sockets = new Set<Socket>();
  /** Connections accepted on a registration's own port. */
  const portOwners = new WeakMap<Socket, Registration>();
  const portListeners = new Set<Server>();

  const authorise = (req: IncomingMessage): Registration | undefined => {
    const owner = portOwners.get(req.socket);
    if (owner) return owner.released ? undefined : owner;
    const header = req.headers['proxy-authorization'];
    if (!header?.startsWith('Basic ')) return undefined;
    return registrations.get(Buffer.from(header.slice(6), 'base64').toString());
  };

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const registration = authorise(req);
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
    const verdict = await registration.check(url);
    if (!verdict.allow) {
      registration.onRefused(url, false);
      res.writeHead(403, { 'content-type': 'text/plain' }).end('refused by the request guard');
      return;
    }
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(req.headers))
      if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
    const via = registration.upstream;
    if (via?.authorization) headers['proxy-authorization'] = via.authorization;
    // Through an upstream proxy: absolute-form to it. Direct: the pinned address (Host header stays the name).
    const destination = via
      ? { host: via.host, port: via.port, path: target.href }
      : {
          host: verdict.addresses?.[0] ?? target.hostname.replace(/^\[|\]$/g, ''),
          port: target.port || 80,
          path: target.pathname + target.search,
        };
    const upstream = httpRequest(
      { ...destination, method: req.method, headers, timeout: UPSTREAM_TIMEOUT_MS },
      (answer) => {
        const out: Record<string, string | string[]> = {};
        for (const [name, value] of Object.entries(answer.headers))
          if (value !== undefined && !HOP_BY_HOP.has(name)) out[name] = value;
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
    const registration = authorise(req);
    if (!registration) {
      client.end(
        'HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="scrape"\r\nContent-Length: ' +
          '0\r\n\r\n',
      );
      return;
    }
    const [host, port = '443'] = splitHostPort(req.url ?? '');
    const url = `https://${host.includes(':') ? `[${host}]` : host}${port === '443' ? '' : `:${port}`}/`;
    const verdict = await registration.check(url);
    if (!verdict.allow) {
      registration.onRefused(url, true);
      client.end('HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    const splice = (upstream: Socket, early: Buffer) => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (early.length > 0) client.write(early);
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    };
    const via = registration.upstream;
    if (via) {
      tunnelThrough(via, req.url ?? '', (error, upstream, early) => {
        if (error || !upstream) return client.destroy();
        client.on('close', () => upstream.destroy());
        splice(upstream, early ?? Buffer.alloc(0));
      });
      return;
    }
    dialInOrder(verdict.addresses?.length ? [...verdict.addresses] : [host], Number(port), (error, upstream) => {
      if (error || !upstream) return client.destroy();
      client.on('close', () => upstream.destroy());
      splice(upstream, Buffer.alloc(0));
    });
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
    register(check, onRefused, upstream) {
      const username = `r${randomBytes(6).toString('hex')}`;
      const password = randomBytes(12).toString('hex');
      const key = `${username}:${password}`;
      registrations.set(key, { check, onRefused, upstream: upstream ? parseUpstream(upstream) : undefined });
      return { username, password, release: () => registrations.delete(key) };
    },
    async registerPort(check, onRefused, upstream) {
      const registration: Registration = { check, onRefused, upstream: upstream ? parseUpstream(upstream) : undefined };
      // Connections are handed to the shared HTTP server, which tells their registration by the socket.
      const listener = createTcpServer((socket) => {
        portOwners.set(socket, registration);
        server.emit('connection', socket);
      });
      await new Promise<void>((resolve, reject) => {
        listener.once('error', reject);
        listener.listen(0, '127.0.0.1', () => {
          listener.off('error', reject);
          resolve();
        });
      });
      listener.unref();
      portListeners.add(listener);
      return {
        server: `http://127.0.0.1:${(listener.address() as AddressInfo).port}`,
        release: () => {
          // Open connections of a released registration get 407s; the context is closed by then anyway.
          registration.released = true;
          portListeners.delete(listener);
          listener.close();
        },
      };
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const listener of portListeners) listener.close();
        portListeners.clear();
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Connects to the first address that answers; the check already vetted every one of them. */
function dialInOrder(addresses: string[], port: number, done: (error: Error | null, socket?: Socket) => void): void {
  const socket = connect(port, addresses[0]);
  socket.setTimeout(UPSTREAM_TIMEOUT_MS, () => socket.destroy(new Error('upstream timeout')));
  const onError = (error: Error) => {
    socket.destroy();
    if (addresses.length > 1) dialInOrder(addresses.slice(1), port, done);
    else done(error);
  };
  socket.once('error', onError);
  socket.once('connect', () => {
    socket.off('error', onError);
    socket.on('error', () => socket.destroy());
    done(null, socket);
  });
}

/** Opens a CONNECT tunnel to `authority` through the upstream proxy; `early` holds bytes that came after its 200. */
function tunnelThrough(
  via: NonNullable<Registration['upstream']>,
  authority: string,
  done: (error: Error | null, socket?: Socket, early?: Buffer) => void,
): void {
  const socket = connect(via.port, via.host);
  socket.setTimeout(UPSTREAM_TIMEOUT_MS, () => socket.destroy(new Error('upstream proxy timeout')));
  let reply = Buffer.alloc(0);
  const fail = (error: Error) => {
    socket.destroy();
    done(error);
  };
  const onData = (chunk: Buffer) => {
    reply = Buffer.concat([reply, chunk]);
    const end = reply.indexOf('\r\n\r\n');
    if (end === -1) {
      if (reply.length > MAX_CONNECT_REPLY_BYTES) fail(new Error('upstream proxy sent an oversized CONNECT reply'));
      return;
    }
    socket.off('data', onData);
    socket.off('error', fail);
    socket.on('error', () => socket.destroy());
    const status = /^HTTP\/1\.[01] (\d{3})/.exec(reply.subarray(0, end).toString('latin1'))?.[1];
    if (status !== '200') return fail(new Error(`upstream proxy answered CONNECT with ${status ?? 'garbage'}`));
    done(null, socket, reply.subarray(end + 4));
  };
  socket.on('data', onData);
  socket.once('error', fail);
  socket.once('connect', () => {
    const auth = via.authorization ? `Proxy-Authorization: ${via.authorization}\r\n` : '';
    socket.write(`CONNECT ${authority} HTTP/1.1\r\nHost: ${authority}\r\n${auth}\r\n`);
  });
}

function parseUpstream(proxy: UpstreamProxy): NonNullable<Registration['upstream']> {
  const url = new URL(proxy.server.includes('://') ? proxy.server : `http://${proxy.server}`);
  const username = proxy.username ?? decodeURIComponent(url.username);
  const password = proxy.password ?? decodeURIComponent(url.password);
  return {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: Number(url.port) || 80,
    authorization: username ? `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}` : undefined,
  };
}

function splitHostPort(authority: string): [string, string | undefined] {
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(authority);
  if (bracketed) return [bracketed[1], bracketed[2]];
  const at = authority.lastIndexOf(':');
  return at === -1 ? [authority, undefined] : [authority.slice(0, at), authority.slice(at + 1)];
}
