import { errors } from '../errors.js';
import type { PipelineDeps } from '../pipelineDeps.js';
import type { Source } from '../source.js';
import type { ScrapePlan } from './plan.js';
import type { FormatFields, ChangeTrackingField } from './types.js';
import { compareJsonWithHistory } from './changeTrackingJson.js';

/** The team a scrape is filed under when the caller names none (in-process use without accounts). */
export const DEFAULT_TEAM = 'default';

/** Refuses, before any network traffic, what change tracking cannot do in this build or configuration. */
export function checkChangeTracking(plan: ScrapePlan, deps: PipelineDeps): void {
  const format = plan.formats.get('changeTracking');
  if (format?.type !== 'changeTracking') return;
  // The contract already answers 400 when markdown is missing; this guards direct pipeline use.
  if (!plan.formats.has('markdown'))
    throw errors.badRequest("The 'changeTracking' format requires the 'markdown' format");
  // json mode needs the model: checked (400 when none is configured) by checkLlmFormats.
  if (!deps.history) {
    throw errors.notImplemented(
      'formats.changeTracking',
      'it needs the change-history store, and this scraper runs without one (cache: false)',
    );
  }
}

/**
 * Step 7b. Compares this scrape's markdown with the team's previous scrape of the same URL (and tag), and records it
 * unless nothing about the request may be kept. The comparison is made at the Source's fetch time, so a cache hit
 * (whose Source is the stored copy) answers as the scrape that fetched that copy did (see @scrape/cache
 * compareWithHistory).
 */
export async function trackChanges(
  plan: ScrapePlan,
  source: Source,
  fields: FormatFields,
  deps: PipelineDeps,
  team: string | undefined,
  signal: AbortSignal = new AbortController().signal,
): Promise<FormatFields> {
  const format = plan.formats.get('changeTracking');
  if (format?.type !== 'changeTracking' || !deps.history) return fields;
  const gitDiff = format.modes.includes('git-diff');
  // json mode reads the previous entry before this scrape is recorded (it is also told apart by time).
  const jsonMode =
    format.modes.includes('json') && deps.llm?.client
      ? compareJsonWithHistory(
          {
            format,
            markdown: fields.markdown ?? '',
            history: deps.history,
            team: team ?? DEFAULT_TEAM,
            url: plan.sourceURL,
            fetchedAt: source.fetchedAt,
            client: deps.llm.client,
          },
          signal,
        )
      : undefined;
  // Awaited below; until then a rejection must not count as unhandled.
  jsonMode?.catch(() => undefined);
  const result = await deps.history.compareWithHistory({
    team: team ?? DEFAULT_TEAM,
    url: plan.sourceURL,
    tag: format.tag ?? null,
    markdown: fields.markdown ?? '',
    statusCode: source.status,
    now: source.fetchedAt,
    gitDiff,
    record: plan.cache.retain,
  });
  const changeTracking: ChangeTrackingField = {
    previousScrapeAt: result.previousScrapeAt,
    changeStatus: result.changeStatus,
    visibility: result.visibility,
  };
  if (gitDiff) changeTracking.diff = result.diff;
  if (jsonMode) {
    const { json, warnings } = await jsonMode;
    changeTracking.json = json;
    if (warnings.length > 0)
      return { ...fields, changeTracking, warning: [fields.warning, ...warnings].filter(Boolean).join(' ') };
  }
  return { ...fields, changeTracking };
}
