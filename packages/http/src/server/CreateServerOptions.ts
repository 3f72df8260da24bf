import type { FastifyBaseLogger } from 'fastify';
import type { ScraperOptions, Scraper } from '@scrape/scraper';
import type { InteractSessions, InteractSettings } from '@scrape/scraper/internal';
import type { Accounts } from '../accounts/openAccounts.js';
import type { LogLevel } from '../config.js';
import type { AgentRoutesOptions } from '../routes/registerAgentRoutes.js';
import type { MonitorRoutesOptions } from '../routes/registerMonitorRoutes.js';

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
