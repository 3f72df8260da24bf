import type { FastifyInstance } from 'fastify';
import { createOpenApiRegistry, responseSchemas, toOpenApiPath } from '@scrape/scraper/internal';
import { VERSION } from '../version.js';

/**
 * The server's decorations: the OpenAPI registry with the list of routes it misses, the scrapes in flight (counted
 * and aborted by the graceful shutdown) and the request fields the guard and the scrape route fill.
 */
export function decorateServer(app: FastifyInstance, running: Set<AbortController>): void {
  const openapi = createOpenApiRegistry();
  app.decorate('openapi', openapi);
  const servedRoutes = new Set<string>();
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      if (method !== 'HEAD') servedRoutes.add(`${method} ${toOpenApiPath(route.url)}`);
  });
  app.decorate('undocumentedRoutes', () => {
    const documented = new Set(openapi.operations());
    return [...servedRoutes].filter((operation) => !documented.has(operation));
  });
  app.decorate('inFlightScrapes', () => running.size);
  app.decorate('abortInFlightScrapes', (reason: string) => {
    const count = running.size;
    for (const controller of running) controller.abort(new Error(reason));
    return count;
  });
  app.decorateRequest('team', undefined);
  app.decorateRequest('account', null);
  app.decorateRequest('scrapeLog', null);
}

/** GET /health and GET /v2/openapi.json: no key needed. */
export function registerServiceRoutes(app: FastifyInstance): void {
  const { openapi } = app;
  app.get('/health', async () => ({ ok: true, version: VERSION }));
  openapi.add({
    method: 'get',
    path: '/health',
    operationId: 'health',
    summary: 'Liveness and the server version.',
    auth: false,
    responses: {
      '200': {
        description: 'The server is up.',
        body: { name: 'HealthResponse', schema: responseSchemas.healthResponseSchema },
      },
    },
  });
  app.get('/v2/openapi.json', async () => openapi.document());
  openapi.add({
    method: 'get',
    path: '/v2/openapi.json',
    operationId: 'openapi',
    summary: 'This document: every route the server answers.',
    auth: false,
    responses: { '200': { description: 'OpenAPI 3.1 document.', contentType: 'application/json' } },
  });
}
