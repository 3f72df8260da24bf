import type { ScrapeRequest } from '../contract/scrapeRequest.js';
import type { LazyStores } from '../createLazyStores.js';
import { DEFAULT_TEAM } from '../steps/changeTracking.js';
import type { ScrapeDocument, ScraperLogger } from '../types.js';

/** A document larger than this (a huge page in several formats) is answered but not kept for GET /v2/scrape/{id}. */
const RESULT_MAX_CHARS = 16 * 1024 * 1024;

/**
 * Keeps the document for GET /v2/scrape/{id}, unless the request keeps nothing; a store failure costs the scrape
 * nothing.
 */
export async function keepResult(
  stores: LazyStores | null,
  request: ScrapeRequest,
  document: ScrapeDocument,
  team: string | undefined,
  logger: ScraperLogger | undefined,
): Promise<void> {
  const scrapeId = document.metadata.scrapeId;
  if (!stores || typeof scrapeId !== 'string' || request.zeroDataRetention || request.lockdown || !request.storeInCache)
    return;
  const json = JSON.stringify(document);
  if (json.length > RESULT_MAX_CHARS) return;
  await stores
    .use((s) => s.results.putResult({ team: team ?? DEFAULT_TEAM, scrapeId, json }))
    .catch((error: unknown) => {
      logger?.warn({ err: error }, 'could not keep the scrape result for GET /v2/scrape/{id}');
    });
}
