import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errors, type Scraper } from '@scrape/scraper';
import { allows, FEATURE_ZERO_DATA_RETENTION } from '../accounts/account.js';
import type { Accounts } from '../accounts/openAccounts.js';
import { documentRoutes, EXTRACT_ROUTES } from './documentRoutes.js';

type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

export const ENDPOINT_EXTRACT = 'extract';

/**
 * POST /v2/extract and GET /v2/extract/{id}: an asynchronous job on the same job store as crawl (embedded LMDB or
 * BullMQ on Redis), run by any process's job worker; pages are billed as they are scraped (like crawl pages).
 */
export function registerExtractRoutes(
  app: FastifyInstance,
  options: { scraper: Scraper; accounts?: Accounts; requireKey: Guard },
): void {
  // An embedder's own Scraper without a job runtime: no extract routes (404 as before).
  const runtime = (options.scraper as Partial<Scraper>).jobs;
  if (!runtime) return;
  documentRoutes(app, EXTRACT_ROUTES);

  app.post('/v2/extract', { onRequest: options.requireKey }, async (request) => {
    const account = request.account;
    let billed = false;
    if (account) {
      if (!allows(account.endpoints, ENDPOINT_EXTRACT))
        throw errors.forbidden({ reason: 'This key has no permission for the extract endpoint.' });
      const zdr =
        (request.body as { scrapeOptions?: { zeroDataRetention?: unknown } } | null)?.scrapeOptions
          ?.zeroDataRetention === true;
      if (zdr && !allows(account.features, FEATURE_ZERO_DATA_RETENTION))
        throw errors.forbidden({ reason: 'Zero data retention is not enabled for this account.' });
      if (options.accounts && !account.unlimitedCredits) {
        if ((await options.accounts.store.balance(account.id)) <= 0) throw errors.paymentRequired();
        billed = true;
      }
    }
    const started = await runtime.startExtract(request.body, { team: request.team ?? '', state: { billed } });
    return { success: true, id: started.id, ...(started.warning ? { warning: started.warning } : {}) };
  });

  app.get<{ Params: { id: string } }>('/v2/extract/:id', { onRequest: options.requireKey }, async (request) =>
    runtime.readExtract(request.params.id, request.team ?? ''),
  );
}
