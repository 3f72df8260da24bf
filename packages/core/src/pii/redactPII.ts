import { CoreError, isCoreError } from '../errors.js';
import { loadGazetteers } from './loadGazetteers.js';
import type { RedactPIIOptions, RedactPIIResult } from './piiTypes.js';
import { needsGazetteers, redactText } from './redactText.js';
import { resolveRedactOptions } from './resolveRedactOptions.js';

/**
 * Redacts personal data from markdown (or any text), offline and in-process.
 *
 * `options`: `true`/omitted = mode `accurate`, every entity but ORGANIZATION, style `tag`; or an options object.
 * The first call in `accurate`/`aggressive` mode loads the name and place lists (once per process).
 * Returns the redacted text, the redacted spans (offsets in the input) and counts per type.
 * Fails closed: any failure is thrown as a CoreError (`invalid_input` for bad options, `parse_failed` otherwise)
 * and no partially redacted text is ever returned.
 */
export async function redactPII(markdown: string, options?: boolean | RedactPIIOptions): Promise<RedactPIIResult> {
  if (typeof markdown !== 'string') throw new CoreError('invalid_input', 'redactPII: input must be a string');
  const resolved = resolveRedactOptions(options);
  const g = needsGazetteers(resolved) ? await loadGazetteers() : undefined;
  try {
    return redactText(markdown, resolved, g);
  } catch (err) {
    if (isCoreError(err)) throw err;
    throw new CoreError('parse_failed', `redactPII failed: ${err instanceof Error ? err.message : String(err)}`, err);
  }
}
