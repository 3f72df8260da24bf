import type { Page, Response } from 'playwright-core';
import { BrowserError, reasonOf } from '../BrowserError.js';
import type { RequestGuard } from '../installRequestGuard.js';

/** After DOMContentLoaded we wait this long at most for `load`: one hanging subresource must not cost the scrape. */
const LOAD_MAX_MS = 10_000;
/** Network errors Chromium reports for a request our guard refused (route abort, proxy 403 on CONNECT). */
const REFUSAL_ERRORS = /ERR_(TUNNEL_CONNECTION_FAILED|BLOCKED_BY_CLIENT|ABORTED|PROXY_CONNECTION_FAILED)/;
/**
 * Chromium fails the navigation of a 4xx/5xx answer with an empty body; the answer itself is still a page (a document,
 * not an error).
 */
const EMPTY_ERROR_PAGE = /ERR_HTTP_RESPONSE_CODE_FAILURE/;

/** What the navigation ended with: the page's main response, or an empty 4xx/5xx answer Chromium failed. */
export type Navigation = { response: Response | null; emptyErrorAnswer?: undefined } | { emptyErrorAnswer: Response };

export const timeLeft = (deadline: number) => Math.max(1, deadline - Date.now());

/** The error a render ends with when the guard refused the page itself (or a hop on the way to it). */
export const refusedNavigation = (url: string) => new BrowserError('blocked', `request to ${url} was refused`, { url });

/**
 * Loads `url` up to DOMContentLoaded, then waits a bounded time for `load`. A navigation the guard refused
 * (directly, through a redirect hop, or as the proxy's 403 page) throws `blocked`; any other failure
 * `navigation_failed`, except an empty 4xx/5xx answer, returned as `emptyErrorAnswer` for the caller to answer as a
 * page.
 */
export async function navigatePage(
  page: Page,
  url: string,
  guard: RequestGuard,
  userAgentSet: Promise<unknown>,
  deadline: number,
): Promise<Navigation> {
  let response: Response | null;
  // Kept so an empty 4xx/5xx answer, which Chromium reports as a failed navigation, can still be returned as a page.
  let mainResponse: Response | undefined;
  const onResponse = (r: Response) => {
    if (r.frame() === page.mainFrame() && r.request().isNavigationRequest()) mainResponse = r;
  };
  page.on('response', onResponse);
  try {
    response = await page.goto(url, { waitUntil: 'domcontentloaded', timeout: timeLeft(deadline) });
  } catch (error) {
    if (guard.navigationRefused) throw refusedNavigation(url);
    // A redirect hop refused by the guard proxy surfaces as a failed tunnel or a blocked/aborted load.
    if (guard.refused.length > 0 && REFUSAL_ERRORS.test(String(error)))
      throw refusedNavigation(guard.refused[guard.refused.length - 1]);
    if (mainResponse && EMPTY_ERROR_PAGE.test(String(error))) return { emptyErrorAnswer: mainResponse };
    const reason = reasonOf(error);
    throw new BrowserError('navigation_failed', `could not load ${url}: ${reason}`, { url, reason }, { cause: error });
  }
  page.off('response', onResponse);
  await userAgentSet;
  // A plain-HTTP hop refused by the proxy arrives as the proxy's 403 page under the hop's URL.
  if (response && guard.isRefused(response.url())) throw refusedNavigation(response.url());
  await page.waitForLoadState('load', { timeout: Math.min(LOAD_MAX_MS, timeLeft(deadline)) }).catch(() => {});
  return { response };
}
