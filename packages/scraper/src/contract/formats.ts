import { z } from 'zod';
import { SCREENSHOT_QUALITY_MAX, SCREENSHOT_QUALITY_MIN } from './limits.js';

/** Every format name the v2 contract knows (spec §2.6 and §4.1). Anything else is rejected. */
export const FORMAT_TYPES = [
  'markdown',
  'summary',
  'html',
  'rawHtml',
  'rawBase64',
  'links',
  'screenshot',
  'audio',
  'video',
  'question',
  'highlights',
  'changeTracking',
  'branding',
  'product',
  'menu',
  'json',
  'images',
  'attributes',
  'query',
] as const;
export type FormatType = (typeof FORMAT_TYPES)[number];

/** Formats whose object form has a required option, so a bare string cannot name them. */
const NEEDS_OPTIONS: ReadonlySet<FormatType> = new Set(['question', 'highlights', 'json', 'attributes', 'query']);
/** Names accepted in the string shorthand (`"markdown"` ≡ `{type:"markdown"}`). */
export const FORMAT_SHORTHANDS = FORMAT_TYPES.filter((t) => !NEEDS_OPTIONS.has(t));

export const viewportSchema = z.strictObject({
  width: z.number().int().positive().describe('Viewport width in CSS pixels.'),
  height: z.number().int().positive().describe('Viewport height in CSS pixels.'),
});

const bare = <T extends FormatType>(type: T, description: string) =>
  z.strictObject({ type: z.literal(type) }).describe(description);

/** A JSON Schema document supplied by the client (kept as-is; validated by the LLM step that uses it). */
const jsonSchemaValue = z.record(z.string(), z.unknown()).describe('A JSON Schema object.');

export const screenshotFormatSchema = z
  .strictObject({
    type: z.literal('screenshot'),
    fullPage: z.boolean().default(false).describe('Capture the whole scrollable page; ignores the viewport height.'),
    quality: z
      .number()
      .int()
      .min(SCREENSHOT_QUALITY_MIN)
      .max(SCREENSHOT_QUALITY_MAX)
      .optional()
      .describe('JPEG quality 1-100.'),
    viewport: viewportSchema.optional(),
  })
  .describe('A screenshot of the page (a URL valid 24 hours).');

export const jsonFormatSchema = z
  .strictObject({
    type: z.literal('json'),
    schema: jsonSchemaValue.optional(),
    prompt: z.string().min(1).optional(),
    checkPromptInjection: z
      .boolean()
      .default(false)
      .describe('Abort with 403 SCRAPE_PROMPT_INJECTION_DETECTED when the page tries prompt injection.'),
  })
  .refine((f) => f.schema !== undefined || f.prompt !== undefined, {
    message: "json format requires either 'prompt' or 'schema' (or both)",
  })
  .describe('LLM extraction into `data.json`.');

export const changeTrackingFormatSchema = z
  .strictObject({
    type: z.literal('changeTracking'),
    modes: z
      .array(z.enum(['git-diff', 'json']))
      .default([])
      .describe('Extra comparisons: a git-style diff and/or a JSON diff.'),
    schema: jsonSchemaValue.optional().describe('JSON Schema for `json` mode.'),
    prompt: z.string().optional().describe('Prompt for `json` mode.'),
    tag: z.string().nullable().optional().describe('Keeps a separate history per tag.'),
  })
  .describe('Compares with the previous scrape of the same URL (needs `markdown` in formats).');

export const questionFormatSchema = z
  .strictObject({ type: z.literal('question'), question: z.string().min(1) })
  .describe('A natural-language answer in `data.answer`.');

export const highlightsFormatSchema = z
  .strictObject({ type: z.literal('highlights'), query: z.string().min(1) })
  .describe('Relevant source text in `data.highlights`.');

/** Selectors one `attributes` format may name (each is a query over the whole page). */
export const ATTRIBUTE_SELECTORS_MAX = 100;

export const attributesFormatSchema = z
  .strictObject({
    type: z.literal('attributes'),
    selectors: z
      .array(
        z.strictObject({
          selector: z.string().min(1).describe('CSS selector.'),
          attribute: z.string().min(1).describe('Attribute name.'),
        }),
      )
      .min(1)
      .max(ATTRIBUTE_SELECTORS_MAX),
  })
  .describe('The values of an attribute on the elements a selector matches, in `data.attributes`.');

/**
 * The SDK's deprecated `query` format: `freeform` is `question` (answer in `data.answer`), `directQuote` is
 * `highlights` (verbatim text in `data.highlights`). Rewritten to those before the pipeline sees it.
 */
export const queryFormatSchema = z
  .strictObject({
    type: z.literal('query'),
    prompt: z.string().min(1),
    mode: z.enum(['freeform', 'directQuote']).default('freeform'),
  })
  .describe('Deprecated: `question` (mode freeform) or `highlights` (mode directQuote) under another name.');

export const formatObjectSchema = z.discriminatedUnion('type', [
  bare('markdown', 'Page markdown in `data.markdown`.'),
  bare('summary', 'An LLM summary in `data.summary`.'),
  bare('html', 'Cleaned HTML in `data.html`.'),
  bare('rawHtml', 'The unmodified HTML in `data.rawHtml`.'),
  bare('rawBase64', 'The response body, base64, in `data.rawBase64`.'),
  bare('links', 'Links of the (cleaned) page in `data.links`.'),
  screenshotFormatSchema,
  bare('audio', 'Signed URL to the extracted MP3.'),
  bare('video', 'Signed URL to the extracted video.'),
  questionFormatSchema,
  highlightsFormatSchema,
  changeTrackingFormatSchema,
  bare('branding', 'Brand identity in `data.branding`.'),
  bare('product', 'Product data in `data.product`.'),
  bare('menu', 'Menu data in `data.menu`.'),
  jsonFormatSchema,
  bare('images', 'Every image URL of the page (absolute, de-duplicated, srcset candidates included) in `data.images`.'),
  attributesFormatSchema,
  queryFormatSchema,
]);
export type FormatObject = z.output<typeof formatObjectSchema>;

/** One `formats` item: the string shorthand is turned into the object form before validation, so errors name `type`. */
export const formatItemSchema = z.preprocess(
  (value) => (typeof value === 'string' ? { type: value } : value),
  formatObjectSchema,
);
