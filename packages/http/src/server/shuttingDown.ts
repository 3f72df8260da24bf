import { ScrapeError } from '@scrape/scraper';

/** Another instance (behind the same balancer) can serve the retry at once, hence a one-second Retry-After. */
export const shuttingDown = () =>
  new ScrapeError({
    status: 503,
    error: 'Service Unavailable',
    details: { reason: 'The server is shutting down; retry.' },
    headers: { 'Retry-After': '1' },
  });
