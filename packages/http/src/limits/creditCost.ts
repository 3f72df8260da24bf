/** Spec §2.1: every scrape bills at least one credit. */
export const CREDITS_PER_SCRAPE = 1;
/** Spec §2.1: a lockdown hit bills 5 (held up front, since a hit cannot be known before the scrape). */
export const CREDITS_PER_LOCKDOWN = 5;
/** Spec §2.1: a lockdown miss is a 404 that still bills 1. */
export const CREDITS_PER_LOCKDOWN_MISS = 1;

interface BillableBody {
  lockdown?: unknown;
}

/** What to hold before the scrape: the most a normal outcome of this request costs (PDF pages are settled after). */
export function expectedCredits(body: unknown): number {
  return (body as BillableBody | null)?.lockdown === true ? CREDITS_PER_LOCKDOWN : CREDITS_PER_SCRAPE;
}

/** What a finished scrape costs: the document's `metadata.creditsUsed` (the pipeline applies the billing rules). */
export function creditsForDocument(doc: { metadata?: Record<string, unknown> }, expected: number): number {
  const used = doc.metadata?.creditsUsed;
  return typeof used === 'number' && Number.isFinite(used) && used >= 0 ? Math.ceil(used) : expected;
}

/**
 * A failure that held its slot this long is billed like a scrape: it used a browser or parser slot other tenants were
 * waiting for, so free failures (a page made to time out) would let one account starve the others at no cost.
 */
export const FAILURE_BILLED_AFTER_MS = 10_000;

/** What a failed scrape costs: nothing, except the lockdown miss the spec bills and a failure that ran long. */
export function creditsForFailure(error: unknown, heldSlotMs = 0): number {
  if ((error as { code?: unknown } | null)?.code === 'SCRAPE_LOCKDOWN_CACHE_MISS') return CREDITS_PER_LOCKDOWN_MISS;
  return heldSlotMs >= FAILURE_BILLED_AFTER_MS ? CREDITS_PER_SCRAPE : 0;
}
