/**
 * Typed errors raised by the pure transforms. @scrape/scraper maps each kind to the spec's HTTP status
 * (`invalid_selector` and `invalid_input` → 400, `unsupported_content` → 415/422, `limit_exceeded` → 413/422, `timeout`
 * → 408).
 */
export type CoreErrorKind =
  | 'invalid_selector'
  | 'invalid_input'
  | 'unsupported_content'
  | 'limit_exceeded'
  | 'parse_failed'
  | 'timeout';

export class CoreError extends Error {
  readonly kind: CoreErrorKind;
  readonly details?: unknown;
  constructor(kind: CoreErrorKind, message: string, details?: unknown) {
    super(message);
    this.name = 'CoreError';
    this.kind = kind;
    this.details = details;
  }
}

export function isCoreError(value: unknown): value is CoreError {
  return value instanceof CoreError;
}
