import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errors } from '@scrape/scraper';
import { interactRequestSchema, responseSchemas, type InteractSessions } from '@scrape/scraper/internal';
import type { InteractBilling } from './createInteractBilling.js';
import type { Accounts } from '../accounts/openAccounts.js';
import { limitCalls } from './limitCalls.js';

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
  const limited = limitCalls(accounts);
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
  documentInteractRoutes(app);
}

const SESSION_ERRORS = {
  '402': 'The session ended because its next billing minute could not be paid.',
  '404': 'No such scrape or session for this key.',
  '409': 'The session lives on another server process, code `INTERACT_SESSION_ELSEWHERE`.',
};

function documentInteractRoutes(app: FastifyInstance): void {
  const stopped = {
    description: 'The session was stopped and billed.',
    body: { name: 'StopInteractResponse', schema: responseSchemas.stopInteractResponseSchema },
  };
  app.openapi.add({
    method: 'post',
    path: '/v2/scrape/:scrapeId/interact',
    operationId: 'interact',
    summary: 'Run Playwright code against the page of a recent scrape (starts or continues its session).',
    pathParams: { scrapeId: '`metadata.scrapeId` of the scrape.' },
    requestBody: { name: 'InteractRequest', schema: interactRequestSchema },
    responses: {
      '200': {
        description: 'What the code returned and printed.',
        body: { name: 'InteractResponse', schema: responseSchemas.interactResponseSchema },
      },
    },
    errors: {
      '400': 'Invalid body or unsupported `language`.',
      ...SESSION_ERRORS,
      '402':
        'Payment required: the first billing minute of a new session cannot be reserved, or the session ended ' +
        'because its next one could not be.',
      '403': 'This key may not use interact.',
      '501': 'A `prompt` needs a browser agent this build does not have.',
    },
  });
  app.openapi.add({
    method: 'delete',
    path: '/v2/scrape/:scrapeId/interact',
    operationId: 'stopInteraction',
    summary: 'Stop the interact session of a scrape.',
    pathParams: { scrapeId: '`metadata.scrapeId` of the scrape.' },
    responses: { '200': stopped },
    errors: SESSION_ERRORS,
  });
  app.openapi.add({
    method: 'delete',
    path: '/v2/interact/:sessionId',
    operationId: 'deleteInteractSession',
    summary: 'Destroy an interact session by its id.',
    pathParams: { sessionId: '`sessionId` from an interact response.' },
    responses: { '200': stopped },
    errors: SESSION_ERRORS,
  });
}
