/**
 * Typed failures of a browser render. @scrape/scraper maps each kind to the spec's status
 * (suggested: `timeout`/`aborted` → 408, `invalid_request` → 400, `action_failed` → 400 naming the action,
 * `blocked` → 403, `navigation_failed` → 502, `browser_crashed`/`browser_unavailable` → 503).
 */
export type BrowserErrorKind =
  /** The request's `timeout` elapsed (queue wait, launch, navigation, settling and actions all count). */
  | 'timeout'
  /** The caller's AbortSignal fired. */
  | 'aborted'
  /** The request breaks a cap or a rule (too many actions, total wait, bad viewport, bad pdf scale...). */
  | 'invalid_request'
  /** An action failed; `details.actionIndex` (0-based) and `details.reason` say which and why. */
  | 'action_failed'
  /** The page could not be loaded (DNS, connection refused, TLS, download instead of a page...). */
  | 'navigation_failed'
  /** `allowRequest` refused the page itself or a redirect the browser followed (the SSRF guard). */
  | 'blocked'
  /** Chromium died or disconnected during this render; the pool relaunches it for the next one. */
  | 'browser_crashed'
  /** Chromium cannot be started (missing executable, launch failure) or the pool is closed. */
  | 'browser_unavailable'
  /** An output is larger than the browser can produce safely (a full-page screenshot of a huge page). */
  | 'too_large';

export interface BrowserErrorDetails {
  actionIndex?: number;
  actionType?: string;
  reason?: string;
  url?: string;
  [key: string]: unknown;
}

export class BrowserError extends Error {
  readonly kind: BrowserErrorKind;
  readonly details: BrowserErrorDetails;
  constructor(
    kind: BrowserErrorKind,
    message: string,
    details: BrowserErrorDetails = {},
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'BrowserError';
    this.kind = kind;
    this.details = details;
  }
}

export function isBrowserError(value: unknown): value is BrowserError {
  return value instanceof BrowserError;
}

/** Playwright's messages carry a multi-line call log; the first line is the useful reason. */
export function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message
    .split('\n')[0]
    .replace(/^[a-zA-Z.]+: /, '')
    .trim();
}
