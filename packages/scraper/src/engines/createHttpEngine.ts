import { Agent, ProxyAgent, request, type Dispatcher } from 'undici';
import { errors } from '../errors.js';
import type { Source } from '../source.js';
import type { SsrfOptions } from '../ssrf/addressPolicy.js';
import { createGuardedConnector } from '../ssrf/createGuardedConnector.js';
import { resolveAllowedAddresses } from '../ssrf/resolveAllowedAddresses.js';
import type { ScrapePlan } from '../steps/plan.js';
import type { AcquireOptions, Engine, ProxyEndpoint } from './engine.js';
import { readBody } from './readBody.js';
import { toFetchError } from './toFetchError.js';

/** Redirect hops followed before giving up (browsers stop at 20; 10 is plenty for real sites and bounds loops). */
export const MAX_REDIRECTS = 10;
/** Largest body kept, before and after decompression: a page bigger than this is not a web page worth converting. */
export const MAX_RESPONSE_BYTES = 50 * 1024 * 1024;
/** Per-connection dial limit. The scrape's own timeout (1 s to 300 s) normally ends a slow fetch first. */
const CONNECT_TIMEOUT_MS = 30_000;
/** Let the scrape's AbortSignal, not undici's idle timers, decide when a slow server has taken too long. */
const SOCKET_TIMEOUT_MS = 300_000;

/** A current desktop browser's identity: many sites serve bots an error page or a consent wall instead of content. */
export const DEFAULT_USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const DEFAULT_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
/** Only encodings readBody can undo. */
const ACCEPT_ENCODING = 'gzip, deflate, br';
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** Connection-level headers the client may not set (undici refuses them; they describe our socket, not the page). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'proxy-connection',
  'te',
  'trailer',
  'expect',
  'content-length',
]);
/**
 * `Host` comes from the URL only: a client's own would be sent to the address the SSRF guard checked for another
 * name (virtual-host confusion: the checked public server may route it to an internal site).
 */
const URL_BOUND = new Set(['host']);
/** On a redirect to another origin only these go along (the client's other headers may be credentials or tokens). */
const FOLLOWS_CROSS_ORIGIN = new Set(['user-agent', 'accept', 'accept-language', 'accept-encoding']);

export interface HttpEngineOptions extends SsrfOptions {
  maxRedirects?: number;
  maxResponseBytes?: number;
  userAgent?: string;
}

/**
 * The `fetch` engine: one GET with undici, redirects followed by hand so that every hop goes through the SSRF guard
 * and is bounded, content-encoding undone, the body capped. Non-2xx answers are returned as Sources (they are
 * documents). TLS verification follows the request's `skipTlsVerification`.
 */
export function createHttpEngine(options: HttpEngineOptions = {}): Engine {
  const maxRedirects = options.maxRedirects ?? MAX_REDIRECTS;
  const maxBytes = options.maxResponseBytes ?? MAX_RESPONSE_BYTES;
  const agents = new Map<boolean, Agent>();
  const proxyAgents = new Map<string, ProxyAgent>();

  /**
   * Through a proxy the proxy dials the target, so the guard checks the target's resolution before each hop (the
   * proxy's own later lookup is outside our network). The proxy itself is the operator's choice and not checked.
   */
  function proxyAgentFor(proxy: ProxyEndpoint, verifyTls: boolean): ProxyAgent {
    const key = `${proxy.server}\n${proxy.username ?? ''}\n${proxy.password ?? ''}\n${verifyTls}`;
    let agent = proxyAgents.get(key);
    if (!agent) {
      agent = new ProxyAgent({
        uri: proxy.server,
        token:
          proxy.username !== undefined
            ? `Basic ${Buffer.from(`${proxy.username}:${proxy.password ?? ''}`).toString('base64')}`
            : undefined,
        // Plain-HTTP targets in absolute form: many proxies only allow CONNECT to port 443.
        proxyTunnel: false,
        requestTls: { rejectUnauthorized: verifyTls },
        headersTimeout: SOCKET_TIMEOUT_MS,
        bodyTimeout: SOCKET_TIMEOUT_MS,
      });
      proxyAgents.set(key, agent);
    }
    return agent;
  }

  function agentFor(verifyTls: boolean): Agent {
    let agent = agents.get(verifyTls);
    if (!agent) {
      agent = new Agent({
        connect: createGuardedConnector({
          ...options,
          rejectUnauthorized: verifyTls,
          connectTimeoutMs: CONNECT_TIMEOUT_MS,
        }),
        headersTimeout: SOCKET_TIMEOUT_MS,
        bodyTimeout: SOCKET_TIMEOUT_MS,
      });
      agents.set(verifyTls, agent);
    }
    return agent;
  }

  return {
    name: 'fetch',
    async acquire(plan: ScrapePlan, signal: AbortSignal, acquireOptions: AcquireOptions = {}): Promise<Source> {
      const proxy = acquireOptions.proxy;
      const dispatcher: Dispatcher = proxy
        ? proxyAgentFor(proxy, !plan.request.skipTlsVerification)
        : agentFor(!plan.request.skipTlsVerification);
      let url = plan.url;
      let headers = requestHeaders(plan, options.userAgent ?? DEFAULT_USER_AGENT);
      const jar = new Map<string, Map<string, string>>();
      for (let hop = 0; ; hop++) {
        let response: Awaited<ReturnType<typeof request>>;
        if (proxy && !options.allowPrivateUrls) {
          await resolveAllowedAddresses(
            url.hostname,
            Number(url.port) || (url.protocol === 'https:' ? 443 : 80),
            options,
            url.href,
          );
        }
        try {
          response = await request(url, { method: 'GET', headers: withCookies(headers, jar, url), dispatcher, signal });
        } catch (error) {
          throw signal.aborted ? signal.reason : toFetchError(error, url);
        }
        const responseHeaders = flattenHeaders(response.headers);
        remember(jar, url, response.headers['set-cookie']);
        const location = responseHeaders.location;
        if (REDIRECT_STATUSES.has(response.statusCode) && location) {
          await response.body.dump().catch(() => undefined);
          const next = URL.canParse(location, url) ? new URL(location, url) : null;
          if (!next || (next.protocol !== 'http:' && next.protocol !== 'https:')) throw errors.badRedirect(location);
          if (hop + 1 > maxRedirects) throw errors.tooManyRedirects(maxRedirects, next.href);
          if (next.origin !== url.origin) headers = crossOriginHeaders(headers);
          url = next;
          continue;
        }
        let body: Uint8Array;
        try {
          if (Number(responseHeaders['content-length']) > maxBytes) throw errors.responseTooLarge(maxBytes);
          body = await readBody(response.body, responseHeaders['content-encoding'] ?? '', maxBytes);
        } catch (error) {
          discard(response.body);
          throw signal.aborted ? signal.reason : toFetchError(error, url);
        }
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
    async close() {
      await Promise.all([...agents.values(), ...proxyAgents.values()].map((agent) => agent.close()));
      agents.clear();
      proxyAgents.clear();
    },
  };
}

/** Drops an unread body; undici reports destroying a body mid-stream as an error event, which nobody needs here. */
function discard(body: { on(event: 'error', listener: () => void): unknown; destroy(): unknown }): void {
  body.on('error', () => undefined);
  body.destroy();
}

/** Defaults first, then the client's headers (they win, case-insensitively). */
function requestHeaders(plan: ScrapePlan, userAgent: string): Record<string, string> {
  const headers: Record<string, string> = {
    'user-agent': userAgent,
    accept: DEFAULT_ACCEPT,
    'accept-language': plan.acceptLanguage,
    'accept-encoding': ACCEPT_ENCODING,
  };
  for (const [name, value] of Object.entries(plan.request.headers ?? {})) {
    const lower = name.toLowerCase();
    if (!HOP_BY_HOP.has(lower) && !URL_BOUND.has(lower)) headers[lower] = value;
  }
  return headers;
}

/** What follows a redirect to another origin: the request's identity, none of the client's custom headers. */
function crossOriginHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => FOLLOWS_CROSS_ORIGIN.has(name)));
}

function flattenHeaders(raw: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (value !== undefined) out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

/**
 * A per-scrape cookie jar keyed by host: sites that set a cookie and redirect (consent, session bootstrap) would
 * otherwise loop until the redirect limit. Attributes are ignored; cookies never leave their host.
 */
function remember(jar: Map<string, Map<string, string>>, url: URL, setCookie: string | string[] | undefined): void {
  if (!setCookie) return;
  const cookies = jar.get(url.host) ?? new Map<string, string>();
  for (const line of Array.isArray(setCookie) ? setCookie : [setCookie]) {
    const pair = line.split(';', 1)[0];
    const eq = pair.indexOf('=');
    if (eq > 0) cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
  }
  jar.set(url.host, cookies);
}

function withCookies(
  headers: Record<string, string>,
  jar: Map<string, Map<string, string>>,
  url: URL,
): Record<string, string> {
  const cookies = jar.get(url.host);
  if (!cookies || cookies.size === 0) return headers;
  const jarCookies = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  return { ...headers, cookie: headers.cookie ? `${headers.cookie}; ${jarCookies}` : jarCookies };
}
