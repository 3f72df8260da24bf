/** What went wrong talking to the model; the format steps turn these into warnings, 422s or 403s. */
export type LlmErrorKind = 'unreachable' | 'timeout' | 'http' | 'bad_output' | 'aborted';

export class LlmError extends Error {
  readonly kind: LlmErrorKind;
  readonly status?: number;
  readonly details?: unknown;
  constructor(kind: LlmErrorKind, message: string, init: { status?: number; details?: unknown } = {}) {
    super(message);
    this.name = 'LlmError';
    this.kind = kind;
    this.status = init.status;
    this.details = init.details;
  }
}

export function isLlmError(value: unknown): value is LlmError {
  return value instanceof LlmError;
}
