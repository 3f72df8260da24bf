import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { errors } from '../errors.js';

/** Errors listed back to the model (repair turn) and the client (422); more than this adds noise, not help. */
const MAX_LISTED_ERRORS = 10;
/**
 * Compiled validators kept by schema text: clients send the same schema again and again. One Ajv instance would
 * keep every schema ever compiled (its cache is unbounded), so each entry has its own and old ones are dropped.
 */
const MAX_CACHED_SCHEMAS = 100;
const cache = new Map<string, ValidateFunction>();

export type Validate = (value: unknown) => string[] | null;

/** A validator of the client's JSON Schema; an invalid schema is the client's 422 before anything is fetched. */
export function compileSchema(schema: Record<string, unknown>, where: string): Validate {
  const key = JSON.stringify(schema);
  let validate = cache.get(key);
  if (!validate) {
    try {
      validate = new Ajv({ allErrors: true, strict: false, validateFormats: false }).compile(schema);
    } catch (error) {
      throw errors.unprocessable(
        `Invalid JSON Schema in ${where}: ${(error as Error).message}`,
        { option: where },
        'SCRAPE_INVALID_JSON_SCHEMA',
      );
    }
    cache.set(key, validate);
    if (cache.size > MAX_CACHED_SCHEMAS) cache.delete(cache.keys().next().value!);
  }
  const compiled = validate;
  return (value) => (compiled(value) ? null : describe(compiled.errors ?? []));
}

function describe(list: ErrorObject[]): string[] {
  return list.slice(0, MAX_LISTED_ERRORS).map((e) => `${e.instancePath || '(root)'} ${e.message ?? 'is invalid'}`);
}
