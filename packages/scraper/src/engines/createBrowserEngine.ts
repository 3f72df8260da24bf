import {
  createBrowserPool,
  isBrowserError,
  type Action as BrowserAction,
  type BrowserPool,
  type BrowserPoolOptions,
  type RenderRequest,
  type RenderResult,
} from '@scrape/browser';
import { errors, isScrapeError } from '../errors.js';
import type { Source } from '../source.js';
import type { SsrfOptions } from '../ssrf/addressPolicy.js';
import { resolveAllowedAddresses } from '../ssrf/resolveAllowedAddresses.js';
import { createAllowRequest, portOf } from '../ssrf/createAllowRequest.js';
import type { ScrapePlan } from '../steps/plan.js';
import type { AcquireOptions, Engine } from './engine.js';
import { toBrowserScrapeError } from './toBrowserScrapeError.js';

/** The rendered DOM is serialised as UTF-8 whatever the page was sent in, so the Source says so. */
const RENDERED_CONTENT_TYPE = 'text/html; charset=utf-8';
/** Schemes the SSRF hook judges by address; anything else a page asks for (ftp:, file:...) is refused. */

export interface BrowserEngineOptions extends SsrfOptions {
  /** A pool to use (tests, a shared pool); the engine then does not close it. Default: its own, made on first use. */
  pool?: BrowserPool;
  /** Options of the engine's own pool (executable, concurrency, idle timeout). */
  poolOptions?: BrowserPoolOptions;
}

export interface BrowserEngine extends Engine {
  /** The pool's state, or null before the first render made one. */
  stats(): ReturnType<BrowserPool['stats']> | null;
}

/**
 * The `browser` engine: a render in @scrape/browser's Chromium pool, with the scraper's SSRF policy checking every
 * request the page makes (redirect hops and subresources included) and pinning each connection to the addresses the
 * check allowed. The pool (and Chromium) starts on the first render, not when the scraper is made.
 */
export function createBrowserEngine(options: BrowserEngineOptions = {}): BrowserEngine {
  let pool = options.pool;
  const ownsPool = options.pool === undefined;
  const ssrf: SsrfOptions = {
    allowPrivateUrls: options.allowPrivateUrls,
    allowAddress: options.allowAddress,
    lookup: options.lookup,
  };

  return {
    name: 'browser',
    async acquire(plan: ScrapePlan, signal: AbortSignal, acquireOptions: AcquireOptions = {}): Promise<Source> {
      // The page itself first, with the HTTP engine's exact errors (DNS failure, SSRF refusal) before any render.
      if (!ssrf.allowPrivateUrls) {
        await resolveAllowedAddresses(plan.url.hostname, portOf(plan.url), ssrf, plan.url.href);
      }
      pool ??= createBrowserPool(options.poolOptions);
      const timeout = Math.max(1, plan.request.timeout - (Date.now() - plan.startedAt));
      let result: RenderResult;
      try {
        result = await pool.render(renderRequestOf(plan, timeout, ssrf, acquireOptions), { signal });
      } catch (error) {
        if (signal.aborted) throw signal.reason;
        if (isBrowserError(error)) throw toBrowserScrapeError(error, plan.url, plan.request.timeout);
        if (isScrapeError(error)) throw error;
        throw errors.internal({ engine: 'browser', reason: error instanceof Error ? error.message : String(error) });
      }
      if (result.retained) {
        if (plan.onRetainedPage && !signal.aborted) plan.onRetainedPage(result.retained);
        else void result.retained.close();
      }
      if (result.profileState) acquireOptions.profile?.onState?.(result.profileState);
      return sourceOf(plan, result);
    },
    stats: () => pool?.stats() ?? null,
    async close() {
      if (ownsPool) await pool?.close();
    },
  };
}

/** The plan in the browser's terms. The contract's actions already have the browser's shapes (defaults filled). */
function renderRequestOf(
  plan: ScrapePlan,
  timeout: number,
  ssrf: SsrfOptions,
  acquireOptions: AcquireOptions,
): RenderRequest {
  const { request } = plan;
  const screenshot = plan.formats.get('screenshot');
  return {
    url: plan.url.href,
    // The pool shares its slots fairly among accounts.
    tenant: plan.team,
    timeout,
    headers: request.headers,
    mobile: request.mobile,
    location: request.location,
    waitFor: request.waitFor,
    actions: request.actions as BrowserAction[] | undefined,
    screenshot:
      screenshot?.type === 'screenshot'
        ? { fullPage: screenshot.fullPage, quality: screenshot.quality, viewport: screenshot.viewport }
        : undefined,
    blockAds: request.blockAds,
    skipTlsVerification: request.skipTlsVerification,
    allowRequest: ssrf.allowPrivateUrls ? undefined : createAllowRequest(ssrf),
    proxy: acquireOptions.proxy,
    branding: plan.formats.has('branding'),
    profile: acquireOptions.profile
      ? { state: acquireOptions.profile.state, capture: acquireOptions.profile.onState !== undefined }
      : undefined,
    retain: plan.onRetainedPage !== undefined,
  };
}

function sourceOf(plan: ScrapePlan, result: RenderResult): Source {
  const source: Source = {
    url: plan.url.href,
    finalUrl: result.finalUrl || result.url,
    status: result.status,
    headers: result.headers,
    contentType: RENDERED_CONTENT_TYPE,
    body: new Uint8Array(Buffer.from(result.html, 'utf8')),
    engine: 'browser',
    fetchedAt: Date.now(),
  };
  if (result.screenshot) {
    const fullPage = plan.formats.get('screenshot');
    source.screenshot = {
      bytes: result.screenshot.bytes,
      mimeType: result.screenshot.mimeType,
      width: result.screenshot.width,
      height: result.screenshot.height,
      fullPage: fullPage?.type === 'screenshot' ? fullPage.fullPage : false,
    };
  }
  if (result.actions) source.actions = result.actions;
  if (result.branding) source.branding = result.branding;
  return source;
}
