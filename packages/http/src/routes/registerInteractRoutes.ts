import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errors, type InteractSessions } from '@scrape/scraper';
import type { InteractBilling } from './createInteractBilling.js';
import type { Accounts } from '../accounts/openAccounts.js';

type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/**
 * Interact routes (what the Firecrawl SDK's `interact` and `stopInteraction` call, and the spec's session delete).
 * Sessions live in this process: a call for a session another instance holds answers 404 (see docs/api.md).
 */
export function registerInteractRoutes(
  app: FastifyInstance,
  sessions: InteractSessions,
  requireKey: Guard,
  billing?: InteractBilling,
  accounts?: Accounts,
): void {
  /**
   * The account's rate limit counts every interact call, and a running call holds one of its concurrency slots like
   * a scrape does (it drives a browser page for up to its timeout). Stopping a session takes no slot: it frees one.
   */
  const limited = async <T>(request: FastifyRequest, work: () => Promise<T>, concurrency = true): Promise<T> => {
    if (!accounts || !request.account) return work();
    const admission = await accounts.admitCall(request.account, { concurrency });
    try {
      return await work();
    } finally {
      await admission.release();
    }
  };
  app.post<{ Params: { scrapeId: string } }>(
    '/v2/scrape/:scrapeId/interact',
    { onRequest: requireKey },
    async (request) => {
      const endpoints = request.account?.endpoints ?? ['*'];
      if (!endpoints.some((e) => e === '*' || e === 'interact' || e === 'scrape'))
        throw errors.forbidden({ reason: 'this key may not use interact' });
      await billing?.admit(request.account);
      return limited(request, () => sessions.interact(request.params.scrapeId, request.body, request.team));
    },
  );
  app.delete<{ Params: { scrapeId: string } }>(
    '/v2/scrape/:scrapeId/interact',
    { onRequest: requireKey },
    async (request) => limited(request, () => sessions.stopScrapeSession(request.params.scrapeId, request.team), false),
  );
  app.delete<{ Params: { sessionId: string } }>('/v2/interact/:sessionId', { onRequest: requireKey }, async (request) =>
    limited(request, () => sessions.stopSession(request.params.sessionId, request.team), false),
  );
}
