import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { type Registration, UPSTREAM_TIMEOUT_MS } from './registration.js';

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

function endToEndHeaders(headers: NodeJS.Dict<string | string[]>): Record<string, string | string[]> {
  const kept: Record<string, string | string[]> = {};
  // Defined, not assigned: a header named "__proto__" stays a header.
  for (const [name, value] of Object.entries(headers))
    if (value !== undefined && !HOP_BY_HOP.has(name))
      Object.defineProperty(kept, name, { value, enumerable: true, writable: true, configurable: true });
  return kept;
}

/**
 * A plain-HTTP request through the guard proxy: checked by its full URL (refused: a 403 page and `onRefused`), then
 * forwarded without hop-by-hop headers to the address the check pinned, or through the registration's upstream proxy.
 * Upstream failures answer 502 (or cut the answer already under way).
 */
export async function forwardRequest(registration: Registration, req: IncomingMessage, res: ServerResponse) {
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
  const headers = endToEndHeaders(req.headers);
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
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage, endToEndHeaders(answer.headers));
      answer.pipe(res);
    },
  );
  upstream.on('timeout', () => upstream.destroy(new Error('upstream timeout')));
  upstream.on('error', () => {
    if (!res.headersSent) res.writeHead(502).end();
    else res.destroy();
  });
  req.pipe(upstream);
}
