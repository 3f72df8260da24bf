import type { ScrapeRequest } from '../contract/scrapeRequest.js';
import type { LazyStores } from '../createLazyStores.js';
import { DEFAULT_TEAM } from '../steps/changeTracking.js';
import type { ScrapeDocument, ScraperLogger } from '../types.js';

/** A document larger than this (a huge page in several formats) is answered but not kept for GET /v2/scrape/{id}. */
const RESULT_MAX_CHARS = 16 * 1024 * 1024;

/**
 * The JSON text made of each kept document, so the HTTP answer reuses it instead of serialising the document a
 * second time (~45 KB a scrape on the held-out articles). Weak: it lives as long as its document.
 */
const keptJson = new WeakMap<ScrapeDocument, string>();

/**
 * `JSON.stringify(document)` as it was when the scrape kept it, or undefined when the scrape kept nothing. Valid only
 * while the caller has not changed the document since `scrape()` returned it.
 */
export function keptJsonOf(document: ScrapeDocument): string | undefined {
  return keptJson.get(document);
}

/**
 * Keeps the document for GET /v2/scrape/{id}, unless the request keeps nothing; a store failure costs the scrape
 * nothing. `after` (the scrape's answer): a write-behind store encodes and stores the record after it.
 */
export async function keepResult(
  stores: LazyStores | null,
  request: ScrapeRequest,
  document: ScrapeDocument,
  context: { team: string | undefined; logger: ScraperLogger | undefined; after?: PromiseLike<unknown> },
): Promise<void> {
  const scrapeId = document.metadata.scrapeId;
  if (!stores || typeof scrapeId !== 'string' || request.zeroDataRetention || request.lockdown || !request.storeInCache)
    return;
  const json = JSON.stringify(document);
  keptJson.set(document, json);
  if (json.length > RESULT_MAX_CHARS) return;
  await stores
    .use((s) => s.results.putResult({ team: context.team ?? DEFAULT_TEAM, scrapeId, json, after: context.after }))
    .catch((error: unknown) => {
      context.logger?.warn({ err: error }, 'could not keep the scrape result for GET /v2/scrape/{id}');
    });
}
