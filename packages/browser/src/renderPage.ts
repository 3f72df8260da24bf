import type { BrowserContext, Response } from 'playwright-core';
import { BrowserError, reasonOf } from './BrowserError.js';
import { captureHtml } from './captureHtml.js';
import type { ContextPlan } from './buildContextOptions.js';
import { CONSENT_MAX_WAIT_MS, installConsentDismisser } from './installConsentDismisser.js';
import { installRequestGuard, type AllowCheck } from './installRequestGuard.js';
import { loadAdBlocker } from './loadAdBlocker.js';
import { runActions } from './runActions.js';
import { collectBranding } from './collectBranding.js';
import { takeScreenshot } from './takeScreenshot.js';
import { trackNetwork } from './trackNetwork.js';
import { captureProfileState, installSessionStorage } from './sessions/profileState.js';
import { installSettleClock, SETTLE_MAX_MS, waitForSettled } from './waitForSettled.js';
import type {
  ActionResults,
  BrandingFacts,
  RenderRequest,
  RenderResult,
  RenderTimings,
  ScreenshotArtifact,
} from './types.js';

/** After DOMContentLoaded we wait this long at most for `load`: one hanging subresource must not cost the scrape. */
export const LOAD_MAX_MS = 10_000;
/** Network errors Chromium reports for a request our guard refused (route abort, proxy 403 on CONNECT). */
const REFUSAL_ERRORS = /ERR_(TUNNEL_CONNECTION_FAILED|BLOCKED_BY_CLIENT|ABORTED|PROXY_CONNECTION_FAILED)/;
/**
 * Chromium fails the navigation of a 4xx/5xx answer with an empty body; the answer itself is still a page (a document,
 * not an error).
 */
const EMPTY_ERROR_PAGE = /ERR_HTTP_RESPONSE_CODE_FAILURE/;
/** Budget kept for serialising the page once the waits are done. */
const FINISH_MARGIN_MS = 300;

export interface RenderEnvironment {
  deadline: number;
  /** The memoised SSRF check, when the request has `allowRequest`. */
  check?: AllowCheck;
  /** Hands a listener the refusals of the guard proxy (redirect hops and anything route interception missed). */
  subscribeProxyRefusals?(listener: (url: string, tunnel: boolean) => void): void;
  /** The operator's extra ad-block list files (BrowserPoolOptions.adBlockLists). */
  adBlockLists?: readonly string[];
}

const left = (deadline: number) => Math.max(1, deadline - Date.now());

/** Loads, settles, acts on and captures one page inside a fresh context the caller owns and closes. */
export async function renderPage(
  context: BrowserContext,
  plan: ContextPlan,
  request: RenderRequest,
  env: RenderEnvironment,
): Promise<
  Omit<RenderResult, 'timings'> & {
    timings: Pick<
      RenderTimings,
      'setupMs' | 'navigationMs' | 'settleMs' | 'actionsMs' | 'screenshotMs' | 'captureMs' | 'brandingMs'
    >;
  }
> {
  const { deadline } = env;
  let mark = Date.now();
  const blockAds = request.blockAds ?? true;
  // Independent context-level installs: issued together, each is a protocol round trip. Init scripts still run in
  // the order they are issued here (the languages override before the settle clock and sessionStorage).
  const [guard, consent] = await Promise.all([
    installRequestGuard(context, {
      check: env.check,
      adBlocker: blockAds ? loadAdBlocker(env.adBlockLists) : undefined,
      originBoundHeaders: { names: Object.keys(plan.options.extraHTTPHeaders ?? {}), origin: originOfUrl(request.url) },
    }),
    blockAds ? installConsentDismisser(context) : undefined,
    plan.cookies.length > 0 ? context.addCookies(plan.cookies) : undefined,
    plan.languages.length > 1
      ? context.addInitScript((languages: string[]) => {
          Object.defineProperty(Navigator.prototype, 'languages', { get: () => languages.slice(), configurable: true });
        }, plan.languages)
      : undefined,
    installSettleClock(context),
    installSessionStorage(context, request.profile?.state),
  ]);
  env.subscribeProxyRefusals?.((url, tunnel) => guard.recordRefusal(url, tunnel));
  const page = await context.newPage();
  const network = trackNetwork(page);
  // The override lives as long as this session, i.e. the page: it must stay attached.
  const cdp = await context.newCDPSession(page);
  // Not awaited before goto: protocol messages are handled in the order sent, so the override is in place before
  // the navigation starts, and its answer arrives while the page loads (one round trip less per render).
  const userAgentSet = cdp.send('Emulation.setUserAgentOverride', {
    userAgent: plan.options.userAgent!,
    acceptLanguage: plan.acceptLanguage,
  });
  userAgentSet.catch(() => {});

  const setupMs = Date.now() - mark;
  mark = Date.now();
  let response: Response | null;
  // Kept so an empty 4xx/5xx answer, which Chromium reports as a failed navigation, can still be returned as a page.
  let mainResponse: Response | undefined;
  const onResponse = (r: Response) => {
    if (r.frame() === page.mainFrame() && r.request().isNavigationRequest()) mainResponse = r;
  };
  page.on('response', onResponse);
  const refusedNavigation = (url: string) => new BrowserError('blocked', `request to ${url} was refused`, { url });
  try {
    response = await page.goto(request.url, { waitUntil: 'domcontentloaded', timeout: left(deadline) });
  } catch (error) {
    if (guard.navigationRefused) throw refusedNavigation(request.url);
    // A redirect hop refused by the guard proxy surfaces as a failed tunnel or a blocked/aborted load.
    if (guard.refused.length > 0 && REFUSAL_ERRORS.test(String(error)))
      throw refusedNavigation(guard.refused[guard.refused.length - 1]);
    if (mainResponse && EMPTY_ERROR_PAGE.test(String(error))) {
      network.stop();
      const headers = await mainResponse.allHeaders().catch(() => ({}) as Record<string, string>);
      return {
        url: request.url,
        finalUrl: mainResponse.url(),
        status: mainResponse.status(),
        headers,
        contentType: headers['content-type'] ?? '',
        html: '',
        blockedRequests: { refused: guard.refused.length, ads: guard.adsBlocked },
        timings: {
          setupMs,
          navigationMs: Date.now() - mark,
          settleMs: 0,
          actionsMs: 0,
          screenshotMs: 0,
          captureMs: 0,
          brandingMs: 0,
        },
      };
    }
    const reason = reasonOf(error);
    throw new BrowserError(
      'navigation_failed',
      `could not load ${request.url}: ${reason}`,
      { url: request.url, reason },
      { cause: error },
    );
  }
  page.off('response', onResponse);
  await userAgentSet;
  // A plain-HTTP hop refused by the proxy arrives as the proxy's 403 page under the hop's URL.
  if (response && guard.isRefused(response.url())) throw refusedNavigation(response.url());
  await page.waitForLoadState('load', { timeout: Math.min(LOAD_MAX_MS, left(deadline)) }).catch(() => {});
  const navigationMs = Date.now() - mark;

  mark = Date.now();
  await waitForSettled(
    page,
    network,
    consent,
    Math.min(SETTLE_MAX_MS + (consent ? CONSENT_MAX_WAIT_MS : 0), left(deadline) - FINISH_MARGIN_MS),
  );
  if (request.waitFor) await page.waitForTimeout(Math.min(request.waitFor, left(deadline)));
  const settleMs = Date.now() - mark;

  mark = Date.now();
  let actions: ActionResults | undefined;
  if (request.actions && request.actions.length > 0) {
    actions = await runActions(request.actions, {
      page,
      deadline,
      settle: (maxMs) => waitForSettled(page, network, consent, maxMs, { fromNow: true }),
    });
  }
  const actionsMs = Date.now() - mark;
  // The page (a script, a meta refresh, an action) navigated itself to an address the guard refused: Chromium shows
  // its own error page in its place, which is not the page asked for. Answered as the refusal it is.
  if (guard.navigationRefused) throw refusedNavigation(guard.refused[guard.refused.length - 1] ?? request.url);

  mark = Date.now();
  let screenshot: ScreenshotArtifact | undefined;
  if (request.screenshot) {
    // The context was created at the requested viewport already, so only fullPage/quality matter here.
    screenshot = await takeScreenshot(
      page,
      { fullPage: request.screenshot.fullPage, quality: request.screenshot.quality },
      left(deadline),
    );
  }
  const screenshotMs = Date.now() - mark;

  // Branding reads the page as the client gets it: after the smart wait and actions, before serialising.
  mark = Date.now();
  let branding: BrandingFacts | undefined;
  if (request.branding) branding = await collectBranding(page, left(deadline) - FINISH_MARGIN_MS);
  const brandingMs = Date.now() - mark;

  mark = Date.now();
  const [html, headers] = await Promise.all([
    captureHtml(page, cdp),
    response ? response.allHeaders() : Promise.resolve({} as Record<string, string>),
  ]);
  const profileState = request.profile?.capture ? await captureProfileState(context, page) : undefined;
  const captureMs = Date.now() - mark;
  network.stop();
  return {
    url: request.url,
    finalUrl: page.url(),
    status: response?.status() ?? 0,
    headers,
    contentType: headers['content-type'] ?? '',
    html,
    screenshot,
    actions,
    branding,
    blockedRequests: { refused: guard.refused.length, ads: guard.adsBlocked },
    ...(profileState ? { profileState } : {}),
    timings: { setupMs, navigationMs, settleMs, actionsMs, screenshotMs, captureMs, brandingMs },
  };
}

function originOfUrl(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}
