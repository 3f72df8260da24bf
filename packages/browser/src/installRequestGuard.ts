import type { BrowserContext, Request, Route } from 'playwright-core';
import type { AdBlocker } from './loadAdBlocker.js';

export interface RequestGuard {
  /** URLs refused by `allowRequest` (the SSRF hook), in order. */
  readonly refused: string[];
  /** Requests dropped as ads or trackers. */
  readonly adsBlocked: number;
  /** True once the top-level document request itself was refused. */
  readonly navigationRefused: boolean;
}

export interface RequestGuardOptions {
  allowRequest?: (url: string) => boolean | Promise<boolean>;
  adBlocker?: AdBlocker;
  /**
   * Called when a request that cannot be aborted was refused: Playwright does not route redirect hops (the
   * network stack follows them), so a refused hop fails the whole render instead, before its response is used.
   */
  onUnstoppableRefusal(url: string): void;
}

/** Schemes that never leave the browser; everything else goes through the hook. */
const LOCAL_SCHEMES = /^(data|blob|about|chrome-extension):/i;

async function isAllowed(allowRequest: RequestGuardOptions['allowRequest'], url: string): Promise<boolean> {
  if (!allowRequest || LOCAL_SCHEMES.test(url)) return true;
  try {
    return (await allowRequest(url)) === true;
  } catch {
    // A hook that cannot decide (DNS failure, bug) refuses: the guard fails closed.
    return false;
  }
}

function isTopLevelDocument(request: Request): boolean {
  try {
    return request.isNavigationRequest() && request.frame().parentFrame() === null;
  } catch {
    return false;
  }
}

/**
 * One route handler for every request of the context: the SSRF hook first, then the ad/tracker filter. Installed
 * only when one of them is active, since interception costs a round trip per request.
 */
export async function installRequestGuard(context: BrowserContext, options: RequestGuardOptions): Promise<RequestGuard> {
  const { allowRequest, adBlocker } = options;
  const state = { refused: [] as string[], adsBlocked: 0, navigationRefused: false };
  if (!allowRequest && !adBlocker) return state;

  await context.route('**/*', async (route: Route, request: Request) => {
    const url = request.url();
    try {
      if (!(await isAllowed(allowRequest, url))) {
        state.refused.push(url);
        if (isTopLevelDocument(request)) state.navigationRefused = true;
        return await route.abort('blockedbyclient');
      }
      if (adBlocker && !isTopLevelDocument(request)) {
        const source = request.frame().page().url();
        if (adBlocker.isBlocked(url, request.resourceType(), source || url)) {
          state.adsBlocked++;
          return await route.abort('blockedbyclient');
        }
      }
      await route.continue();
    } catch {
      // The context closed while this request was paused (render finished or timed out): nothing to resume.
    }
  });

  if (allowRequest) {
    context.on('request', (request) => {
      if (!request.redirectedFrom()) return;
      const url = request.url();
      void isAllowed(allowRequest, url).then((ok) => {
        if (ok) return;
        state.refused.push(url);
        options.onUnstoppableRefusal(url);
      });
    });
    await context.routeWebSocket(/.*/, async (ws) => {
      if (await isAllowed(allowRequest, ws.url())) {
        ws.connectToServer();
      } else {
        state.refused.push(ws.url());
        await ws.close({ code: 1008, reason: 'refused' }).catch(() => {});
      }
    });
  }
  return state;
}
