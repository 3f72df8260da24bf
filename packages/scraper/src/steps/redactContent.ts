import { redactPII, type PiiEntity, type RedactPIIOptions } from '@scrape/core';
import { redactJsonStrings } from '@scrape/core/internal';
import type { ScrapeRequest } from '../contract/scrapeRequest.js';
import { errors, isScrapeError, ScrapeError } from '../errors.js';
import { cpuContext } from '../cpu/cpuContext.js';
import type { FormatFields, Content } from './types.js';
import type { ScrapePlan } from './plan.js';

/**
 * Formats whose bytes are markup, images or media: a text redactor cannot make them safe (an attribute, a pixel or a
 * sound may hold the data), so with redactPII they are refused rather than returned unredacted.
 */
export const PII_UNSAFE_FORMATS = ['html', 'rawHtml', 'rawBase64', 'screenshot', 'audio', 'video'] as const;
/** Actions whose outputs are page HTML, images or PDFs: refused with redactPII for the same reason. */
export const PII_UNSAFE_ACTIONS = ['screenshot', 'scrape', 'pdf'] as const;
/** The spec's spelling of an entity name, accepted besides the core's own. */
const ENTITY_ALIASES: Record<string, PiiEntity> = { 'URL-with-credentials': 'URL_CREDENTIALS' };

export type PiiCounts = Partial<Record<PiiEntity, number>>;

/** The request's redactPII as the core takes it (aliases mapped); undefined when redaction is off. */
export function redactOptionsOf(request: Pick<ScrapeRequest, 'redactPII'>): true | RedactPIIOptions | undefined {
  const option = request.redactPII;
  if (option === false || option === undefined) return undefined;
  if (option === true) return true;
  const { entities, ...rest } = option;
  if (entities === undefined) return rest;
  return {
    ...rest,
    entities: [
      ...new Set(entities.map((e) => (Object.hasOwn(ENTITY_ALIASES, e) ? ENTITY_ALIASES[e] : (e as PiiEntity)))),
    ],
  };
}

/** Refuses, before any fetch, the outputs that cannot be returned redacted. */
export function checkRedaction(plan: ScrapePlan): void {
  if (redactOptionsOf(plan.request) === undefined) return;
  const formats = PII_UNSAFE_FORMATS.filter((f) => plan.formats.has(f));
  const actions = [
    ...new Set(
      (plan.request.actions ?? [])
        .map((a) => a.type)
        .filter((t) => (PII_UNSAFE_ACTIONS as readonly string[]).includes(t)),
    ),
  ];
  if (formats.length === 0 && actions.length === 0) return;
  const named = [...formats.map((f) => `format ${f}`), ...actions.map((a) => `action ${a}`)].join(', ');
  throw errors.badRequest(
    `redactPII cannot be combined with the html, rawHtml, rawBase64, screenshot, audio or video formats, nor with ` +
      `screenshot, scrape or pdf actions (their markup, images and media cannot be redacted): remove ${named}, or ` +
      `drop redactPII`,
    { formats, actions },
    'BAD_REQUEST_PII_UNSUPPORTED_FORMAT',
  );
}

/** Any redaction failure: the scrape fails, and no text, redacted or not, is returned. */
export function redactionFailed(cause: unknown): ScrapeError {
  const reason = cause instanceof Error ? cause.message : String(cause);
  return new ScrapeError({
    status: 500,
    error: 'PII redaction failed; no content is returned unredacted',
    code: 'SCRAPE_PII_REDACTION_FAILED',
    details: { reason },
  });
}

/** redactPII, failing closed with SCRAPE_PII_REDACTION_FAILED. */
export async function redactTextOrFail(
  text: string,
  options: true | RedactPIIOptions,
  counts?: PiiCounts,
): Promise<string> {
  try {
    // On a transform thread when the scrape has one (pattern matching on page text is where the CPU goes).
    const cpu = cpuContext();
    const result = cpu
      ? await cpu.pool.run<Awaited<ReturnType<typeof redactPII>>>('redactPII', [text, options], { signal: cpu.signal })
      : await redactPII(text, options);
    if (counts) addCounts(counts, result.counts);
    return result.text;
  } catch (error) {
    throw isScrapeError(error) ? error : redactionFailed(error);
  }
}

/** redactJsonStrings (every string inside), failing closed with SCRAPE_PII_REDACTION_FAILED. */
export async function redactJsonOrFail<T>(value: T, options: true | RedactPIIOptions, counts?: PiiCounts): Promise<T> {
  try {
    const cpu = cpuContext();
    const result = cpu
      ? await cpu.pool.run<Awaited<ReturnType<typeof redactJsonStrings<T>>>>('redactJsonStrings', [value, options], {
          signal: cpu.signal,
        })
      : await redactJsonStrings(value, options);
    if (counts) addCounts(counts, result.counts);
    return result.value;
  } catch (error) {
    throw isScrapeError(error) ? error : redactionFailed(error);
  }
}

/**
 * Step 7, redaction. Every returned text that comes from the page is redacted: markdown, PDF `pages`/`blocks`
 * content (their `markdownSpan` becomes null: offsets into the unredacted markdown no longer hold), `links` (only
 * URLs carrying PII change), `actions.javascriptReturns`, and the page's metadata (title, description, og:* ...).
 * Returns new fields and a content whose metadata is redacted and carries `piiRedactions` (counts per type, no values).
 * The stored Source and the remembered Content are not touched.
 */
export async function redactContent(
  plan: ScrapePlan,
  content: Content,
  fields: FormatFields,
): Promise<{ fields: FormatFields; content: Content }> {
  const options = redactOptionsOf(plan.request);
  if (options === undefined) return { fields, content };
  const counts: PiiCounts = {};
  const out: FormatFields = { ...fields };
  if (fields.markdown !== undefined) out.markdown = await redactTextOrFail(fields.markdown, options, counts);
  if (fields.pages) {
    out.pages = await Promise.all(
      fields.pages.map(async (p) => ({ ...p, markdown: await redactTextOrFail(p.markdown, options, counts) })),
    );
  }
  if (fields.blocks) {
    out.blocks = await Promise.all(
      fields.blocks.map(async (page) => ({
        ...page,
        items: await Promise.all(
          page.items.map(async (b) => ({
            ...b,
            content: await redactTextOrFail(b.content, options, counts),
            markdownSpan: null,
          })),
        ),
      })),
    );
  }
  if (fields.links) out.links = await redactJsonOrFail(fields.links, options, counts);
  if (fields.actions?.javascriptReturns && fields.actions.javascriptReturns.length > 0) {
    out.actions = {
      ...fields.actions,
      javascriptReturns: await redactJsonOrFail(fields.actions.javascriptReturns, options, counts),
    };
  }
  const metadata = await redactJsonOrFail(content.metadata, options, counts);
  return {
    fields: out,
    content: { ...content, metadata: { ...metadata, piiRedactions: counts } as Content['metadata'] },
  };
}

/**
 * Step 7b, redaction. The change-tracking diff quotes the previous scrape, which may have been made without redactPII
 * (its stored markdown is raw), and json mode carries model output: both are redacted. Not counted in
 * `piiRedactions`: the diff repeats lines of the markdown already counted.
 */
export async function redactChangeTracking(plan: ScrapePlan, fields: FormatFields): Promise<FormatFields> {
  const options = redactOptionsOf(plan.request);
  const tracking = fields.changeTracking;
  if (options === undefined || !tracking) return fields;
  const out = { ...tracking };
  if (typeof tracking.diff === 'string') out.diff = await redactTextOrFail(tracking.diff, options);
  if (tracking.json) out.json = await redactJsonOrFail(tracking.json, options);
  return { ...fields, changeTracking: out };
}

/** The per-scrape counts redactContent put in the content's metadata, so later steps (LLM outputs) add theirs. */
export function piiCountsOf(content: Content): PiiCounts | undefined {
  const counts = (content.metadata as { piiRedactions?: unknown }).piiRedactions;
  return counts !== null && typeof counts === 'object' ? (counts as PiiCounts) : undefined;
}

function addCounts(into: PiiCounts, more: PiiCounts): void {
  for (const [type, n] of Object.entries(more)) into[type as PiiEntity] = (into[type as PiiEntity] ?? 0) + (n ?? 0);
}
