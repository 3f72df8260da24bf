/**
 * Errors are typed values carrying the spec's HTTP status, `error` string and optional `code`/`details` (spec §7).
 * Every layer throws these; @scrape/http serialises them as `{ success: false, error, code?, details? }`.
 */
export class ScrapeError extends Error {
  readonly status: number;
  /** The spec's `error` string (e.g. "Invalid URL", "Request Timeout"). */
  readonly error: string;
  readonly code?: string;
  readonly details?: unknown;
  /** Extra response headers (e.g. Retry-After). */
  readonly headers?: Record<string, string>;

  constructor(init: { status: number; error: string; code?: string; details?: unknown; message?: string; headers?: Record<string, string> }) {
    super(init.message ?? init.error);
    this.name = 'ScrapeError';
    this.status = init.status;
    this.error = init.error;
    this.code = init.code;
    this.details = init.details;
    this.headers = init.headers;
  }

  toJSON(): { success: false; error: string; code?: string; details?: unknown } {
    const body: { success: false; error: string; code?: string; details?: unknown } = { success: false, error: this.error };
    if (this.code !== undefined) body.code = this.code;
    if (this.details !== undefined) body.details = this.details;
    return body;
  }
}

export function isScrapeError(value: unknown): value is ScrapeError {
  return value instanceof ScrapeError;
}

/** Constructors for the catalogue of spec §7, so call sites name the condition, not the numbers. */
export const errors = {
  badRequest: (error = 'Bad Request', details?: unknown, code?: string) => new ScrapeError({ status: 400, error, details, code }),
  invalidUrl: (details?: unknown) => new ScrapeError({ status: 400, error: 'Invalid URL', code: 'BAD_REQUEST_INVALID_URL', details }),
  unauthorized: () => new ScrapeError({ status: 401, error: 'Unauthorized: Invalid token' }),
  paymentRequired: () => new ScrapeError({ status: 402, error: 'Payment Required: Insufficient credits' }),
  forbidden: (details?: unknown, code?: string) => new ScrapeError({ status: 403, error: 'Forbidden', details, code }),
  notFound: (error = 'Not Found', code?: string) => new ScrapeError({ status: 404, error, code }),
  timeout: (details?: unknown) =>
    new ScrapeError({ status: 408, error: 'Request Timeout', code: 'SCRAPE_TIMEOUT', details }),
  conflict: (error = 'Conflict', details?: unknown) => new ScrapeError({ status: 409, error, details }),
  payloadTooLarge: () => new ScrapeError({ status: 413, error: 'Payload Too Large' }),
  unprocessable: (error = 'Unprocessable Entity', details?: unknown, code?: string) =>
    new ScrapeError({ status: 422, error, details, code }),
  rateLimited: (retryAfterSeconds: number) =>
    new ScrapeError({ status: 429, error: 'Rate limit exceeded', headers: { 'Retry-After': String(retryAfterSeconds) } }),
  concurrencyLimited: () => new ScrapeError({ status: 429, error: 'Concurrency limit reached' }),
  internal: (details?: unknown) => new ScrapeError({ status: 500, error: 'Internal Server Error', code: 'UNKNOWN_ERROR', details }),
  badGateway: (error = 'Bad Gateway', details?: unknown, code?: string) => new ScrapeError({ status: 502, error, details, code }),
  unavailable: (error = 'Service Unavailable', details?: unknown) => new ScrapeError({ status: 503, error, details }),
  /** An option this build cannot serve (yet): a clear 501 naming it, never a silent ignore. */
  notImplemented: (option: string, why: string) =>
    new ScrapeError({ status: 501, error: `Not Implemented: ${option} — ${why}`, code: 'SCRAPE_UNSUPPORTED_OPTION', details: { option } }),
} as const;
