#!/usr/bin/env node
// scrape-server: the v2 HTTP service. Configuration comes from the environment (docs/self-hosting.md).
import { pino } from 'pino';
import { openAccounts } from '../accounts/openAccounts.js';
import { survivePersistenceFailures } from '../survivePersistenceFailures.js';
import { unknownVariables } from '@scrape/scraper/config';
import { ConfigError, loadConfig } from '../config.js';
import { createServer } from '../createServer.js';
import { installGracefulShutdown } from '../installGracefulShutdown.js';
import { VERSION } from '../version.js';

async function main(): Promise<void> {
  let config;
  try {
    // Keys issued with scrape-admin also turn authentication on, so the keyless check waits for the account store.
    config = loadConfig(process.env, { deferAuthPolicy: true });
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`scrape-server: ${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }

  let accounts;
  // The accounts' log lines go to the server's logger, which exists only once the server does.
  let app: ReturnType<typeof createServer> | undefined;
  try {
    accounts = await openAccounts({
      dataDir: config.dataDir,
      redisUrl: config.redisUrl,
      keyPrefix: config.accountsKeyPrefix,
      logger: { warn: (o, msg) => app?.log.warn(o, msg), error: (o, msg) => app?.log.error(o, msg) },
    });
  } catch (err) {
    // Same shape as the other start-up failures: a fatal log line saying why, exit 1.
    pino({ level: config.logLevel }).fatal(
      { err },
      `cannot start: cannot open the account store: ${(err as Error).message}`,
    );
    process.exit(1);
  }

  app = createServer({
    accounts,
    host: config.host,
    apiKeys: config.apiKeys,
    logLevel: config.logLevel,
    artifactSecret: config.artifactSecret,
    publicUrl: config.publicUrl,
    // Stores, proxies, browser, LLM, search, threads, ffmpeg, job lease: all from the same validated variables.
    scraperOptions: config.scraper,
    interactSettings: config.interact.settings,
    sandboxBwrapPath: config.interact.sandboxBwrapPath,
    agent: { maxSteps: config.agent.maxSteps, runTimeoutMs: config.agent.runTimeoutMs },
    monitor: { minIntervalMs: config.monitor.minIntervalMs },
    jobConcurrency: config.jobWorkers,
    metricsToken: config.metrics.token,
    metricsTeams: config.metrics.teams,
  });
  if (config.allowPrivateUrls) {
    app.log.warn('SCRAPE_ALLOW_PRIVATE_URLS is on: the SSRF guard is off and private/loopback targets can be scraped');
  }
  if (!config.artifactSecret) {
    app.log.warn(
      'SCRAPE_ARTIFACT_SECRET is not set: screenshot links are signed with a random per-process key (they stop ' +
        'working after a restart and on other instances)',
    );
  }
  const unknown = unknownVariables(process.env);
  if (unknown.length > 0) app.log.warn({ variables: unknown }, 'unknown SCRAPE_* variables are ignored (a typo?)');
  installGracefulShutdown(app, { graceMs: config.shutdownGraceMs });
  survivePersistenceFailures(app.log);

  try {
    // Opens the scraper's stores first: an unreachable Redis or unwritable data dir is reported as such.
    await app.ready();
  } catch (err) {
    if (err instanceof ConfigError) process.stderr.write(`scrape-server: ${err.message}\n`);
    app.log.fatal({ err }, `cannot start: ${(err as Error).message}`);
    await app.close().catch(() => undefined);
    process.exit(1);
  }
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    app.log.fatal(
      { err, port: config.port, host: config.host },
      `cannot listen on ${config.host}:${config.port}: ${e.code ?? e.message}`,
    );
    await app.close().catch(() => undefined);
    process.exit(1);
  }
  app.log.info(
    {
      version: VERSION,
      addresses: app.addresses(),
      auth:
        config.apiKeys.length > 0
          ? `on (${config.apiKeys.length} key(s) from ` +
            `${config.apiKeysSource}${(await accounts.hasKeys()) ? ' + issued keys' : ''})`
          : (await accounts.hasKeys())
            ? 'on (keys issued with scrape-admin)'
            : 'off (loopback only)',
      stores: config.redisUrl ? `redis (${redactUrl(config.redisUrl)})` : `embedded (${config.dataDir})`,
      allowPrivateUrls: config.allowPrivateUrls,
    },
    'scrape-server listening',
  );
}

/** The Redis URL without its password, for the startup log. */
function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(unparsable URL)';
  }
}

main().catch((err) => {
  process.stderr.write(
    `scrape-server: failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
  );
  process.exit(1);
});
