import type { BrowserContext, Request, Route } from 'playwright-core';
import type { AdBlocker } from './loadAdBlocker.js';
import type { RequestVerdict } from './types.js';

/** A settled verdict of the SSRF hook: allowed or not, and the addresses a connection may use when it said so. */
export interface CheckedVerdict {
  allow: boolean;
  addresses?: readonly string[];
}
export type AllowCheck = (url: string) => Promise<CheckedVerdict>;

export interface RequestGuard {
  /** URLs refused by `allowRequest` (the SSRF hook), in order, whether by route interception or the proxy. */
  readonly refused: string[];
  /** True when this URL (or, for a refused HTTPS tunnel, its origin) was refused. */
  isRefused(url: string): boolean;
  /** Requests dropped as ads or trackers. */
  readonly adsBlocked: number;
  /** True once the top-level document request itself was refused. */
  readonly navigationRefused: boolean;
}

export interface RequestGuardOptions {
  /** The memoised SSRF check (see `createAllowCheck`), shared with the guard proxy. */
  check?: AllowCheck;
  adBlocker?: AdBlocker;
  /**
   * The client's own headers (lower-case names) and the origin they were sent for: requests to any other origin (a
   * redirect, a third-party subresource) go without them, as browsers drop `Authorization` on a change of origin.
   */
  originBoundHeaders?: { names: readonly string[]; origin: string };
}

/** Schemes that never leave the browser; everything else goes through the hook. */
const LOCAL_SCHEMES = /^(data|blob|about|chrome-extension):/i;
/** Distinct URLs whose verdict a render remembers; pages repeat the same subresources and redirects. */
const VERDICT_CACHE_SIZE = 2_000;

/**
 * Wraps the caller's hook: local schemes pass, a throwing hook refuses (fail closed), and verdicts are memoised per
 * render so route interception and the proxy do not both pay for a DNS lookup of the same URL.
 */
export function createAllowCheck(
  allowRequest: (url: string) => boolean | RequestVerdict | Promise<boolean | RequestVerdict>,
): AllowCheck {
  const verdicts = new Map<string, Promise<CheckedVerdict>>();
  const allowed: CheckedVerdict = { allow: true };
  const refused: CheckedVerdict = { allow: false };
  return (url) => {
    if (LOCAL_SCHEMES.test(url)) return Promise.resolve(allowed);
    let verdict = verdicts.get(url);
    if (!verdict) {
      verdict = (async () => {
        try {
          const answer = await allowRequest(url);
          if (answer === true) return allowed;
          if (typeof answer !== 'object' || answer === null || answer.allow !== true) return refused;
          // An empty pin list would leave nothing to dial: treat it as a refusal rather than "any address".
          if (answer.addresses !== undefined && answer.addresses.length === 0) return refused;
          return { allow: true, addresses: answer.addresses ? [...answer.addresses] : undefined };
        } catch {
          return refused;
        }
      })();
      if (verdicts.size < VERDICT_CACHE_SIZE) verdicts.set(url, verdict);
    }
    return verdict;
  };
}

const originOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
};

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
export async function installRequestGuard(
  context: BrowserContext,
  options: RequestGuardOptions,
): Promise<RequestGuard & { recordRefusal(url: string, originOnly: boolean): void }> {
  const { check, adBlocker } = options;
  const bound = options.originBoundHeaders?.names.length ? options.originBoundHeaders : undefined;
  const boundNames = new Set(bound?.names.map((n) => n.toLowerCase()));
  const refusedUrls = new Set<string>();
  const refusedOrigins = new Set<string>();
  const state = {
    refused: [] as string[],
    adsBlocked: 0,
    navigationRefused: false,
    isRefused: (url: string) => refusedUrls.has(url) || refusedOrigins.has(originOf(url)),
    recordRefusal(url: string, originOnly: boolean) {
      state.refused.push(url);
      if (originOnly) refusedOrigins.add(originOf(url));
      else refusedUrls.add(url);
    },
  };
  if (!check && !adBlocker && !bound) return state;

  await context.route('**/*', async (route: Route, request: Request) => {
    const url = request.url();
    try {
      if (check && !(await check(url)).allow) {
        state.recordRefusal(url, false);
        if (isTopLevelDocument(request)) state.navigationRefused = true;
        return await route.abort('blockedbyclient');
      }
      if (adBlocker && !isTopLevelDocument(request)) {
        let source = '';
        try {
          source = request.frame().page().url();
        } catch {
          // Worker requests have no frame; the filter then judges the URL on its own.
        }
        if (adBlocker.isBlocked(url, request.resourceType(), source || url)) {
          state.adsBlocked++;
          return await route.abort('blockedbyclient');
        }
      }
      if (bound && originOf(url) !== bound.origin) {
        const headers = request.headers();
        if (Object.keys(headers).some((name) => boundNames.has(name.toLowerCase()))) {
          const kept = Object.entries(headers).filter(([name]) => !boundNames.has(name.toLowerCase()));
          return await route.continue({ headers: Object.fromEntries(kept) });
        }
      }
      await route.continue();
    } catch {
      // Usually the context closed while this request was paused (render over): nothing to resume. Otherwise the
      // request is dropped rather than let through unchecked.
      await route.abort('blockedbyclient').catch(() => {});
    }
  });

  if (check) {
    await context.routeWebSocket(/.*/, async (ws) => {
      if ((await check(ws.url())).allow) {
        ws.connectToServer();
      } else {
        state.recordRefusal(ws.url(), false);
        await ws.close({ code: 1008, reason: 'refused' }).catch(() => {});
      }
    });
  }
  return state;
}
