import { isCoreError } from '@scrape/core';
import { extractAttributes, extractImages, findBaseUrl, parseHtml } from '@scrape/core/internal';
import { errors } from '../errors.js';
import type { Source } from '../source.js';
import type { Content, FormatFields } from './types.js';
import type { ScrapePlan } from './plan.js';

/** A selector the engine cannot read is a 400 before any traffic (checked on an empty page). */
export function checkPageFormats(plan: ScrapePlan): void {
  const attributes = plan.formats.get('attributes');
  if (attributes?.type === 'attributes') attributesOf(parseHtml(''), attributes.selectors);
}

/**
 * Step 6, `images` and `attributes`: read from the whole page as the server sent it (or the browser rendered it),
 * not from the main content, on a parse of their own (only when one of them is asked). Content that is not HTML has
 * no images and matches no selector.
 */
export function renderPageFormats(
  plan: ScrapePlan,
  source: Source,
  content: Content,
): Pick<FormatFields, 'images' | 'attributes'> {
  const attributes = plan.formats.get('attributes');
  const wantsImages = plan.formats.has('images');
  if (!wantsImages && attributes?.type !== 'attributes') return {};
  const html = content.kind === 'html' ? (content.rawHtml ?? '') : '';
  const document = parseHtml(html);
  const fields: Pick<FormatFields, 'images' | 'attributes'> = {};
  if (wantsImages)
    fields.images = extractImages(document, { baseUrl: findBaseUrl(document, source.finalUrl) ?? source.finalUrl });
  if (attributes?.type === 'attributes') fields.attributes = attributesOf(document, attributes.selectors);
  return fields;
}

function attributesOf(
  document: Document,
  selectors: Parameters<typeof extractAttributes>[1],
): ReturnType<typeof extractAttributes> {
  try {
    return extractAttributes(document, selectors);
  } catch (error) {
    if (isCoreError(error)) throw errors.badRequest(`Bad Request: ${error.message}`, error.details);
    throw error;
  }
}
