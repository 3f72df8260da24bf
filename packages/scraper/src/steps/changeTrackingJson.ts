import type { ChangeHistory } from '@scrape/cache';
import type { FormatObject } from '../contract/formats.js';
import { compileSchema } from '../llm/compileSchema.js';
import type { LlmClient } from '../llm/createLlmClient.js';
import { extractJson } from '../llm/extractJson.js';
import type { TaskResult } from '../llm/fitPage.js';
import { ScrapeError } from '../errors.js';
import { tolerate } from './llmFormats.js';
import { defineOwn } from '../defineOwn.js';

type ChangeTrackingFormat = Extract<FormatObject, { type: 'changeTracking' }>;
/** Statuses whose stored markdown is an error page, not a version of the content to compare with. */
const GONE_OR_ERROR = 400;

export interface JsonComparison {
  /** Per top-level key whose value changed: `{previous, current}` (previous null when there was no earlier scrape). */
  json: Record<string, { previous: unknown; current: unknown }> | null;
  warnings: string[];
}

/**
 * changeTracking `json` mode (spec §2.9): the format's schema/prompt is applied to this scrape's markdown and to the
 * previous scrape's (from the change history, the newest entry older than this scrape), and the keys whose values
 * differ are returned with both values. Model problems give `json: null` and a warning.
 */
export async function compareJsonWithHistory(
  input: {
    format: ChangeTrackingFormat;
    markdown: string;
    history: Partial<Pick<ChangeHistory, 'entries'>>;
    team: string;
    url: string;
    fetchedAt: number;
    client: LlmClient;
  },
  signal: AbortSignal,
): Promise<JsonComparison> {
  const { format, client } = input;
  const entries = input.history.entries ? await input.history.entries(input.team, input.url, format.tag ?? null) : [];
  const previous = entries.find((e) => e.scrapedAt < input.fetchedAt && e.statusCode < GONE_OR_ERROR);
  const options = {
    schema: format.schema,
    validate: format.schema ? compileSchema(format.schema, 'formats.changeTracking.schema') : undefined,
    prompt: format.prompt,
  };
  const extract = (what: string, markdown: string) =>
    tolerate(what, () => asWarning(what, extractJson(client, markdown, options, signal)));
  const [current, before] = await Promise.all([
    extract('changeTracking json', input.markdown),
    previous ? extract('changeTracking json (previous scrape)', previous.markdown) : undefined,
  ]);
  const warnings = [...current.warnings, ...(before?.warnings ?? [])];
  if (current.value === null || (before && before.value === null)) return { json: null, warnings };
  return { json: diffTopLevel(before?.value ?? null, current.value), warnings };
}

/** A reply that never matched the schema is a 422 for the json format; here it only costs the comparison. */
async function asWarning<T>(what: string, work: Promise<TaskResult<T>>): Promise<TaskResult<T>> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof ScrapeError && error.status === 422)
      return { value: null, warnings: [`${what}: ${error.error}.`] };
    throw error;
  }
}

function diffTopLevel(previous: unknown, current: unknown): Record<string, { previous: unknown; current: unknown }> {
  const isRecord = (v: unknown): v is Record<string, unknown> =>
    typeof v === 'object' && v !== null && !Array.isArray(v);
  if (!isRecord(current) || (previous !== null && !isRecord(previous))) {
    return JSON.stringify(previous) === JSON.stringify(current) ? {} : { value: { previous, current } };
  }
  const out: Record<string, { previous: unknown; current: unknown }> = {};
  const before = (previous ?? {}) as Record<string, unknown>;
  for (const key of new Set([...Object.keys(before), ...Object.keys(current)])) {
    // Own keys only, defined not assigned: extracted fields named "constructor" or "__proto__" are plain fields.
    const a = Object.hasOwn(before, key) ? before[key] : null;
    const b = Object.hasOwn(current, key) ? current[key] : null;
    if (JSON.stringify(a) !== JSON.stringify(b)) defineOwn(out, key, { previous: a, current: b });
  }
  return out;
}
