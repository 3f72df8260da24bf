import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import type { ContextPlan } from '../buildContextOptions.js';
import { type ConsentTracker, installConsentDismisser } from '../installConsentDismisser.js';
import { type AllowCheck, installRequestGuard, type RequestGuard } from '../installRequestGuard.js';
import { loadAdBlocker } from '../loadAdBlocker.js';
import { installSessionStorage } from '../sessions/profileState.js';
import { trackNetwork, type NetworkMonitor } from '../trackNetwork.js';
import type { RenderRequest } from '../types.js';
import { installSettleClock } from '../waitForSettled.js';

/** What the render's caller supplies for guarding the page's requests. */
export interface GuardEnvironment {
  /** The memoised SSRF check, when the request has `allowRequest`. */
  check?: AllowCheck;
  /** Hands a listener the refusals of the guard proxy (redirect hops and anything route interception missed). */
  subscribeProxyRefusals?(listener: (url: string, tunnel: boolean) => void): void;
  /** The operator's extra ad-block list files (BrowserPoolOptions.adBlockLists). */
  adBlockLists?: readonly string[];
}

/** A fresh context made ready for one render: its page, and what the later steps of the render read from. */
export interface OpenedPage {
  guard: RequestGuard;
  /** Present when ads are blocked (the consent dismisser goes with the ad blocker). */
  consent: ConsentTracker | undefined;
  page: Page;
  network: NetworkMonitor;
  /** Attached for the page's life: the user-agent override lives as long as this session. */
  cdp: CDPSession;
  /** The user-agent override in flight: awaited after the navigation, never before (see below). */
  userAgentSet: Promise<unknown>;
}

/**
 * First step of a render: installs the request guard, consent dismisser, cookies, languages, settle clock and
 * sessionStorage on the context, then opens the page with its network tracked and the user-agent override sent.
 * Nothing is navigated yet.
 */
export async function openPage(
  context: BrowserContext,
  plan: ContextPlan,
  request: RenderRequest,
  env: GuardEnvironment,
): Promise<OpenedPage> {
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
  return { guard, consent, page, network, cdp, userAgentSet };
}

function originOfUrl(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}
