import type { FormatType } from '../contract/formats.js';
import { errors } from '../errors.js';
import type { Source } from '../source.js';
import type { Content, FormatFields } from './types.js';
import type { ScrapePlan } from './plan.js';
import { renderStructured } from './structuredFormats.js';
import { renderBranding } from './brandingFormat.js';
import { checkPageFormats, renderPageFormats } from './pageFormats.js';

/** Formats this build renders. */
// summary/json/question/highlights are checked (provider configured?) and made by the LLM step (llmFormats.ts).
// audio/video are made by the media step (mediaFormats.ts) after the artifacts step.
// images/attributes are read from the whole page (pageFormats.ts); `query` never gets here (parse rewrites it).
const SERVED: ReadonlySet<FormatType> = new Set([
  'markdown',
  'html',
  'rawHtml',
  'rawBase64',
  'links',
  'changeTracking',
  'screenshot',
  'product',
  'menu',
  'summary',
  'json',
  'question',
  'highlights',
  'branding',
  'audio',
  'video',
  'images',
  'attributes',
]);

/** Why each other format is not served yet (each arrives with a later issue). */
const MISSING: Record<
  Exclude<
    FormatType,
    | 'markdown'
    | 'html'
    | 'rawHtml'
    | 'rawBase64'
    | 'links'
    | 'changeTracking'
    | 'screenshot'
    | 'product'
    | 'menu'
    | 'summary'
    | 'json'
    | 'question'
    | 'highlights'
    | 'branding'
    | 'audio'
    | 'video'
    | 'images'
    | 'attributes'
  >,
  string
> = {
  query: 'the query format is rewritten to question or highlights when the request is parsed',
};

export function checkFormats(plan: ScrapePlan): void {
  for (const type of plan.formats.keys()) {
    if (!SERVED.has(type)) {
      throw errors.notImplemented(`formats.${type}`, MISSING[type as keyof typeof MISSING]);
    }
  }
  checkPageFormats(plan);
}

/** Step 6. Only the requested formats; a text format of content that has no text form is a clear 422. */
export function renderFormats(plan: ScrapePlan, source: Source, content: Content): FormatFields {
  const fields: FormatFields = {
    ...renderStructured(plan, source, content),
    ...renderBranding(plan, source),
    ...renderPageFormats(plan, source, content),
  };
  const unavailable: string[] = [];
  for (const type of plan.formats.keys()) {
    if (type === 'rawBase64') {
      fields.rawBase64 = Buffer.from(source.body).toString('base64');
      continue;
    }
    if (type !== 'markdown' && type !== 'html' && type !== 'rawHtml' && type !== 'links') continue;
    const value = content[type];
    if (value === undefined) unavailable.push(type);
    else (fields as Record<string, unknown>)[type] = value;
  }
  if (unavailable.length > 0) throw errors.unsupportedContent(source.contentType, unavailable);
  // Not formats but PDF parser options (spec §2.2): present whenever the option was set and the content is a PDF.
  if (content.pages) fields.pages = content.pages;
  if (content.blocks) fields.blocks = content.blocks;
  return fields;
}
