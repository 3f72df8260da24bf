import { CoreError } from '../errors.js';
import {
  DEFAULT_PII_ENTITIES,
  PII_ENTITIES,
  PII_MODES,
  PII_REPLACE_STYLES,
  type PiiEntity,
  type RedactPIIOptions,
  type ResolvedRedactPIIOptions,
} from './piiTypes.js';

const OPTION_KEYS = new Set(['mode', 'entities', 'replaceStyle']);

/**
 * Validates `redactPII` as the request gives it (`true` or an options object) and fills the defaults:
 * mode `accurate`, every entity but ORGANIZATION, style `tag`. Unknown keys or values are an `invalid_input`
 * CoreError, because a typo in a privacy option must not silently redact less than asked.
 */
export function resolveRedactOptions(input: boolean | RedactPIIOptions | undefined): ResolvedRedactPIIOptions {
  if (input === undefined || input === true) return defaults();
  if (input === false) throw new CoreError('invalid_input', 'redactPII is false: nothing to redact');
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new CoreError('invalid_input', 'redactPII must be a boolean or an options object');
  }
  for (const key of Object.keys(input)) {
    if (!OPTION_KEYS.has(key)) throw new CoreError('invalid_input', `redactPII: unknown option "${key}"`);
  }
  const resolved = defaults();
  if (input.mode !== undefined) {
    if (!(PII_MODES as readonly unknown[]).includes(input.mode)) {
      throw new CoreError('invalid_input', `redactPII.mode must be one of ${PII_MODES.join(', ')}`);
    }
    resolved.mode = input.mode;
  }
  if (input.replaceStyle !== undefined) {
    if (!(PII_REPLACE_STYLES as readonly unknown[]).includes(input.replaceStyle)) {
      throw new CoreError('invalid_input', `redactPII.replaceStyle must be one of ${PII_REPLACE_STYLES.join(', ')}`);
    }
    resolved.replaceStyle = input.replaceStyle;
  }
  if (input.entities !== undefined) {
    if (!Array.isArray(input.entities) || input.entities.length === 0) {
      throw new CoreError('invalid_input', 'redactPII.entities must be a non-empty array');
    }
    for (const entity of input.entities) {
      if (!(PII_ENTITIES as readonly unknown[]).includes(entity)) {
        throw new CoreError('invalid_input', `redactPII.entities: unknown entity "${String(entity)}"`);
      }
    }
    resolved.entities = new Set(input.entities as PiiEntity[]);
  }
  return resolved;
}

function defaults(): ResolvedRedactPIIOptions & { mode: ResolvedRedactPIIOptions['mode'] } {
  return { mode: 'accurate', entities: new Set(DEFAULT_PII_ENTITIES), replaceStyle: 'tag' };
}
