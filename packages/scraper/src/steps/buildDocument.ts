import { STATUS_CODES } from 'node:http';
import type { ScrapeDocument } from '../types.js';
import type { Source } from '../source.js';
import type { SourceCacheHit } from '../sourceCache.js';
import type { FormatFields, Content } from './types.js';
import type { ScrapePlan } from './plan.js';
import { cloudOnlyWarnings } from './cloudOnlyOptions.js';

/** Credits a scrape on the HTTP engine costs (spec §2.1 billing). */
const CREDITS_PER_SCRAPE = 1;
/** Spec §2.1/§8: a lockdown hit bills 5 credits (a miss is a 404 that bills 1). */
const CREDITS_PER_LOCKDOWN_HIT = 5;
/** `metadata.contentType` when the server sent none: the type the body was sniffed as. */
const SNIFFED_TYPE: Record<Content['kind'], string> = {
  html: 'text/html',
  json: 'application/json',
  text: 'text/plain',
  pdf: 'application/pdf',
  binary: 'application/octet-stream',
};

/** Step 8. The Document (spec §2.6): only the requested fields, metadata always. */
export function buildDocument(
  plan: ScrapePlan,
  source: Source,
  content: Content,
  fields: FormatFields,
  hit: SourceCacheHit | null,
): ScrapeDocument {
  const metadata: Record<string, unknown> = {
    // Page metadata first: the service's own keys below must win over any <meta name="url"> and the like.
    ...content.metadata,
    sourceURL: plan.sourceURL,
    url: source.finalUrl,
    statusCode: source.status,
    // A PDF served as application/octet-stream (or as nothing) is still reported as the PDF it is.
    contentType: content.kind === 'pdf' ? SNIFFED_TYPE.pdf : source.contentType || SNIFFED_TYPE[content.kind],
    scrapeId: plan.scrapeId,
    cacheState: hit ? 'hit' : 'miss',
    engine: source.engine,
    proxyUsed: source.proxyUsed ?? 'basic',
    // A parsed PDF costs 1 credit per parsed page (the content says so); everything else the flat per-scrape credit.
    creditsUsed: hit && plan.request.lockdown ? CREDITS_PER_LOCKDOWN_HIT : (content.creditsUsed ?? CREDITS_PER_SCRAPE),
  };
  if (hit) metadata.cachedAt = hit.cachedAt;
  // A page answered with an error status is still a document (clients rely on it); the status says what happened.
  if (source.status >= 400) metadata.error = `${source.status} ${STATUS_CODES[source.status] ?? 'Error'}`;
  // How the page was fetched can deserve a word (e.g. a client-rendered page the browser could not render).
  const warnings = [
    (fields as { warning?: unknown }).warning,
    source.warning,
    content.warning,
    ...cloudOnlyWarnings(plan.request),
  ].filter((w): w is string => typeof w === 'string' && w.length > 0);
  if (warnings.length > 0) return { ...fields, warning: warnings.join(' '), metadata };
  return { ...fields, metadata };
}
