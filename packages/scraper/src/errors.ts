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

  constructor(init: {
    status: number;
    error: string;
    code?: string;
    details?: unknown;
    message?: string;
    headers?: Record<string, string>;
  }) {
    super(init.message ?? init.error);
    this.name = 'ScrapeError';
    this.status = init.status;
    this.error = init.error;
    this.code = init.code;
    this.details = init.details;
    this.headers = init.headers;
  }

  toJSON(): { success: false; error: string; code?: string; details?: unknown } {
    const body: { success: false; error: string; code?: string; details?: unknown } = {
      success: false,
      error: this.error,
    };
    if (this.code !== undefined) body.code = this.code;
    if (this.details !== undefined) body.details = this.details;
    return body;
  }
}

export function isScrapeError(value: unknown): value is ScrapeError {
  return value instanceof ScrapeError;
}

/**
 * The target failed in a way a retry cannot fix (no such host, connection refused, a redirect loop, a certificate
 * rejected): answered `200 {success:false, code, error}` as the peer answers a DNS failure, because clients retry
 * every 5xx (the Firecrawl SDK retries a 502 three times) and a 4xx would blame a request that was fine.
 */
export const TARGET_FAILURE_STATUS = 200;

/** Constructors for the catalogue of spec §7, so call sites name the condition, not the numbers. */
export const errors = {
  badRequest: (error = 'Bad Request', details?: unknown, code = 'BAD_REQUEST') =>
    new ScrapeError({ status: 400, error, details, code }),
  invalidUrl: (details?: unknown) =>
    new ScrapeError({ status: 400, error: 'Invalid URL', code: 'BAD_REQUEST_INVALID_URL', details }),
  unauthorized: () => new ScrapeError({ status: 401, error: 'Unauthorized: Invalid token', code: 'UNAUTHORIZED' }),
  paymentRequired: () =>
    new ScrapeError({ status: 402, error: 'Payment Required: Insufficient credits', code: 'INSUFFICIENT_CREDITS' }),
  forbidden: (details?: unknown, code = 'FORBIDDEN') =>
    new ScrapeError({ status: 403, error: 'Forbidden', details, code }),
  notFound: (error = 'Not Found', code = 'NOT_FOUND') => new ScrapeError({ status: 404, error, code }),
  timeout: (details?: unknown) =>
    new ScrapeError({ status: 408, error: 'Request Timeout', code: 'SCRAPE_TIMEOUT', details }),
  conflict: (error = 'Conflict', details?: unknown, code = 'CONFLICT') =>
    new ScrapeError({ status: 409, error, details, code }),
  payloadTooLarge: () => new ScrapeError({ status: 413, error: 'Payload Too Large', code: 'PAYLOAD_TOO_LARGE' }),
  unprocessable: (error = 'Unprocessable Entity', details?: unknown, code = 'UNPROCESSABLE') =>
    new ScrapeError({ status: 422, error, details, code }),
  rateLimited: (retryAfterSeconds: number) =>
    new ScrapeError({
      status: 429,
      error: 'Rate limit exceeded',
      code: 'RATE_LIMIT_EXCEEDED',
      headers: { 'Retry-After': String(retryAfterSeconds) },
    }),
  concurrencyLimited: () =>
    new ScrapeError({ status: 429, error: 'Concurrency limit reached', code: 'CONCURRENCY_LIMIT_REACHED' }),
  internal: (details?: unknown) =>
    new ScrapeError({ status: 500, error: 'Internal Server Error', code: 'UNKNOWN_ERROR', details }),
  badGateway: (error = 'Bad Gateway', details?: unknown, code = 'BAD_GATEWAY') =>
    new ScrapeError({ status: 502, error, details, code }),
  unavailable: (error = 'Service Unavailable', details?: unknown, code = 'SERVICE_UNAVAILABLE') =>
    new ScrapeError({ status: 503, error, details, code }),
  /** Cache-only modes (§2.1): `minAge` set and nothing cached. */
  noCachedData: () =>
    new ScrapeError({
      status: 404,
      error: 'No cached data for this URL and minAge. Remove minAge (or lower it) to scrape the page fresh.',
      code: 'SCRAPE_NO_CACHED_DATA',
    }),
  /** Cache-only modes (§2.1): `lockdown` and a cache miss. The URL is deliberately not echoed. */
  lockdownCacheMiss: () =>
    new ScrapeError({
      status: 404,
      error: 'Lockdown: no cached copy of this page. Send the request without lockdown to scrape it fresh.',
      code: 'SCRAPE_LOCKDOWN_CACHE_MISS',
    }),
  /**
   * The SSRF guard refused the target (or a redirect hop): it is a private, loopback, link-local or reserved address.
   */
  ssrfBlocked: (details: { url: string; address?: string; reason: string }) =>
    new ScrapeError({
      status: 403,
      error: 'Forbidden: the URL resolves to a private or reserved network address',
      code: 'SCRAPE_SSRF_BLOCKED',
      details,
    }),
  dnsResolution: (hostname: string, reason?: string) =>
    // A name that does not exist stays so on a retry; a resolver that could not answer (EAI_AGAIN) may not.
    new ScrapeError({
      status: reason === 'EAI_AGAIN' ? 502 : TARGET_FAILURE_STATUS,
      error: `DNS resolution failed for ${hostname}`,
      code: 'SCRAPE_DNS_RESOLUTION_ERROR',
      details: { hostname, reason },
    }),
  connectionRefused: (target: string) =>
    new ScrapeError({
      status: TARGET_FAILURE_STATUS,
      error: `Connection refused by ${target}`,
      code: 'SCRAPE_CONNECTION_REFUSED',
      details: { target },
    }),
  /** Reset or timed out at the socket: a retry may well succeed, hence the retryable 502. */
  connectionFailed: (target: string, reason: string) =>
    new ScrapeError({
      status: 502,
      error: `Connection to ${target} failed: ${reason}`,
      code: 'SCRAPE_CONNECTION_FAILED',
      details: { target, reason },
    }),
  tlsCertificate: (target: string, reason: string) =>
    new ScrapeError({
      status: TARGET_FAILURE_STATUS,
      error: `TLS certificate of ${target} was rejected (${reason}); send skipTlsVerification: true to accept it`,
      code: 'SCRAPE_TLS_CERTIFICATE_ERROR',
      details: { target, reason },
    }),
  tooManyRedirects: (limit: number, lastUrl: string) =>
    new ScrapeError({
      status: TARGET_FAILURE_STATUS,
      error: `Too many redirects (more than ${limit})`,
      code: 'SCRAPE_TOO_MANY_REDIRECTS',
      details: { limit, lastUrl },
    }),
  badRedirect: (location: string) =>
    new ScrapeError({
      status: TARGET_FAILURE_STATUS,
      error: 'Redirect to an invalid or non-http(s) URL',
      code: 'SCRAPE_BAD_REDIRECT',
      details: { location },
    }),
  responseTooLarge: (limitBytes: number) =>
    new ScrapeError({
      status: 422,
      error: `Response too large: the page exceeds ${limitBytes} bytes`,
      code: 'SCRAPE_RESPONSE_TOO_LARGE',
      details: { limitBytes },
    }),
  unsupportedContent: (contentType: string, formats: string[]) =>
    new ScrapeError({
      status: 422,
      error:
        `Unsupported content type ${contentType || '(none)'} for ${formats.join(', ')}; request the rawBase64 ` +
        `format to get the bytes`,
      code: 'SCRAPE_UNSUPPORTED_CONTENT_TYPE',
      details: { contentType, formats },
    }),
  /** The caller aborted (client went away, server shutting down). 499 is nginx's "client closed request". */
  aborted: () => new ScrapeError({ status: 499, error: 'Request aborted', code: 'SCRAPE_ABORTED' }),
  /** An option this build cannot serve (yet): a clear 501 naming it, never a silent ignore. */
  notImplemented: (option: string, why: string) =>
    new ScrapeError({
      status: 501,
      error: `Not Implemented: ${option} — ${why}`,
      code: 'SCRAPE_UNSUPPORTED_OPTION',
      details: { option },
    }),
} as const;
