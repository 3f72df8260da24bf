import { stripBase64Images } from '@scrape/core/internal';
import { checkRedaction } from './redactContent.js';
import type { FormatFields, Content } from './types.js';
import type { ScrapePlan } from './plan.js';

/** redactPII refuses, before any fetch, the formats it cannot return redacted (see redactContent). */
export function checkPost(plan: ScrapePlan): void {
  checkRedaction(plan);
}

/**
 * Step 7. Post-format passes over the rendered fields. HTML pages already had base64 images removed by the core
 * pipeline; markdown passed through as is (text/markdown bodies) gets the same scanner here.
 */
export function postProcess(plan: ScrapePlan, content: Content, fields: FormatFields): FormatFields {
  if (plan.request.removeBase64Images && content.kind === 'text' && fields.markdown !== undefined) {
    return { ...fields, markdown: stripBase64Images(fields.markdown) };
  }
  return fields;
}
