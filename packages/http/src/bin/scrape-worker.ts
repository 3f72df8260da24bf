#!/usr/bin/env node
// scrape-worker: runs crawl and batch pages from the shared job store without serving HTTP. Same environment as
// scrape-server (REDIS_URL or SCRAPE_DATA_DIR, SCRAPE_ALLOW_PRIVATE_URLS, SCRAPE_WEBHOOK_SECRET, SCRAPE_JOB_WORKERS).
// SCRAPE_WORKER_METRICS_PORT serves its Prometheus metrics (GET /metrics) on SCRAPE_WORKER_METRICS_HOST (127.0.0.1).
import { pino } from 'pino';
import { createScraper } from '@scrape/scraper';
import { openAccounts } from '../accounts/openAccounts.js';
import { ConfigError, loadConfig } from '../config.js';
import { createJobBilling } from '../routes/registerCrawlRoutes.js';
import { VERSION } from '../version.js';
import { createServiceMetrics } from '../metrics/createServiceMetrics.js';
import { startMetricsListener } from '../metrics/startMetricsListener.js';

/** Pages run at once when SCRAPE_JOB_WORKERS is not set. */
const DEFAULT_WORKER_CONCURRENCY = 8;
const STOP_GRACE_MS = 30_000;

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(process.env, { deferAuthPolicy: true });
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`scrape-worker: ${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  const log = pino({ level: config.logLevel });
  const concurrencyText = process.env.SCRAPE_JOB_WORKERS;
  const concurrency = concurrencyText ? Number(concurrencyText) : DEFAULT_WORKER_CONCURRENCY;
  if (!Number.isInteger(concurrency) || concurrency < 1) {
    process.stderr.write(
      `scrape-worker: SCRAPE_JOB_WORKERS must be a whole number of at least 1 (got ${concurrencyText})\n`,
    );
    process.exit(1);
  }
  const accounts = await openAccounts({
    dataDir: config.dataDir,
    redisUrl: config.redisUrl,
    keyPrefix: process.env.SCRAPE_ACCOUNTS_KEY_PREFIX?.trim() || undefined,
    logger: log,
  });
  const scraper = createScraper({
    allowPrivateUrls: config.allowPrivateUrls,
    dataDir: config.dataDir,
    redisUrl: config.redisUrl,
    redisKeyPrefix: process.env.SCRAPE_REDIS_KEY_PREFIX?.trim() || undefined,
    proxies: config.proxies,
    logger: log,
  });
  try {
    await scraper.ready();
  } catch (err) {
    log.fatal({ err }, `cannot start: ${(err as Error).message}`);
    process.exit(1);
  }
  const metricsPortText = process.env.SCRAPE_WORKER_METRICS_PORT?.trim();
  const metricsPort = metricsPortText ? Number(metricsPortText) : undefined;
  if (metricsPort !== undefined && !(Number.isInteger(metricsPort) && metricsPort >= 0 && metricsPort <= 65535)) {
    process.stderr.write(`scrape-worker: SCRAPE_WORKER_METRICS_PORT must be a port number (got ${metricsPortText})\n`);
    process.exit(1);
  }
  const metrics = createServiceMetrics({ scraper, teams: process.env.SCRAPE_METRICS_TEAMS === '1' });
  if (metricsPort !== undefined) {
    const host = process.env.SCRAPE_WORKER_METRICS_HOST?.trim() || '127.0.0.1';
    try {
      const { port } = await startMetricsListener({
        metrics,
        host,
        port: metricsPort,
        token: process.env.SCRAPE_METRICS_TOKEN,
      });
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
