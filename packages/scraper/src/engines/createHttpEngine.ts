import type { Source } from '../source.js';
import type { SsrfOptions } from '../ssrf/addressPolicy.js';
import type { ScrapePlan } from '../steps/plan.js';
import type { AcquireOptions, Engine } from './engine.js';
import { type CookieJar, remember, withCookies } from './http/cookieJar.js';
import { createEngineAgents } from './http/engineAgents.js';
import { checkProxiedTarget, readCappedBody, redirectTarget, sendGet } from './http/fetchHop.js';
import { crossOriginHeaders, flattenHeaders, requestHeaders } from './http/requestHeaders.js';

/** Redirect hops followed before giving up (browsers stop at 20; 10 is plenty for real sites and bounds loops). */
export const MAX_REDIRECTS = 10;
/** Largest body kept, before and after decompression: a page bigger than this is not a web page worth converting. */
export const MAX_RESPONSE_BYTES = 50 * 1024 * 1024;

/** A current desktop browser's identity: many sites serve bots an error page or a consent wall instead of content. */
export const DEFAULT_USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

export interface HttpEngineOptions extends SsrfOptions {
  maxRedirects?: number;
  maxResponseBytes?: number;
  userAgent?: string;
}

/**
 * The `fetch` engine: one GET with undici, redirects followed by hand so that every hop goes through the SSRF guard
 * and is bounded, content-encoding undone, the body capped. Non-2xx answers are returned as Sources (they are
 * documents). TLS verification follows the request's `skipTlsVerification`. The steps of a hop are in http/.
 */
export function createHttpEngine(options: HttpEngineOptions = {}): Engine {
  const maxRedirects = options.maxRedirects ?? MAX_REDIRECTS;
  const maxBytes = options.maxResponseBytes ?? MAX_RESPONSE_BYTES;
  const agents = createEngineAgents(options);

  return {
    name: 'fetch',
    async acquire(plan: ScrapePlan, signal: AbortSignal, acquireOptions: AcquireOptions = {}): Promise<Source> {
      const proxy = acquireOptions.proxy;
      const dispatcher = agents.dispatcherFor(proxy, !plan.request.skipTlsVerification);
      let url = plan.url;
      let headers = requestHeaders(plan, options.userAgent ?? DEFAULT_USER_AGENT);
      const jar: CookieJar = new Map();
      for (let hop = 0; ; hop++) {
        if (proxy && !options.allowPrivateUrls) await checkProxiedTarget(url, options);
        const response = await sendGet(url, withCookies(headers, jar, url), dispatcher, signal);
        const responseHeaders = flattenHeaders(response.headers);
        remember(jar, url, response.headers['set-cookie']);
        const next = await redirectTarget(response, responseHeaders.location, url, hop, maxRedirects);
        if (next) {
          if (next.origin !== url.origin) headers = crossOriginHeaders(headers);
          url = next;
          continue;
        }
        const body = await readCappedBody(response, responseHeaders, maxBytes, signal, url);
        return {
          url: plan.url.href,
          finalUrl: url.href,
          status: response.statusCode,
          headers: responseHeaders,
          contentType: responseHeaders['content-type'] ?? '',
          body,
          engine: 'fetch',
          fetchedAt: Date.now(),
        };
      }
    },
    close: () => agents.close(),
  };
}
