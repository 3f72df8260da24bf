import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { createScraper, ScrapeError, type ScrapeDocument, type Scraper, type ScraperOptions } from '@scrape/scraper';
import {
  createOpenApiRegistry,
  responseSchemas,
  SCRAPE_OPENAPI_ROUTE,
  toOpenApiPath,
  type OpenApiRegistry,
} from '@scrape/scraper/internal';
import {
  createInteractSessions,
  resolveStoreHome,
  sessionDirectoryForHome,
  type InteractSessions,
  type RetainedPage,
} from '@scrape/scraper/internal';
import type { InteractSettings } from '@scrape/scraper/internal';
import { registerInteractRoutes } from './routes/registerInteractRoutes.js';
import { registerGetScrapeRoute } from './routes/registerGetScrapeRoute.js';
import { registerTeamRoutes } from './routes/registerTeamRoutes.js';
import { registerParseRoute } from './routes/registerParseRoute.js';
import { registerSearchRoute } from './routes/registerSearchRoute.js';
import { registerExtractRoutes } from './routes/registerExtractRoutes.js';
import { registerBrowserRoutes } from './routes/registerBrowserRoutes.js';
import { registerAgentRoutes, type AgentRoutesOptions } from './routes/registerAgentRoutes.js';
import { registerCrawlRoutes } from './routes/registerCrawlRoutes.js';
import { registerMonitorRoutes, type MonitorRoutesOptions } from './routes/registerMonitorRoutes.js';
import { createInteractBilling } from './routes/createInteractBilling.js';
import { ConfigError, DEFAULT_HOST, DEFAULT_LOG_LEVEL, checkAuthPolicy, type LogLevel } from './config.js';
import { createAuthenticator } from './createAuthenticator.js';
import { unlimitedAccount, type Account } from './accounts/account.js';
import type { Accounts, Admission } from './accounts/openAccounts.js';
import { isLoopbackHost } from './isLoopbackHost.js';
import { pickRequestId } from './pickRequestId.js';
import { toErrorReply } from './toErrorReply.js';
import { VERSION } from './version.js';
import { createArtifactSigner } from './artifacts/createArtifactSigner.js';
import { artifactUrlFor, registerArtifactRoute } from './artifacts/registerArtifactRoute.js';
import { registerMetrics } from './metrics/registerMetrics.js';
import { registerPlayground } from './playground/registerPlayground.js';

/** The spec caps request bodies (§8, 413) without a number; 10 MB fits any real scrape request many times over. */
export const BODY_LIMIT_BYTES = 10 * 1024 * 1024;
/**
 * Node's default (5 s) is shorter than a load balancer's typical idle timeout, which makes proxies hit closed
 * sockets.
 */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** Another instance (behind the same balancer) can serve the retry at once, hence a one-second Retry-After. */
const SHUTTING_DOWN = () =>
  new ScrapeError({
    status: 503,
    error: 'Service Unavailable',
    details: { reason: 'The server is shutting down; retry.' },
    headers: { 'Retry-After': '1' },
  });
const UNAUTHORIZED = { success: false, error: 'Unauthorized: Invalid token', code: 'UNAUTHORIZED' } as const;

/**
 * The server reads no environment variable: scrape-server passes what `serverConfigFromEnv()` read (the fields below
 * and `scraperOptions`); an embedder passes what it wants, and anything absent takes its default.
 */
export interface CreateServerOptions {
  /** The address the server will be bound to. Keyless mode is refused unless it is a loopback address. */
  host?: string;
  /** Accepted API keys; empty or absent turns authentication off (loopback only). */
  apiKeys?: readonly string[];
  /** Passed to createScraper: turns the SSRF guard off (local use and tests). */
  allowPrivateUrls?: boolean;
  /** Passed to createScraper: where the embedded stores live. */
  dataDir?: string;
  /** Passed to createScraper: keep the page cache, history and artifacts in this Redis instead (wins over dataDir). */
  redisUrl?: string;
  /** Passed to createScraper: prefix of every Redis key (one Redis can host several services or test runs). */
  redisKeyPrefix?: string;
  logLevel?: LogLevel;
  /** A pino logger to use instead of a new one (it must be pino: Fastify needs child loggers). */
  logger?: FastifyBaseLogger;
  /** An existing scraper (embedding). The server closes only a scraper it created itself. */
  scraper?: Scraper;
  /**
   * Accounts, credits and limits (see openAccounts). Keys issued there turn authentication on; `apiKeys` still work
   * as unlimited accounts. Closed by the server.
   */
  accounts?: Accounts;
  /**
   * Key of the signed artifact links (screenshots, action outputs). Absent: a random key per process, so links die
   * with the process and are not valid on other instances behind the same balancer.
   */
  artifactSecret?: string;
  /**
   * Public base URL for artifact links (e.g. https://scrape.example.com behind a proxy); default: the address the
   * request arrived at (never the client's Host header).
   */
  publicUrl?: string;
  /** Passed to createScraper: the browser pool (Chromium path, concurrency). */
  browser?: ScraperOptions['browser'];
  /** Passed to createScraper: proxies per tier (default from SCRAPE_PROXY_BASIC / SCRAPE_PROXY_ENHANCED). */
  proxies?: ScraperOptions['proxies'];
  /** Largest file POST /v2/parse accepts (default PARSE_MAX_FILE_BYTES, 50 MB); larger is a 413. */
  parseMaxFileBytes?: number;
  /** Passed to createScraper: search provider (SCRAPE_SEARXNG_URL) and the local index of scraped pages. */
  search?: ScraperOptions['search'];
  /**
   * The rest of createScraper()'s options (e.g. `scraperOptionsFromEnv()`: LLM, threads, ffmpeg, job lease...); the
   * named options above win over the same fields here. The model also serves interact prompts and agent runs.
   */
  scraperOptions?: ScraperOptions;
  /** Interact sessions' tunables (SCRAPE_INTERACT_*); absent fields keep their defaults. */
  interactSettings?: Partial<InteractSettings>;
  /** The bubblewrap binary of the interact code sandbox (SCRAPE_SANDBOX_BWRAP; default: found in /usr/bin...). */
  sandboxBwrapPath?: string;
  /**
   * Interact sessions (default: made here, Chromium started on the first session; closed by the server).
   * `false`: none.
   */
  interact?: InteractSessions | false;
  /**
   * Monitors: shortest schedule (default one minute), whether this process fires scheduled checks, the webhook key
   * (default: `scraperOptions.webhookSecret`).
   */
  monitor?: Pick<MonitorRoutesOptions, 'minIntervalMs' | 'schedule' | 'webhookSecret'>;
  /**
   * Agent runs: the job queue (default: in the stores' home), the model (default: `scraperOptions.llm`), steps and
   * time per run, the webhook key (default: `scraperOptions.webhookSecret`).
   */
  agent?: Pick<AgentRoutesOptions, 'jobs' | 'llm' | 'maxSteps' | 'runTimeoutMs' | 'webhookSecret'>;
  /**
   * Crawl and batch pages this process scrapes at once (a job worker in the server; default 8, SCRAPE_JOB_WORKERS).
   * 0: none here, the jobs are run by `scrape-worker` processes sharing the store.
   */
  jobConcurrency?: number;
  /** Bearer token for GET /metrics besides the API keys (SCRAPE_METRICS_TOKEN). */
  metricsToken?: string;
  /** Hashed team labels on the scrape and credit metrics (SCRAPE_METRICS_TEAMS). */
  metricsTeams?: boolean;
}

/** What the per-request log line says about a scrape, filled as the request goes. Never the body. */
interface ScrapeLog {
  host?: string;
  engine?: string;
  pageStatus?: number;
  code?: string;
  cacheState?: 'hit' | 'miss';
  credits?: number;
}

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
 */
export function createServer(options: CreateServerOptions = {}): FastifyInstance {
  const host = options.host ?? DEFAULT_HOST;
  const apiKeys = [...new Set(options.apiKeys ?? [])];
  const accounts = options.accounts;
  // With an account store, keys issued there count too: checked once it is open (onReady).
  const authProblem = accounts ? undefined : checkAuthPolicy(host, apiKeys);
  if (authProblem) throw new ConfigError([authProblem]);

  const app = Fastify({
    ...(options.logger
      ? { loggerInstance: options.logger }
      : { logger: { level: options.logLevel ?? DEFAULT_LOG_LEVEL, redact: ['req.headers.authorization'] } }),
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT_BYTES,
    requestIdHeader: false,
    genReqId: (req) => pickRequestId(req.headers['x-request-id']),
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    // Idle keep-alive sockets are closed on shutdown; sockets with a request in flight are left to finish.
    forceCloseConnections: 'idle',
    // Requests that still arrive while draining get our 503 (in the spec's error shape) from the onRequest hook below.
    return503OnClosing: false,
  }) as unknown as FastifyInstance;

  const ownsScraper = options.scraper === undefined;
  const scraper =
    options.scraper ??
    createScraper({
      ...options.scraperOptions,
      ...definedFields({
        allowPrivateUrls: options.allowPrivateUrls,
        dataDir: options.dataDir,
        redisUrl: options.redisUrl,
        redisKeyPrefix: options.redisKeyPrefix,
        browser: options.browser,
        proxies: options.proxies,
        search: options.search,
      }),
      logger: app.log,
    });
  const allowPrivateUrls = options.allowPrivateUrls ?? options.scraperOptions?.allowPrivateUrls ?? false;
  const llm = options.scraperOptions?.llm;
  const home = resolveStoreHome({ ...options.scraperOptions, ...definedFields(options) });
  const ownsInteract = options.interact === undefined;
  const interactBilling = createInteractBilling(accounts, app.log);
  const interact =
    options.interact === false
      ? undefined
      : (options.interact ??
        createInteractSessions({
          allowPrivateUrls,
          settings: options.interactSettings,
          sandboxBwrapPath: options.sandboxBwrapPath,
          llm,
          chromiumPath: options.browser?.executablePath ?? options.scraperOptions?.browser?.executablePath,
          profiles: scraper.profiles ?? undefined,
          // With Redis, processes tell each other which scrapes exist and which process holds a session.
          directory: sessionDirectoryForHome(home) ?? undefined,
          billing: interactBilling,
        }));
  // Without a configured key the links are signed with a random one (scrape-server warns about it at start-up).
  const signer = createArtifactSigner(options.artifactSecret);
  const authenticate = createAuthenticator(apiKeys);
  const keyless = apiKeys.length === 0;
  const isKeyless = async () => keyless && !(accounts && (await accounts.hasKeys()));
  if (keyless && !accounts)
    app.log.warn({ host }, 'authentication is OFF: no API keys configured (allowed only on a loopback address)');

  const openapi = createOpenApiRegistry();
  app.decorate('openapi', openapi);
  const servedRoutes = new Set<string>();
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      if (method !== 'HEAD') servedRoutes.add(`${method} ${toOpenApiPath(route.url)}`);
  });
  app.decorate('undocumentedRoutes', () => {
    const documented = new Set(openapi.operations());
    return [...servedRoutes].filter((operation) => !documented.has(operation));
  });

  const running = new Set<AbortController>();
  app.decorate('inFlightScrapes', () => running.size);
  app.decorate('abortInFlightScrapes', (reason: string) => {
    const count = running.size;
    for (const controller of running) controller.abort(new Error(reason));
    return count;
  });
  app.decorateRequest('team', undefined);
  app.decorateRequest('account', null);
  app.decorateRequest('scrapeLog', null);

  let closing = false;
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (closing) throw SHUTTING_DOWN();
  });
  // The API speaks JSON only: without Fastify's text/plain parser any other content type is a clear 415.
  app.removeContentTypeParser('text/plain');
  // The Firecrawl CLI and AI-SDK tools stop sessions with `DELETE` + `Content-Type: application/json` and no body;
  // only a POST needs a body, so an empty one elsewhere is no body rather than a 400.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (request.method !== 'POST' && (body === '' || (typeof body === 'string' && body.trim() === '')))
      return done(null, undefined);
    parseJson(request, body as string, done);
  });

  const requireKey = async (request: FastifyRequest, reply: FastifyReply) => {
    // A key issued moments ago is honoured at once, even before the keyless check notices the store has keys.
    const issued =
      keyless && accounts && request.headers.authorization
        ? await accounts.authenticate(request.headers.authorization)
        : null;
    if (issued) {
      request.team = issued.id;
      request.account = issued;
      return;
    }
    if (await isKeyless()) {
      // Belt and braces: a keyless server somehow listening on a public address still serves only local callers.
      const local = request.socket?.localAddress;
      if (local !== undefined && !isLoopbackHost(local)) {
        request.log.warn(
          { localAddress: local },
          'refused: authentication is off and the request did not arrive on loopback',
        );
        return reply.code(401).header('www-authenticate', 'Bearer').send(UNAUTHORIZED);
      }
      request.account = unlimitedAccount(undefined);
      return;
    }
    const result = authenticate(request.headers.authorization);
    if (result.ok && !keyless) {
      request.team = result.team;
      request.account = unlimitedAccount(result.team);
      return;
    }
    const account = accounts ? await accounts.authenticate(request.headers.authorization) : null;
    if (!account) return reply.code(401).header('www-authenticate', 'Bearer').send(UNAUTHORIZED);
    request.team = account.id;
    request.account = account;
  };

  app.get('/health', async () => ({ ok: true, version: VERSION }));
  openapi.add({
    method: 'get',
    path: '/health',
    operationId: 'health',
    summary: 'Liveness and the server version.',
    auth: false,
    responses: {
      '200': {
        description: 'The server is up.',
        body: { name: 'HealthResponse', schema: responseSchemas.healthResponseSchema },
      },
    },
  });

  app.get('/v2/openapi.json', async () => openapi.document());
  openapi.add({
    method: 'get',
    path: '/v2/openapi.json',
    operationId: 'openapi',
    summary: 'This document: every route the server answers.',
    auth: false,
    responses: { '200': { description: 'OpenAPI 3.1 document.', contentType: 'application/json' } },
  });

  // A static page over the public API; every call it makes needs a key like any client's.
  registerPlayground(app);

  // Signed links are the capability: no API key, so the links work in a browser or an <img>.
  registerArtifactRoute(app, scraper, signer);

  app.post('/v2/scrape', { onRequest: requireKey }, async (request, reply) => {
    const log: ScrapeLog = { host: hostOf(request.body) };
    request.scrapeLog = log;
    const shutdown = new AbortController();
    running.add(shutdown);
    // An abandoned scrape stops using the engine. The response's 'close' before it finished means the client left;
    // (Fastify's request.signal is not used: it follows the request stream, which closes once the body is read.)
    const client = new AbortController();
    const onClose = () => {
      if (!reply.raw.writableFinished) client.abort(new Error('client disconnected'));
    };
    reply.raw.once('close', onClose);
    const signal = AbortSignal.any([client.signal, shutdown.signal]);
    let admission: Admission | undefined;
    // The browser page of this scrape, kept for a first interact call; closed here unless interact took it.
    let kept: RetainedPage | undefined;
    let answered = false;
    const onRetainedPage = interact?.keepsScrapePages
      ? (page: RetainedPage) => {
          // A render that finishes after this request was answered (aborted meanwhile) has nobody to hand its page to.
          if (answered) return void page.close().catch(() => {});
          void kept?.close().catch(() => {});
          kept = page;
        }
      : undefined;
    try {
      // Permissions, rate limit, credits held, concurrency slot (may wait); settled below whatever happens.
      if (accounts && request.account) admission = await accounts.admit(request.account, request.body, signal);
      const data = await scraper.scrape(request.body, {
        signal,
        team: request.team,
        artifactUrl: artifactUrlFor(request, signer, options.publicUrl),
        onRetainedPage,
        // PDF pages are reserved before they are parsed, and the parse stops where the balance does.
        creditBudget: admission?.creditBudget,
      });
      await admission?.succeed(data);
      const page = kept;
      kept = undefined;
      await rememberForInteract(interact, data, request.body, request.team, page);
      log.engine = engineOf(data);
      log.pageStatus = typeof data.metadata?.statusCode === 'number' ? data.metadata.statusCode : undefined;
      log.cacheState = data.metadata?.cacheState === 'hit' ? 'hit' : 'miss';
      log.credits = typeof data.metadata?.creditsUsed === 'number' ? data.metadata.creditsUsed : undefined;
      return { success: true, data };
    } catch (err) {
      await admission?.fail(err);
      if (client.signal.aborted) {
        // Nobody is left to answer; the line stands in for the response log.
        request.log.info(
          { host: log.host, status: 499, durationMs: Math.round(reply.elapsedTime) },
          'scrape abandoned: client disconnected',
        );
        return reply.hijack();
      }
      if (shutdown.signal.aborted) throw SHUTTING_DOWN();
      throw err;
    } finally {
      answered = true;
      void kept?.close().catch(() => {});
      running.delete(shutdown);
      reply.raw.off('close', onClose);
    }
  });
  openapi.add(SCRAPE_OPENAPI_ROUTE);

  if (interact) registerInteractRoutes(app, interact, requireKey, interactBilling, accounts);
  if (interact) registerBrowserRoutes(app, interact, requireKey, interactBilling, accounts);
  registerGetScrapeRoute(app, scraper, requireKey);
  registerTeamRoutes(app, accounts, requireKey);
  registerParseRoute(app, { scraper, accounts, requireKey, maxFileBytes: options.parseMaxFileBytes });
  registerSearchRoute(app, { scraper, accounts, requireKey });
  registerExtractRoutes(app, { scraper, accounts, requireKey });
  registerAgentRoutes(app, {
    requireKey,
    scraper,
    interact,
    accounts,
    allowPrivateUrls,
    llm,
    webhookSecret: options.scraperOptions?.webhookSecret,
    ...options.agent,
  });
  registerMonitorRoutes(app, {
    scraper,
    requireKey,
    accounts,
    // The scraper's home (options or scraperOptions), so monitors live where the scraper's stores do.
    ...(home.kind === 'redis'
      ? { redisUrl: home.redisUrl, redisKeyPrefix: home.keyPrefix }
      : { dataDir: home.dataDir }),
    allowPrivateUrls,
    ...options.monitor,
    webhookSecret: options.monitor?.webhookSecret ?? options.scraperOptions?.webhookSecret,
  });

  const metrics = registerMetrics(app, {
    scraper,
    requireKey,
    token: options.metricsToken,
    teams: options.metricsTeams ?? false,
  });
  // Crawl, batch scrape and map (and the job worker of this process).
  void app.register(registerCrawlRoutes, {
    scraper,
    requireKey,
    accounts,
    jobConcurrency: options.jobConcurrency,
    onCommitted: metrics.onJobCommitted,
  });

  // Clients print `error`: naming the method and path tells a user which call the server does not know.
  app.setNotFoundHandler(async (request, reply) =>
    reply.code(404).send({
      success: false,
      error: `Not Found: no route ${request.method} ${pathOf(request.url)}`,
      code: 'ROUTE_NOT_FOUND',
    }),
  );

  app.setErrorHandler(async (err, request, reply) => {
    const result = toErrorReply(err);
    if (request.scrapeLog) request.scrapeLog.code = result.body.code;
    if (result.unexpected) request.log.error({ err }, 'unexpected error');
    if (result.headers) reply.headers(result.headers);
    return reply.code(result.status).send(result.body);
  });

  // One line per request, written when the response is done (never the body; the scrape line adds host and engine).
  app.addHook('onResponse', async (request, reply) => {
    const base = { method: request.method, status: reply.statusCode, durationMs: Math.round(reply.elapsedTime) };
    if (request.routeOptions.url === '/v2/scrape') {
      request.log.info({ ...base, ...(request.scrapeLog ?? {}) }, 'scrape');
    } else if (request.routeOptions.url === '/health') {
      request.log.debug({ ...base, path: '/health' }, 'request');
    } else {
      request.log.info({ ...base, path: request.routeOptions.url ?? pathOf(request.url) }, 'request');
    }
  });

  // While shutting down, a finished response also ends its keep-alive connection, so an idle client cannot hold
  // the process open for the whole keep-alive timeout.
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) reply.header('connection', 'close');
    return payload;
  });

  // Open the scraper's stores before listening, so an unreachable Redis or unwritable data dir stops the start-up
  // with its reason instead of failing the first scrapes.
  app.addHook('onReady', async () => {
    const undocumented = app.undocumentedRoutes();
    if (undocumented.length > 0) app.log.warn({ routes: undocumented }, 'routes missing from /v2/openapi.json');
    await scraper.ready?.();
    if (accounts) {
      const problem = checkAuthPolicy(host, (await accounts.hasKeys()) ? ['(issued keys)'] : apiKeys);
      if (problem)
        throw new ConfigError([
          problem.replace(
            'no API keys are configured',
            'no API keys are configured or issued (scrape-admin keys create)',
          ),
        ]);
      if (await isKeyless())
        app.log.warn(
          { host },
          'authentication is OFF: no API keys configured or issued (allowed only on a loopback address)',
        );
    }
  });

  // Fastify closes the listener (and waits for in-flight requests) before its onClose hooks run,
  // so the scraper is only closed once no request can still use it.
  app.addHook('onClose', async () => {
    if (ownsScraper) await scraper.close();
    if (ownsInteract) await interact?.close();
    await accounts?.close();
  });

  return app;
}

/** A finished scrape can be continued with interact: its scrapeId, final URL, team and profile. */
async function rememberForInteract(
  interact: InteractSessions | undefined,
  data: ScrapeDocument,
  body: unknown,
  team: string | undefined,
  page: RetainedPage | undefined,
): Promise<void> {
  const m = data.metadata as { scrapeId?: unknown; url?: unknown; sourceURL?: unknown };
  const url = typeof m.url === 'string' ? m.url : typeof m.sourceURL === 'string' ? m.sourceURL : undefined;
  if (!interact || typeof m.scrapeId !== 'string' || !url) return void page?.close().catch(() => {});
  type Body = { profile?: { name?: unknown; saveChanges?: unknown }; zeroDataRetention?: unknown; lockdown?: unknown };
  const b = body as Body | null;
  const profile = b?.profile;
  await interact.rememberScrape(m.scrapeId, {
    team,
    url,
    profile:
      typeof profile?.name === 'string'
        ? { name: profile.name, saveChanges: profile.saveChanges !== false }
        : undefined,
    page,
    // Nothing of a zero-data-retention or lockdown request is written anywhere (the directory lives in Redis).
    zeroDataRetention: b?.zeroDataRetention === true || b?.lockdown === true,
  });
}

/**
 * The target's host for the log line; nothing for zero-data-retention and lockdown requests, which promise no
 * trace.
 */
function hostOf(body: unknown): string | undefined {
  const b = body as { url?: unknown; zeroDataRetention?: unknown; lockdown?: unknown } | null;
  if (b?.zeroDataRetention === true || b?.lockdown === true) return undefined;
  const url = b?.url;
  if (typeof url !== 'string') return undefined;
  try {
    return new URL(url).host || undefined;
  } catch {
    return undefined;
  }
}

/** Whichever field the scraper uses to say which engine served the page (it is not part of the v2 document). */
function engineOf(doc: ScrapeDocument): string | undefined {
  const m = doc.metadata as Record<string, unknown> | undefined;
  for (const candidate of [m?.engine, (doc as Record<string, unknown>).engine]) {
    if (typeof candidate === 'string') return candidate;
  }
  return undefined;
}

function pathOf(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}

/** The fields of `o` that are set, so an absent named option does not hide the same field of `scraperOptions`. */
function definedFields<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, value]) => value !== undefined)) as Partial<T>;
}
