import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { createScraper, type Scraper } from '@scrape/scraper';
import {
  createInteractSessions,
  sessionDirectoryForHome,
  type InteractSessions,
  type StoreHome,
} from '@scrape/scraper/internal';
import { DEFAULT_LOG_LEVEL } from '../config.js';
import { pickRequestId } from '../pickRequestId.js';
import type { InteractBilling } from '../routes/createInteractBilling.js';
import type { CreateServerOptions } from './CreateServerOptions.js';

/** The spec caps request bodies (§8, 413) without a number; 10 MB fits any real scrape request many times over. */
const BODY_LIMIT_BYTES = 10 * 1024 * 1024;
/**
 * Node's default (5 s) is shorter than a load balancer's typical idle timeout, which makes proxies hit closed
 * sockets.
 */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** The fields of `o` that are set, so an absent named option does not hide the same field of `scraperOptions`. */
export function definedFields<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/** The Fastify instance: its logger, body limit, request ids, keep-alive and draining settings. */
export function createFastify(options: Pick<CreateServerOptions, 'logger' | 'logLevel'>): FastifyInstance {
  return Fastify({
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
}

/** The embedder's scraper, or one made from the named options over `scraperOptions`. */
export function scraperFor(options: CreateServerOptions, logger: FastifyBaseLogger): Scraper {
  return (
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
      logger,
    })
  );
}

/** The embedder's interact sessions, none (`interact: false`), or sessions made here (Chromium on first use). */
export function interactFor(
  options: CreateServerOptions,
  parts: {
    scraper: Scraper;
    allowPrivateUrls: boolean;
    home: StoreHome;
    billing: InteractBilling;
  },
): InteractSessions | undefined {
  if (options.interact === false) return undefined;
  return (
    options.interact ??
    createInteractSessions({
      allowPrivateUrls: parts.allowPrivateUrls,
      settings: options.interactSettings,
      sandboxBwrapPath: options.sandboxBwrapPath,
      llm: options.scraperOptions?.llm,
      chromiumPath: options.browser?.executablePath ?? options.scraperOptions?.browser?.executablePath,
      profiles: parts.scraper.profiles ?? undefined,
      // With Redis, processes tell each other which scrapes exist and which process holds a session.
      directory: sessionDirectoryForHome(parts.home) ?? undefined,
      billing: parts.billing,
    })
  );
}
