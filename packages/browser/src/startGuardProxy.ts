import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { forwardRequest } from './guardProxy/forwardRequest.js';
import { openTunnel } from './guardProxy/openTunnel.js';
import { parseUpstream, type Registration } from './guardProxy/registration.js';
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
    await forwardRequest(registration, req, res);
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
    await openTunnel(registration, req, client, head);
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
