import type { FastifyInstance } from 'fastify';
import type { Scraper } from '@scrape/scraper';
import type { InteractSessions, StoreHome } from '@scrape/scraper/internal';
import type { Accounts } from '../accounts/openAccounts.js';
import type { InteractBilling } from '../routes/createInteractBilling.js';
import { registerAgentRoutes } from '../routes/registerAgentRoutes.js';
import { registerBrowserRoutes } from '../routes/registerBrowserRoutes.js';
import { registerCrawlRoutes } from '../routes/registerCrawlRoutes.js';
import { registerExtractRoutes } from '../routes/registerExtractRoutes.js';
import { registerGetScrapeRoute } from '../routes/registerGetScrapeRoute.js';
import { registerInteractRoutes } from '../routes/registerInteractRoutes.js';
import { registerMonitorRoutes } from '../routes/registerMonitorRoutes.js';
import { registerParseRoute } from '../routes/registerParseRoute.js';
import { registerSearchRoute } from '../routes/registerSearchRoute.js';
import { registerTeamRoutes } from '../routes/registerTeamRoutes.js';
import { registerMetrics } from '../metrics/registerMetrics.js';
import type { CreateServerOptions } from './CreateServerOptions.js';
import type { KeyCheck } from './createRequireKey.js';

/** What the API routes share: the scraper, the guard, accounts, interact sessions and the stores' home. */
export interface ApiRouteParts {
  scraper: Scraper;
  requireKey: KeyCheck['requireKey'];
  accounts?: Accounts;
  interact?: InteractSessions;
  interactBilling: InteractBilling;
  allowPrivateUrls: boolean;
  home: StoreHome;
}

/** Every route of the API besides POST /v2/scrape: interact, parse, search, extract, agent, monitors, crawl, metrics. */
export function registerApiRoutes(app: FastifyInstance, options: CreateServerOptions, parts: ApiRouteParts): void {
  const { scraper, requireKey, accounts, interact, interactBilling, allowPrivateUrls, home } = parts;
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
    llm: options.scraperOptions?.llm,
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
}
