import type { BrowserContext } from 'playwright-core';
import { BrowserError, isBrowserError, reasonOf } from '../BrowserError.js';
import { buildContextOptions } from '../buildContextOptions.js';
import { createAllowCheck } from '../installRequestGuard.js';
import { renderPage } from '../renderPage.js';
import { storageStateOf } from '../sessions/profileState.js';
import { closeQuietly } from '../startChromium.js';
import type { RenderRequest, RenderResult, RetainedPage } from '../types.js';
import { armIdleTimer, getBrowser } from './poolBrowser.js';
import type { ActiveRender, PoolState } from './poolState.js';
import { raceAbort } from './raceAbort.js';
import { retainContext } from './retainContext.js';
import { routeContextProxy } from './routeContextProxy.js';

/** When the render started and how long it waited for its slot. */
export interface RenderTiming {
  deadline: number;
  queuedMs: number;
  started: number;
}

/** A failure of the render as the BrowserError it is: the abort's reason, a crash, or a failed navigation. */
function renderFailure(pool: PoolState, controller: AbortController, error: unknown): BrowserError {
  if (controller.signal.aborted && isBrowserError(controller.signal.reason)) return controller.signal.reason;
  if (isBrowserError(error)) return error;
  if (!pool.browser?.isConnected() && pool.launches > 0)
    return new BrowserError(
      'browser_crashed',
      `Chromium disconnected during the render: ${reasonOf(error)}`,
      {},
      { cause: error },
    );
  return new BrowserError(
    'navigation_failed',
    `render failed: ${reasonOf(error)}`,
    { reason: reasonOf(error) },
    {
      cause: error,
    },
  );
}

/**
 * One render in a slot of its own: a fresh context (proxied through the guard when the request has an SSRF hook),
 * the page rendered, and the context closed, or kept when the request asks to `retain` it.
 */
export async function renderNow(
  pool: PoolState,
  request: RenderRequest,
  controller: AbortController,
  timing: RenderTiming,
): Promise<RenderResult> {
  let context: BrowserContext | undefined;
  let release: (() => void) | undefined;
  let kept: RetainedPage | undefined;
  const render: ActiveRender = { fail: (error) => controller.abort(error) };
  pool.active.add(render);
  if (pool.idleTimer) clearTimeout(pool.idleTimer);
  try {
    let mark = Date.now();
    const current = pool.browser?.isConnected() ? pool.browser : await raceAbort(getBrowser(pool), controller.signal);
    const launchMs = Date.now() - mark;
    mark = Date.now();
    const plan = await buildContextOptions(request, current.version());
    const check = request.allowRequest ? createAllowCheck(request.allowRequest) : undefined;
    let proxyListener: ((url: string, tunnel: boolean) => void) | undefined;
    const work = (async () => {
      release = await routeContextProxy(pool, plan, request, check, (url, tunnel) => proxyListener?.(url, tunnel));
      context = await current.newContext({ ...plan.options, storageState: storageStateOf(request.profile?.state) });
      const contextMs = Date.now() - mark;
      const result = await renderPage(context, plan, request, {
        deadline: timing.deadline,
        check,
        subscribeProxyRefusals: (listener) => (proxyListener = listener),
        adBlockLists: pool.options.adBlockLists,
      });
      return { result, contextMs };
    })();
    // The losing side of the race must not surface as an unhandled rejection once the context is closed.
    work.catch(() => {});
    const { result, contextMs } = await raceAbort(work, controller.signal);
    if (request.retain && context && !pool.closed)
      kept = await retainContext(pool, context, release, check !== undefined).catch(() => undefined);
    const { queuedMs, started } = timing;
    return {
      ...result,
      ...(kept ? { retained: kept } : {}),
      timings: { queuedMs, launchMs, contextMs, ...result.timings, totalMs: Date.now() - started },
    };
  } catch (error) {
    throw renderFailure(pool, controller, error);
  } finally {
    pool.active.delete(render);
    if (!kept) {
      if (context) await closeQuietly(context);
      release?.();
    }
    armIdleTimer(pool);
  }
}
