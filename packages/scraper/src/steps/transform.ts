import { isCoreError, processHtml, type Menu, type PageMetadata, type Product } from '@scrape/core';
import { classifyContent, type ContentKind } from '../content/classifyContent.js';
import { decodeText } from '../content/decodeText.js';
import { errors, ScrapeError } from '../errors.js';
import type { Source } from '../source.js';
import type { ScrapePlan } from './plan.js';
import { structuredWanted } from './structuredFormats.js';

/** The page turned into text forms. Fields are absent when the content kind has no such form (binary). */
export interface Content {
  kind: ContentKind;
  markdown?: string;
  html?: string;
  rawHtml?: string;
  links?: string[];
  metadata: PageMetadata;
  /** Only when the product / menu format was asked (read before cleaning, on the same parse). */
  product?: Product | null;
  menu?: Menu;
}

/** Options of later issues that this step cannot serve yet (onlyCleanContent is checked by the LLM step). */
export function checkTransform(_plan: ScrapePlan): void {}

/** Step 5. By content kind: HTML → core pipeline; JSON → fenced block; text → as is; PDF → parsers; binary → bytes only. */
export function transform(plan: ScrapePlan, source: Source): Content {
  const kind = classifyContent(source.contentType, source.body);
  switch (kind) {
    case 'html':
      return transformHtml(plan, source);
    case 'json': {
      const text = decodeText(source.body, source.contentType);
      return { kind, markdown: '```json\n' + text.replace(/\n$/, '') + '\n```', html: text, rawHtml: text, links: [], metadata: {} };
    }
    case 'text': {
      const text = decodeText(source.body, source.contentType);
      return { kind, markdown: text, html: text, rawHtml: text, links: [], metadata: {} };
    }
    case 'pdf':
      if (plan.request.parsers.some((p) => p.type === 'pdf')) {
        throw errors.notImplemented('parsers', 'PDF parsing is not available yet; send "parsers": [] to get the PDF base64-encoded');
      }
      // Spec §2.2 billing note and the reference service: with no parser the file comes back base64 in markdown.
      return { kind, markdown: Buffer.from(source.body).toString('base64'), metadata: {} };
    case 'binary':
      return { kind, metadata: {} };
  }
}

function transformHtml(plan: ScrapePlan, source: Source): Content {
  const { request } = plan;
  try {
    const result = processHtml(
      { body: source.body, url: source.finalUrl, contentType: source.contentType },
      {
        onlyMainContent: request.onlyMainContent,
        includeTags: request.includeTags,
        excludeTags: request.excludeTags,
        removeBase64Images: request.removeBase64Images,
        structured: structuredWanted(plan),
      },
    );
    return { kind: 'html', ...result };
  } catch (error) {
    throw fromCoreError(error);
  }
}

/** CoreError kinds → the spec's statuses: the client's selectors are 400s, content the core cannot take is 422. */
function fromCoreError(error: unknown): unknown {
  if (!isCoreError(error)) return error;
  switch (error.kind) {
    case 'invalid_selector':
    case 'invalid_input':
      return errors.badRequest(error.message, error.details);
    case 'unsupported_content':
    case 'limit_exceeded':
    case 'parse_failed':
      return new ScrapeError({ status: 422, error: error.message, code: 'SCRAPE_CONTENT_ERROR', details: error.details });
  }
}
