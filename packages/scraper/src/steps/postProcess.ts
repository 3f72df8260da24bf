import { checkRedaction } from './redactContent.js';
import type { FormatFields } from './renderFormats.js';
import type { Content } from './transform.js';
import type { ScrapePlan } from './plan.js';

/** What markdown shows instead of a base64 image (the reference service's placeholder). */
const BASE64_IMAGE_PLACEHOLDER = '<Base64-Image-Removed>';
/** `![alt](data:image/...;base64,...)`, the target optionally in angle brackets. */
const BASE64_IMAGE = /(!\[[^\]]*\]\()<?data:image\/[^;,)>\s]+;base64,[^)>\s]*>?(\s+"[^"]*")?\)/g;

/** redactPII refuses, before any fetch, the formats it cannot return redacted (see redactContent). */
export function checkPost(plan: ScrapePlan): void {
  checkRedaction(plan);
}

/**
 * Step 7. Post-format passes over the rendered fields. HTML pages already had base64 images removed by the core
 * pipeline; markdown passed through as is (text/markdown bodies) gets the same treatment here.
 */
export function postProcess(plan: ScrapePlan, content: Content, fields: FormatFields): FormatFields {
  if (plan.request.removeBase64Images && content.kind === 'text' && fields.markdown !== undefined) {
    return { ...fields, markdown: fields.markdown.replace(BASE64_IMAGE, `$1${BASE64_IMAGE_PLACEHOLDER})`) };
  }
  return fields;
}
