#!/usr/bin/env node
// scrape-worker: runs crawl and batch pages from the shared job store without serving HTTP. Same environment as
// scrape-server (REDIS_URL or SCRAPE_DATA_DIR, SCRAPE_ALLOW_PRIVATE_URLS, SCRAPE_WEBHOOK_SECRET, SCRAPE_JOB_WORKERS;
// every variable: packages/scraper/src/config/envSchema.ts).
// SCRAPE_WORKER_METRICS_PORT serves its Prometheus metrics (GET /metrics) on SCRAPE_WORKER_METRICS_HOST (127.0.0.1).
import { pino } from 'pino';
import { createScraper } from '@scrape/scraper';
import { openAccounts } from '../accounts/openAccounts.js';
import { ConfigError, readServerConfig, unknownVariables } from '@scrape/scraper/config';
import { createJobBilling } from '../routes/registerCrawlRoutes.js';
import { VERSION } from '../version.js';
import { createServiceMetrics } from '../metrics/createServiceMetrics.js';
import { startMetricsListener } from '../metrics/startMetricsListener.js';

const STOP_GRACE_MS = 30_000;

async function main(): Promise<void> {
  // Every variable is checked at once (the worker serves no API, so the keyless policy is not its concern).
  const { config, problems } = readServerConfig(process.env);
  if (config.jobWorkers < 1) {
    problems.push(
      `SCRAPE_JOB_WORKERS must be a whole number of at least 1 for scrape-worker, got "${config.jobWorkers}"`,
    );
  }
  if (problems.length > 0) {
    process.stderr.write(`scrape-worker: ${new ConfigError(problems).message}\n`);
    process.exit(1);
  }
  const log = pino({ level: config.logLevel });
  const unknown = unknownVariables(process.env);
  if (unknown.length > 0) log.warn({ variables: unknown }, 'unknown SCRAPE_* variables are ignored (a typo?)');
  // Pages run at once (SCRAPE_JOB_WORKERS, default 8); a worker that runs none has no reason to exist.
  const concurrency = config.jobWorkers;
  const metricsPort = config.metrics.workerPort;
  const accounts = await openAccounts({
    dataDir: config.dataDir,
    redisUrl: config.redisUrl,
    keyPrefix: config.accountsKeyPrefix,
    logger: log,
  });
  const scraper = createScraper({ ...config.scraper, logger: log });
  try {
    await scraper.ready();
  } catch (err) {
    log.fatal({ err }, `cannot start: ${(err as Error).message}`);
    process.exit(1);
  }
  const metrics = createServiceMetrics({ scraper, teams: config.metrics.teams });
  if (metricsPort !== undefined) {
    const host = config.metrics.workerHost;
    try {
      const { port } = await startMetricsListener({ metrics, host, port: metricsPort, token: config.metrics.token });
      log.info({ host, port }, 'scrape-worker metrics listening');
    } catch (err) {
      log.fatal({ err }, `cannot serve metrics: ${(err as Error).message}`);
      process.exit(1);
    }
  }
  const worker = await scraper.jobs.startJobWorker({
    concurrency,
    billing: createJobBilling(accounts),
    onCommitted: metrics.onJobCommitted,
  });
  log.info(
    { version: VERSION, concurrency, stores: config.redisUrl ? 'redis' : `embedded (${config.dataDir})` },
    'scrape-worker running',
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    log.info({ signal }, 'scrape-worker stopping: running pages go back to the queue');
    const hard = setTimeout(() => process.exit(1), STOP_GRACE_MS);
    hard.unref();
    await worker.close();
    await scraper.close();
    await accounts.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((err) => {
  process.stderr.write(
    `scrape-worker: failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
  );
  process.exit(1);
});
