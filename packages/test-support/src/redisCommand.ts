// Redis from tests of packages that have no Redis client of their own: one command over RESP on a plain socket.
import { connect } from 'node:net';

/**
 * Sends one command to the Redis at `url` and resolves with the raw reply text. Good enough for PING, DEL, EVAL and
 * other replies of one complete line (integer, status or error); rejects when Redis does not answer within 2 s.
 */
export function redisCommand(args: string[], url: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port) || 6379, hostname || '127.0.0.1');
    let reply = '';
    socket.setTimeout(2000, () => socket.destroy(new Error('redis: no answer within 2 s')));
    socket.on('error', reject);
    socket.on('data', (chunk) => {
      reply += chunk.toString('utf8');
      if (reply.endsWith('\r\n')) {
        socket.end();
        resolve(reply);
      }
    });
    socket.write(`*${args.length}\r\n${args.map((a) => `$${Buffer.byteLength(a)}\r\n${a}\r\n`).join('')}`);
  });
}

/** Whether the Redis at `url` answers PING (within 2 s); suites with a Redis half skip it, loudly, when not. */
export async function redisReachable(url: string): Promise<boolean> {
  try {
    return (await redisCommand(['PING'], url)).startsWith('+PONG');
  } catch {
    return false;
  }
}

/** Deletes every key under `prefix` (server-side Lua, so no client library is needed). */
export async function dropRedisPrefix(prefix: string, url: string): Promise<void> {
  const script = "local n=0 for _,k in ipairs(redis.call('KEYS', ARGV[1])) do redis.call('DEL', k) n=n+1 end return n";
  await redisCommand(['EVAL', script, '0', `${prefix.replace(/[*?[\]\\]/g, '\\$&')}*`], url);
}
