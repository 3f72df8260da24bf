import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errors, type Scraper } from '@scrape/scraper';
import { responseSchemas } from '@scrape/scraper/internal';

type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/** A scrape id is a UUID; anything much longer is not worth a store lookup. */
const SCRAPE_ID_MAX_CHARS = 128;

/**
 * GET /v2/scrape/{scrapeId}: the document of a recent scrape (24 h) by its `metadata.scrapeId`, for the key's own
 * team. Zero-data-retention, lockdown and `storeInCache: false` scrapes are never kept, so they answer 404.
 */
export function registerGetScrapeRoute(app: FastifyInstance, scraper: Scraper, requireKey: Guard): void {
  app.get<{ Params: { scrapeId: string } }>('/v2/scrape/:scrapeId', { onRequest: requireKey }, async (request) => {
    const { scrapeId } = request.params;
    const data =
      scrapeId.length <= SCRAPE_ID_MAX_CHARS ? await scraper.getScrape?.(scrapeId, { team: request.team }) : null;
    if (!data)
      throw errors.notFound(
        'Scrape not found: no recent result with this id for this key (results are kept 24 hours)',
        'SCRAPE_NOT_FOUND',
      );
    return { success: true, data };
  });
  app.openapi.add({
    method: 'get',
    path: '/v2/scrape/:scrapeId',
    operationId: 'getScrape',
    summary: 'The document of a recent scrape (kept 24 hours; never under zero data retention) by its scrapeId.',
    pathParams: { scrapeId: '`metadata.scrapeId` of the scrape.' },
    responses: {
      '200': {
        description: 'The stored document.',
        body: { name: 'ScrapeResponse', schema: responseSchemas.scrapeResponseSchema },
      },
    },
    errors: { '404': "Unknown, expired, another key's, or never kept: code `SCRAPE_NOT_FOUND`." },
  });
}
