import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAuthenticator } from '../createAuthenticator.js';
import { isLoopbackHost } from '../isLoopbackHost.js';
import type { ServiceMetrics } from './createServiceMetrics.js';

export interface MetricsListenerOptions {
  metrics: ServiceMetrics;
  host: string;
  port: number;
  /** Bearer token asked of every scrape; required unless the listener is on a loopback address. */
  token?: string;
}

/**
 * GET /metrics on its own small HTTP listener, for processes that serve no API (scrape-worker). Without a token it
 * refuses to listen anywhere but loopback, as the API does without keys. Resolves with the bound port.
 */
export async function startMetricsListener(options: MetricsListenerOptions): Promise<{ server: Server; port: number }> {
  const token = options.token?.trim();
  if (!token && !isLoopbackHost(options.host)) {
    throw new Error(
      `metrics on ${options.host} need SCRAPE_METRICS_TOKEN (without it they are served on loopback only)`,
    );
  }
  const check = token ? createAuthenticator([token]) : undefined;
  const server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (req.method !== 'GET' || path !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    if (check && !check(req.headers.authorization).ok) {
      res.writeHead(401, { 'content-type': 'text/plain', 'www-authenticate': 'Bearer' }).end('unauthorized\n');
      return;
    }
    options.metrics.render().then(
      (body) => res.writeHead(200, { 'content-type': options.metrics.contentType }).end(body),
      () => res.writeHead(500, { 'content-type': 'text/plain' }).end('metrics unavailable\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  return { server, port: (server.address() as AddressInfo).port };
}
