import type { FastifyInstance } from 'fastify';
import type { OpenApiRegistry } from '@scrape/scraper/internal';
import { resolveStoreHome } from '@scrape/scraper/internal';
import { createInteractBilling } from './routes/createInteractBilling.js';
import { registerScrapeRoute, type ScrapeLog } from './routes/registerScrapeRoute.js';
import { ConfigError, DEFAULT_HOST, checkAuthPolicy } from './config.js';
import type { Account } from './accounts/account.js';
import { createArtifactSigner } from './artifacts/createArtifactSigner.js';
import { registerArtifactRoute } from './artifacts/registerArtifactRoute.js';
import { registerPlayground } from './playground/registerPlayground.js';
import type { CreateServerOptions } from './server/CreateServerOptions.js';
import { createFastify, definedFields, interactFor, scraperFor } from './server/createServerParts.js';
import { createRequireKey } from './server/createRequireKey.js';
import { decorateServer, registerServiceRoutes } from './server/decorateServer.js';
import { type Draining, installReplyHandlers, installRequestHooks } from './server/installRequestHooks.js';
import { installLifecycleHooks } from './server/installLifecycleHooks.js';
import { registerApiRoutes } from './server/registerApiRoutes.js';

export type { CreateServerOptions } from './server/CreateServerOptions.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The OpenAPI document served at GET /v2/openapi.json: every route calls `app.openapi.add({...})` beside its
     * handler. A route left out is logged at start-up (see `undocumentedRoutes`).
     */
    openapi: OpenApiRegistry;
    /** `METHOD /path` of the routes the server answers that the OpenAPI document does not list (should be none). */
    undocumentedRoutes(): string[];
    /** Scrapes currently running. */
    inFlightScrapes(): number;
    /** Aborts every running scrape (shutdown grace period over); they answer 503. Returns how many were aborted. */
    abortInFlightScrapes(reason: string): number;
  }
  interface FastifyRequest {
    /**
     * Who the request is billed to: a hash naming the API key; undefined (the scraper's default team) when auth
     * is off.
     */
    team: string | undefined;
    /** The caller's account (limits, credits, permissions); unlimited for SCRAPE_API_KEYS keys and keyless mode. */
    account: Account | null;
    scrapeLog: ScrapeLog | null;
  }
}

/**
 * Builds the v2 HTTP service (not listening: call `listen`). Routes: POST /v2/scrape, GET /v2/openapi.json,
 * GET /health. Every error is `{ success: false, error, code?, details? }` with the spec's status.
 * The steps live in `server/` (Fastify and its hooks, the key guard, the parts, the routes, start-up and close).
 */
export function createServer(options: CreateServerOptions = {}): FastifyInstance {
  const host = options.host ?? DEFAULT_HOST;
  const apiKeys = [...new Set(options.apiKeys ?? [])];
  const accounts = options.accounts;
  // With an account store, keys issued there count too: checked once it is open (onReady).
  const authProblem = accounts ? undefined : checkAuthPolicy(host, apiKeys);
  if (authProblem) throw new ConfigError([authProblem]);

  const app = createFastify(options);
  const scraper = scraperFor(options, app.log);
  const allowPrivateUrls = options.allowPrivateUrls ?? options.scraperOptions?.allowPrivateUrls ?? false;
  const home = resolveStoreHome({ ...options.scraperOptions, ...definedFields(options) });
  const interactBilling = createInteractBilling(accounts, app.log);
  const interact = interactFor(options, { scraper, allowPrivateUrls, home, billing: interactBilling });
  // Without a configured key the links are signed with a random one (scrape-server warns about it at start-up).
  const signer = createArtifactSigner(options.artifactSecret);
  const { requireKey, isKeyless } = createRequireKey({ apiKeys, accounts });
  if (apiKeys.length === 0 && !accounts)
    app.log.warn({ host }, 'authentication is OFF: no API keys configured (allowed only on a loopback address)');

  const running = new Set<AbortController>();
  decorateServer(app, running);
  const draining: Draining = { closing: false };
  installRequestHooks(app, draining);
  registerServiceRoutes(app);
  // A static page over the public API; every call it makes needs a key like any client's.
  registerPlayground(app);
  // Signed links are the capability: no API key, so the links work in a browser or an <img>.
  registerArtifactRoute(app, scraper, signer);
  registerScrapeRoute(app, { scraper, requireKey, accounts, interact, signer, publicUrl: options.publicUrl, running });
  registerApiRoutes(app, options, { scraper, requireKey, accounts, interact, interactBilling, allowPrivateUrls, home });
  installReplyHandlers(app, draining);
  installLifecycleHooks(app, {
    host,
    apiKeys,
    scraper,
    ownsScraper: options.scraper === undefined,
    interact,
    ownsInteract: options.interact === undefined,
    accounts,
    isKeyless,
  });
  return app;
}
