import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Scraper } from '@scrape/scraper';
import { createAuthenticator } from '../createAuthenticator.js';
import { createServiceMetrics, type ServiceMetrics } from './createServiceMetrics.js';

type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

export interface RegisterMetricsOptions {
  scraper: Scraper;
  /** The API's key check: any valid key may read /metrics (keyless servers: loopback callers only). */
  requireKey: Guard;
  /** A separate bearer token for the Prometheus scraper (SCRAPE_METRICS_TOKEN); an API key still works too. */
  token?: string;
  /** Hashed team labels (SCRAPE_METRICS_TEAMS=1). */
  teams?: boolean;
}

/** What the /v2/scrape handler leaves on the request for the metrics (the same object as its log line). */
interface ScrapeFacts {
  engine?: string;
  code?: string;
  cacheState?: 'hit' | 'miss';
  credits?: number;
}

/**
 * GET /metrics (Prometheus text format) and the hooks that feed it: every response by route pattern (the URL never
 * becomes a label), every /v2/scrape by engine, outcome and cache state. Returns the metrics for the job worker's
 * commit hook.
 */
export function registerMetrics(app: FastifyInstance, options: RegisterMetricsOptions): ServiceMetrics {
  const metrics = createServiceMetrics({ scraper: options.scraper, teams: options.teams });
  const token = options.token?.trim();
  const tokenCheck = token ? createAuthenticator([token]) : undefined;

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.observeRequest(route, request.method, reply.statusCode, reply.elapsedTime / 1000);
    if (route !== '/v2/scrape' || request.method !== 'POST') return;
    const facts = (request.scrapeLog ?? {}) as ScrapeFacts;
    const ok = reply.statusCode < 400;
    const length = Number(reply.getHeader('content-length'));
    metrics.observeScrape({
      source: 'scrape',
      engine: facts.engine,
      outcome: ok ? 'ok' : (facts.code ?? `HTTP_${reply.statusCode}`),
      cacheState: ok ? facts.cacheState : undefined,
      credits: ok ? facts.credits : undefined,
      team: request.team,
      cachedBytes: Number.isFinite(length) ? length : undefined,
    });
  });

  const guard: Guard = async (request, reply) => {
    if (tokenCheck && request.headers.authorization && tokenCheck(request.headers.authorization).ok) return;
    return options.requireKey(request, reply);
  };
  app.get('/metrics', { onRequest: guard }, async (_request, reply) => {
    const body = await metrics.render();
    return reply.type(metrics.contentType).send(body);
  });
  app.openapi.add({
    method: 'get',
    path: '/metrics',
    operationId: 'metrics',
    summary: 'Prometheus metrics (text format): requests, scrapes, cache, browser and PDF pools, job queues, webhooks.',
    description:
      'Bearer an API key or SCRAPE_METRICS_TOKEN; open to loopback callers when authentication is off. ' +
      'Labels never hold URLs or keys; team labels (hashed) only with SCRAPE_METRICS_TEAMS=1.',
    responses: { '200': { description: 'Prometheus text exposition format 0.0.4.', contentType: 'text/plain' } },
  });
  return metrics;
}
