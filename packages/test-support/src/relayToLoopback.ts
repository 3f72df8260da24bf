// The relaying half of a forward proxy for tests: an absolute-form request (`GET http://127.0.0.1:port/path`) is
// sent on to that port of 127.0.0.1 and its answer piped back, so a proxy a test starts reaches only local fixtures.
import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';

/** Relays `req` (absolute-form URL) to 127.0.0.1 at the URL's port; a failed upstream destroys the answer. */
export function relayToLoopback(req: IncomingMessage, res: ServerResponse): void {
  const target = new URL(req.url ?? '');
  const upstream = httpRequest(
    {
      host: '127.0.0.1',
      port: target.port,
      path: target.pathname + target.search,
      method: req.method,
      headers: req.headers,
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', () => res.destroy());
  req.pipe(upstream);
}
