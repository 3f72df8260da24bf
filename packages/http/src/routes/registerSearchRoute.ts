import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Scraper } from '@scrape/scraper';
import { expectedSearchCredits } from '@scrape/scraper/internal';
import type { Accounts, Admission } from '../accounts/openAccounts.js';
import { abortWhenClientLeaves } from './clientLeft.js';
import { documentRoutes, SEARCH_ROUTE } from './documentRoutes.js';

type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

export const ENDPOINT_SEARCH = 'search';

/**
 * POST /v2/search. Credits: one per 10 results returned, plus each scraped result's own credits (held up front at
 * the most the request can cost, the rest given back).
 */
export function registerSearchRoute(
  app: FastifyInstance,
  options: { scraper: Scraper; accounts?: Accounts; requireKey: Guard },
): void {
  // An embedder's own Scraper made before search existed: no search route (404 as before).
  if (typeof (options.scraper as Partial<Scraper>).search !== 'function') return;
  documentRoutes(app, [SEARCH_ROUTE]);
  app.post('/v2/search', { onRequest: options.requireKey }, async (request, reply) => {
    const client = abortWhenClientLeaves(reply);
    let admission: Admission | undefined;
    try {
      if (options.accounts && request.account) {
        admission = await options.accounts.admit(request.account, request.body, client.signal, {
          endpoint: ENDPOINT_SEARCH,
          credits: expectedSearchCredits(request.body),
        });
      }
      const result = await options.scraper.search(request.body, { signal: client.signal, team: request.team });
      await admission?.succeedWith(result.creditsUsed);
      return {
        success: true,
        data: result.data,
        ...(result.warning ? { warning: result.warning } : {}),
        creditsUsed: result.creditsUsed,
      };
    } catch (error) {
      await admission?.fail(error);
      throw error;
    } finally {
      client.release();
    }
  });
}
