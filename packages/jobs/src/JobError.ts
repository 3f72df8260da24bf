/** Typed errors raised by @scrape/jobs; the HTTP layer maps `unavailable` to 503 and `invalid_input` to 400. */
export type JobErrorKind = 'unavailable' | 'invalid_input' | 'not_found' | 'closed';

export class JobError extends Error {
  readonly kind: JobErrorKind;
  constructor(kind: JobErrorKind, message: string) {
    super(message);
    this.name = 'JobError';
    this.kind = kind;
  }
}

export function isJobError(value: unknown): value is JobError {
  return value instanceof JobError;
}
