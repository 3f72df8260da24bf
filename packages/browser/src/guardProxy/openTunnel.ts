import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { dialInOrder, tunnelThrough } from './dialUpstream.js';
import type { Registration } from './registration.js';

/**
 * An HTTPS CONNECT through the guard proxy: checked as `https://host:port/` (refused: a 403 and `onRefused` with
 * `tunnel`), then spliced to the addresses the check pinned, or tunnelled through the registration's upstream proxy.
 * `head` (bytes the client sent after its CONNECT) goes upstream once the tunnel stands; a failed dial drops the
 * client.
 */
export async function openTunnel(registration: Registration, req: IncomingMessage, client: Socket, head: Buffer) {
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
}

function splitHostPort(authority: string): [string, string | undefined] {
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(authority);
  if (bracketed) return [bracketed[1], bracketed[2]];
  const at = authority.lastIndexOf(':');
  return at === -1 ? [authority, undefined] : [authority.slice(0, at), authority.slice(at + 1)];
}
