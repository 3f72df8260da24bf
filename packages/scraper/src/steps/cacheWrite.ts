import type { PipelineDeps } from '../pipelineDeps.js';
import type { Source } from '../source.js';
import { cacheKeyOf, type ScrapePlan } from './plan.js';

/**
 * Which fetched Sources are worth keeping: 2xx, and 404/410 (a definite "gone"). Transient answers (401/403, 408,
 * 429, 5xx) are not, or a momentary failure would be served for days.
 */
function isStorable(source: Source): boolean {
  return (source.status >= 200 && source.status < 300) || source.status === 404 || source.status === 410;
}

/** Step 4. Stores the raw Source (never the Document) when the plan allows it. */
export async function writeCache(plan: ScrapePlan, source: Source, deps: PipelineDeps): Promise<void> {
  const cache = deps.cache;
  if (!cache || !plan.cache.write || !isStorable(source)) return;
  await cache.write(cacheKeyOf(plan, cache), source);
}
