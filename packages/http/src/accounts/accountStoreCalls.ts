import { ScrapeError } from '@scrape/scraper';

// Store failures (Redis down, disk full) are the service's: 503 with a reason, never a 500.

/** `work`, its store failure answered as a 503 (a ScrapeError of ours passes through). */
export async function storeCall<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isScrapeErrorLike(error)) throw error;
    throw storeUnavailable(error as Error);
  }
}

/** A ScrapeError, also one from another copy of the module (its name tells). */
export function isScrapeErrorLike(error: unknown): boolean {
  return error instanceof ScrapeError || (error as { name?: unknown } | null)?.name === 'ScrapeError';
}

export function storeUnavailable(error: Error): ScrapeError {
  return new ScrapeError({
    status: 503,
    error: 'Service Unavailable',
    details: { reason: 'The account store is unreachable; retry shortly.' },
    headers: { 'Retry-After': '1' },
    message: error.message,
  });
}
