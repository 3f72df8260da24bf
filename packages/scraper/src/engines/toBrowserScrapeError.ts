import type { BrowserError } from '@scrape/browser';
import { errors, ScrapeError } from '../errors.js';

/** Chromium's net error names that mean the same as the HTTP engine's typed failures. */
const DNS_FAILURE = /ERR_NAME_NOT_RESOLVED|ERR_NAME_RESOLUTION_FAILED/;
const REFUSED = /ERR_CONNECTION_REFUSED/;
const TLS_FAILURE = /ERR_CERT_|ERR_SSL_/;

/**
 * A failed render → the spec's error. Status per kind: timeout 408 (SCRAPE_TIMEOUT), invalid_request and
 * action_failed 400 (the message names the action index and reason), blocked 403 (SSRF), navigation_failed 502
 * (as the HTTP engine's network errors), browser_crashed / browser_unavailable 503. `aborted` is left to the caller
 * (it rethrows its own signal's reason).
 */
export function toBrowserScrapeError(error: BrowserError, url: URL, timeoutMs: number): ScrapeError {
  const { details } = error;
  switch (error.kind) {
    case 'timeout':
      return errors.timeout({ timeoutMs, engine: 'browser' });
    case 'aborted':
      return errors.aborted();
    case 'invalid_request':
      // The caps of the browser (actions, total wait, viewport size): a validation message like the schema's own.
      return errors.badRequest(
        error.message,
        { ...details, reason: error.message },
        details.actionIndex !== undefined ? 'SCRAPE_ACTION_ERROR' : undefined,
      );
    case 'action_failed': {
      const message =
        `Action ${details.actionIndex} (${details.actionType}) failed: ` + `${details.reason ?? error.message}`;
      return new ScrapeError({
        status: 400,
        error: message,
        code: 'SCRAPE_ACTION_ERROR',
        details: { actionIndex: details.actionIndex, actionType: details.actionType, reason: details.reason },
      });
    }
    case 'blocked':
      return errors.ssrfBlocked({
        url: String(details.url ?? url.href),
        reason: 'the page or one of its redirects targets a private or reserved address',
      });
    case 'navigation_failed': {
      const reason = String(details.reason ?? error.message);
      if (DNS_FAILURE.test(reason)) return errors.dnsResolution(url.hostname, reason);
      if (REFUSED.test(reason)) return errors.connectionRefused(url.host);
      if (TLS_FAILURE.test(reason)) return errors.tlsCertificate(url.host, reason);
      return errors.connectionFailed(url.host, reason);
    }
    case 'browser_crashed':
      return new ScrapeError({
        status: 503,
        error: 'Service Unavailable: the browser crashed during this scrape; retry',
        code: 'SCRAPE_BROWSER_CRASHED',
        details: { reason: error.message },
      });
    case 'browser_unavailable':
      return browserUnavailable(error.message);
    case 'too_large':
      // The page is what it is: retrying cannot help, a different request (a viewport capture) can.
      return new ScrapeError({
        status: 422,
        error: `Screenshot too large: ${error.message}`,
        code: 'SCRAPE_SCREENSHOT_TOO_LARGE',
        details,
      });
  }
}

/** 503 when Chromium cannot be started; the message says how to fix it. */
export function browserUnavailable(reason: string): ScrapeError {
  return new ScrapeError({
    status: 503,
    error: `Service Unavailable: the browser engine is not available (${reason})`,
    code: 'SCRAPE_BROWSER_UNAVAILABLE',
    details: { reason },
  });
}
