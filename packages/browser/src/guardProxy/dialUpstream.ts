import { connect, type Socket } from 'node:net';
import { UPSTREAM_TIMEOUT_MS, type UpstreamRoute } from './registration.js';

/** A CONNECT answer from an upstream proxy longer than this is not an HTTP status block. */
const MAX_CONNECT_REPLY_BYTES = 16 * 1024;

/** Connects to the first address that answers; the check already vetted every one of them. */
export function dialInOrder(
  addresses: string[],
  port: number,
  done: (error: Error | null, socket?: Socket) => void,
): void {
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
export function tunnelThrough(
  via: UpstreamRoute,
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
