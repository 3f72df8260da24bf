import type { FastifyInstance } from 'fastify';
import type { Scraper } from '@scrape/scraper';
import type { InteractSessions } from '@scrape/scraper/internal';
import type { Accounts } from '../accounts/openAccounts.js';
import { ConfigError, checkAuthPolicy } from '../config.js';

export interface LifecycleParts {
  host: string;
  apiKeys: readonly string[];
  scraper: Scraper;
  /** Whether the server made the scraper (and so closes it). */
  ownsScraper: boolean;
  interact?: InteractSessions;
  /** Whether the server made the interact sessions (and so closes them). */
  ownsInteract: boolean;
  accounts?: Accounts;
  isKeyless: () => Promise<boolean>;
}

/**
 * Start-up and close: the stores open (and the auth policy is checked against issued keys) before listening; the
 * scraper, sessions and accounts close after the last request.
 */
export function installLifecycleHooks(app: FastifyInstance, parts: LifecycleParts): void {
  const { host, apiKeys, scraper, accounts } = parts;
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
      if (await parts.isKeyless())
        app.log.warn(
          { host },
          'authentication is OFF: no API keys configured or issued (allowed only on a loopback address)',
        );
    }
  });
  // Fastify closes the listener (and waits for in-flight requests) before its onClose hooks run,
  // so the scraper is only closed once no request can still use it.
  app.addHook('onClose', async () => {
    if (parts.ownsScraper) await scraper.close();
    if (parts.ownsInteract) await parts.interact?.close();
    await accounts?.close();
  });
}
