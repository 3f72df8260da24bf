import type { FastifyInstance } from 'fastify';
import { toErrorReply } from '../toErrorReply.js';
import { parseJsonBody } from './parseJsonBody.js';
import { shuttingDown } from './shuttingDown.js';

function pathOf(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}

/** Set once the server starts closing (its preClose hook): new requests get a 503, responses close their socket. */
export interface Draining {
  closing: boolean;
}

/**
 * How every request is received: the request id header, the 503 while draining, JSON-only bodies (none on a
 * bodiless DELETE).
 */
export function installRequestHooks(app: FastifyInstance, draining: Draining): void {
  // The per-request hooks take Fastify's callback form: an async hook costs a promise and its settling per request.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done(draining.closing ? shuttingDown() : undefined);
  });
  // The API speaks JSON only: without Fastify's text/plain parser any other content type is a clear 415.
  app.removeContentTypeParser('text/plain');
  // The Firecrawl CLI and AI-SDK tools stop sessions with `DELETE` + `Content-Type: application/json` and no body;
  // only a POST needs a body, so an empty one elsewhere is no body rather than a 400.
  // Our own parser rather than Fastify's, whose one message ("Body is not valid JSON") hides why (parseJsonBody).
  // Fastify still reads the body and enforces the body limit (413) before the parser runs.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (request.method !== 'POST' && text.trim() === '') return done(null, undefined);
    try {
      done(null, parseJsonBody(text));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
}

/**
 * How every request is answered: the spec's error shape for unknown routes and errors, one log line per request,
 * and `connection: close` while shutting down.
 */
export function installReplyHandlers(app: FastifyInstance, draining: Draining): void {
  // Clients print `error`: naming the method and path tells a user which call the server does not know.
  app.setNotFoundHandler(async (request, reply) =>
    reply.code(404).send({
      success: false,
      error: `Not Found: no route ${request.method} ${pathOf(request.url)}`,
      code: 'ROUTE_NOT_FOUND',
    }),
  );
  app.setErrorHandler(async (err, request, reply) => {
    const result = toErrorReply(err);
    if (request.scrapeLog) request.scrapeLog.code = result.body.code;
    if (result.unexpected) request.log.error({ err }, 'unexpected error');
    if (result.headers) reply.headers(result.headers);
    return reply.code(result.status).send(result.body);
  });
  // One line per request, written when the response is done (never the body; the scrape line adds host and engine).
  app.addHook('onResponse', (request, reply, done) => {
    const base = { method: request.method, status: reply.statusCode, durationMs: Math.round(reply.elapsedTime) };
    if (request.routeOptions.url === '/v2/scrape') {
      request.log.info({ ...base, ...(request.scrapeLog ?? {}) }, 'scrape');
    } else if (request.routeOptions.url === '/health') {
      request.log.debug({ ...base, path: '/health' }, 'request');
    } else {
      request.log.info({ ...base, path: request.routeOptions.url ?? pathOf(request.url) }, 'request');
    }
    done();
  });
  // While shutting down, a finished response also ends its keep-alive connection, so an idle client cannot hold
  // the process open for the whole keep-alive timeout.
  app.addHook('preClose', async () => {
    draining.closing = true;
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (draining.closing) reply.header('connection', 'close');
    done(null, payload);
  });
}
