import type { BrowserContext, Response } from 'playwright-core';
import { captureHtml } from './captureHtml.js';
import type { ContextPlan } from './buildContextOptions.js';
import { CONSENT_MAX_WAIT_MS } from './installConsentDismisser.js';
import type { RequestGuard } from './installRequestGuard.js';
import { runActions } from './runActions.js';
import { collectBranding } from './collectBranding.js';
import { takeScreenshot } from './takeScreenshot.js';
import { captureProfileState } from './sessions/profileState.js';
import { SETTLE_MAX_MS, waitForSettled } from './waitForSettled.js';
import { navigatePage, refusedNavigation, timeLeft as left } from './render/navigatePage.js';
import { type GuardEnvironment, openPage } from './render/openPage.js';
import type {
  ActionResults,
  BrandingFacts,
  RenderRequest,
  RenderResult,
  RenderTimings,
  ScreenshotArtifact,
} from './types.js';

/** Budget kept for serialising the page once the waits are done. */
const FINISH_MARGIN_MS = 300;

export interface RenderEnvironment extends GuardEnvironment {
  deadline: number;
}

type PageTimings = Pick<
  RenderTimings,
  'setupMs' | 'navigationMs' | 'settleMs' | 'actionsMs' | 'screenshotMs' | 'captureMs' | 'brandingMs'
>;
type RenderedPage = Omit<RenderResult, 'timings'> & { timings: PageTimings };

/**
 * Loads, settles, acts on and captures one page inside a fresh context the caller owns and closes. The steps, in
 * order: open (render/openPage), navigate (render/navigatePage), settle, actions, screenshot, branding, capture.
 */
export async function renderPage(
  context: BrowserContext,
  plan: ContextPlan,
  request: RenderRequest,
  env: RenderEnvironment,
): Promise<RenderedPage> {
  const { deadline } = env;
  let mark = Date.now();
  const { guard, consent, page, network, cdp, userAgentSet } = await openPage(context, plan, request, env);
  const setupMs = Date.now() - mark;

  mark = Date.now();
  const navigation = await navigatePage(page, request.url, guard, userAgentSet, deadline);
  if (navigation.emptyErrorAnswer) {
    network.stop();
    return emptyErrorPage(request.url, navigation.emptyErrorAnswer, guard, setupMs, mark);
  }
  const { response } = navigation;
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

/** An empty 4xx/5xx answer is still the page asked for: answered with its status and headers and no markup. */
async function emptyErrorPage(
  url: string,
  answer: Response,
  guard: RequestGuard,
  setupMs: number,
  navigationStart: number,
): Promise<RenderedPage> {
  const headers = await answer.allHeaders().catch(() => ({}) as Record<string, string>);
  return {
    url,
    finalUrl: answer.url(),
    status: answer.status(),
    headers,
    contentType: headers['content-type'] ?? '',
    html: '',
    blockedRequests: { refused: guard.refused.length, ads: guard.adsBlocked },
    timings: {
      setupMs,
      navigationMs: Date.now() - navigationStart,
      settleMs: 0,
      actionsMs: 0,
      screenshotMs: 0,
      captureMs: 0,
      brandingMs: 0,
    },
  };
}
