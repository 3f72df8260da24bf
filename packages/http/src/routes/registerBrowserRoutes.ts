import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errors } from '@scrape/scraper';
import { browserOpenApiRoutes, type InteractSessions } from '@scrape/scraper/internal';
import type { Account } from '../accounts/account.js';
import type { Accounts } from '../accounts/openAccounts.js';
import type { InteractBilling } from './createInteractBilling.js';
import { limitCalls } from './limitCalls.js';

type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

function mayUseBrowser(account: Account | null): void {
  const endpoints = account?.endpoints ?? ['*'];
  if (!endpoints.some((e) => e === '*' || e === 'interact' || e === 'browser'))
    throw errors.forbidden({ reason: 'this key may not use browser sessions' });
}

/**
 * Standalone browser sessions (what the Firecrawl SDK's `browser`, `browserExecute`, `listBrowsers` and
 * `deleteBrowser` call): interact sessions with no scrape before them, billed, limited and owned like those.
 * `DELETE /v2/interact/{sessionId}` (registerInteractRoutes) ends them too.
 */
export function registerBrowserRoutes(
  app: FastifyInstance,
  sessions: InteractSessions,
  requireKey: Guard,
  billing?: InteractBilling,
  accounts?: Accounts,
): void {
  // Every call counts against the account's rate limit; creating and executing hold a concurrency slot meanwhile.
  const limited = limitCalls(accounts);
  for (const route of browserOpenApiRoutes()) app.openapi.add(route);
  app.post('/v2/browser', { onRequest: requireKey }, async (request) => {
    mayUseBrowser(request.account);
    await billing?.admit(request.account);
    return limited(request, () => sessions.createBrowser(request.body, request.team));
  });
  app.post<{ Params: { id: string } }>('/v2/browser/:id/execute', { onRequest: requireKey }, async (request) => {
    mayUseBrowser(request.account);
    await billing?.admit(request.account);
    return limited(request, () => sessions.execute(request.params.id, request.body, request.team));
  });
  app.get<{ Querystring: { status?: string } }>('/v2/browser', { onRequest: requireKey }, async (request) => {
    const status = request.query.status;
    if (status !== undefined && status !== 'active' && status !== 'destroyed') {
      throw errors.badRequest('status must be "active" or "destroyed"', [
        { path: 'status', message: `got "${status}"` },
      ]);
    }
    return limited(
      request,
      async () => ({ success: true, sessions: sessions.listBrowsers(request.team, status) }),
      false,
    );
  });
  app.delete<{ Params: { id: string } }>('/v2/browser/:id', { onRequest: requireKey }, async (request) => {
    const stopped = await limited(request, () => sessions.stopBrowser(request.params.id, request.team), false);
    return { ...stopped, status: 'destroyed' };
  });
}
