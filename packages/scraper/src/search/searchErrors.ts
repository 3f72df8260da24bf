import { ScrapeError } from '../errors.js';

/** Search failures, each with a `code`; the provider's trouble is a 502/504, never a 500. */
export const searchErrors = {
  noProvider: () =>
    new ScrapeError({
      status: 400,
      error:
        'Search has no provider: set SCRAPE_SEARXNG_URL to a SearXNG instance (with the json format enabled), or ' +
        'scrape ' +
        "some pages first to search this service's own index of them",
      code: 'SEARCH_NO_PROVIDER',
    }),
  providerUnavailable: (reason: string) =>
    new ScrapeError({
      status: 502,
      error: `The search provider could not be reached: ${reason}`,
      code: 'SEARCH_PROVIDER_UNAVAILABLE',
      details: { reason },
    }),
  providerError: (status: number, reason: string) =>
    new ScrapeError({
      status: 502,
      error: `The search provider answered ${status}: ${reason}`,
      code: 'SEARCH_PROVIDER_ERROR',
      details: { providerStatus: status, reason },
    }),
  providerTimeout: (timeoutMs: number) =>
    new ScrapeError({
      status: 504,
      error: `The search provider did not answer within ${timeoutMs} ms`,
      code: 'SEARCH_PROVIDER_TIMEOUT',
      details: { timeoutMs },
    }),
  noSource: (asked: string[]) =>
    new ScrapeError({
      status: 400,
      error: `None of the requested sources (${asked.join(', ')}) can be searched here; use web, news or images`,
      code: 'SEARCH_UNSUPPORTED_SOURCE',
      details: { sources: asked },
    }),
};
