import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { InteractSessions } from '@scrape/scraper';

type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/**
 * Interact routes (what the Firecrawl SDK's `interact` and `stopInteraction` call, and the spec's session delete).
 * Sessions live in this process: a call for a session another instance holds answers 404 (see docs/api.md).
 */
export function registerInteractRoutes(app: FastifyInstance, sessions: InteractSessions, requireKey: Guard): void {
  app.post<{ Params: { scrapeId: string } }>('/v2/scrape/:scrapeId/interact', { onRequest: requireKey }, async (request) =>
    sessions.interact(request.params.scrapeId, request.body, request.team),
  );
  app.delete<{ Params: { scrapeId: string } }>('/v2/scrape/:scrapeId/interact', { onRequest: requireKey }, async (request) =>
    sessions.stopScrapeSession(request.params.scrapeId, request.team),
  );
  app.delete<{ Params: { sessionId: string } }>('/v2/interact/:sessionId', { onRequest: requireKey }, async (request) =>
    sessions.stopSession(request.params.sessionId, request.team),
  );
}
