import { readFileSync } from 'node:fs';
import type { ProxySettings } from '../engines/planProxyAttempts.js';
import type { ScraperOptions } from '../createScraper.js';
import type { InteractSettings } from '../interact/interactSettings.js';
import { ConfigError } from './configError.js';
import { MIN_ARTIFACT_SECRET_LENGTH, type LogLevel } from './envTypes.js';
import { readEnv, type Env } from './parseEnv.js';
import { interactSettingsFromValues, scraperOptionsFromValues } from './scraperOptionsFromEnv.js';

/** Everything `scrape-server`, `scrape-worker` and `scrape-admin` take from the environment, typed and validated. */
export interface ServerEnvConfig {
  port: number;
  host: string;
  /** Accepted API keys (SCRAPE_API_KEYS and SCRAPE_API_KEYS_FILE, deduplicated); empty: authentication off. */
  apiKeys: string[];
  /** Where the keys came from, for the startup log (never the keys themselves). */
  apiKeysSource: string;
  allowPrivateUrls: boolean;
  dataDir: string;
  logLevel: LogLevel;
  shutdownGraceMs: number;
  /** When set, the page cache, change history, artifacts, jobs and accounts live in this Redis. */
  redisUrl?: string;
  redisKeyPrefix?: string;
  accountsKeyPrefix?: string;
  /** Key of the signed artifact links; absent: a random key per process. */
  artifactSecret?: string;
  /** Public base URL of artifact links; absent: the address and port the server is bound to. */
  publicUrl?: string;
  proxies: ProxySettings;
  /** Crawl and batch pages this process scrapes at once (0: none, scrape-worker processes do). */
  jobWorkers: number;
  webhookSecret?: string;
  metrics: { token?: string; teams: boolean; workerPort?: number; workerHost: string };
  agent: { maxSteps?: number; runTimeoutMs?: number };
  monitor: { minIntervalMs?: number };
  interact: { settings: Partial<InteractSettings>; sandboxBwrapPath?: string };
  /** createScraper()'s options from the same variables (stores, proxies, browser, LLM, search, threads...). */
  scraper: ScraperOptions;
}

/**
 * Reads and checks every variable (see envSchema.ts) and the API keys file, collecting every problem instead of
 * stopping at the first. The values of a variable with a problem are its default, so a caller can add checks of its
 * own (the keyless policy of scrape-server) and report them in the same list.
 */
export function readServerConfig(env: Env = process.env): { config: ServerEnvConfig; problems: string[] } {
  const { values: v, problems } = readEnv(env);

  const apiKeys: string[] = [];
  const sources: string[] = [];
  if (v.SCRAPE_API_KEYS !== undefined) {
    apiKeys.push(...checkKeys(v.SCRAPE_API_KEYS, 'SCRAPE_API_KEYS', problems));
    sources.push('SCRAPE_API_KEYS');
    if (apiKeys.length === 0 && v.SCRAPE_API_KEYS_FILE === undefined)
      problems.push('SCRAPE_API_KEYS is set but holds no keys');
  }
  const keysFile = v.SCRAPE_API_KEYS_FILE;
  if (keysFile !== undefined) {
    const fromFile = readKeysFile(keysFile, problems);
    if (fromFile) {
      apiKeys.push(...fromFile);
      sources.push(`SCRAPE_API_KEYS_FILE (${keysFile})`);
    }
  }
  const secret = v.SCRAPE_ARTIFACT_SECRET;
  if (secret !== undefined && secret.length < MIN_ARTIFACT_SECRET_LENGTH) {
    problems.push(
      `SCRAPE_ARTIFACT_SECRET must be at least ${MIN_ARTIFACT_SECRET_LENGTH} characters (e.g. openssl rand -hex 32)`,
    );
  }
  if (/\s|\/|^\[?$/.test(v.HOST)) problems.push(`HOST must be an address or host name to bind to, got "${v.HOST}"`);

  const scraper = scraperOptionsFromValues(v);
  const config: ServerEnvConfig = {
    port: v.PORT,
    host: v.HOST,
    apiKeys: [...new Set(apiKeys)],
    apiKeysSource: sources.length > 0 ? sources.join(' + ') : 'none',
    allowPrivateUrls: v.SCRAPE_ALLOW_PRIVATE_URLS,
    dataDir: v.SCRAPE_DATA_DIR,
    logLevel: v.LOG_LEVEL,
    shutdownGraceMs: v.SCRAPE_SHUTDOWN_GRACE_MS,
    redisUrl: v.REDIS_URL,
    redisKeyPrefix: v.SCRAPE_REDIS_KEY_PREFIX,
    accountsKeyPrefix: v.SCRAPE_ACCOUNTS_KEY_PREFIX,
    artifactSecret: secret,
    publicUrl: v.SCRAPE_PUBLIC_URL,
    proxies: scraper.proxies ?? {},
    jobWorkers: v.SCRAPE_JOB_WORKERS,
    webhookSecret: v.SCRAPE_WEBHOOK_SECRET,
    metrics: {
      token: v.SCRAPE_METRICS_TOKEN,
      teams: v.SCRAPE_METRICS_TEAMS,
      workerPort: v.SCRAPE_WORKER_METRICS_PORT,
      workerHost: v.SCRAPE_WORKER_METRICS_HOST,
    },
    agent: { maxSteps: v.SCRAPE_AGENT_MAX_STEPS, runTimeoutMs: v.SCRAPE_AGENT_RUN_TIMEOUT_MS },
    monitor: { minIntervalMs: v.SCRAPE_MONITOR_MIN_INTERVAL_MS },
    interact: { settings: interactSettingsFromValues(v), sandboxBwrapPath: v.SCRAPE_SANDBOX_BWRAP },
    scraper,
  };
  return { config, problems };
}

/** The service's configuration from the environment; throws one ConfigError listing every problem. */
export function serverConfigFromEnv(env: Env = process.env): ServerEnvConfig {
  const { config, problems } = readServerConfig(env);
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

function readKeysFile(file: string, problems: string[]): string[] | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    problems.push(
      `SCRAPE_API_KEYS_FILE: cannot read "${file}" (${(err as NodeJS.ErrnoException).code ?? String(err)})`,
    );
    return undefined;
  }
  const lines = text.split(/\r?\n/).map((line) => line.replace(/#.*$/, ''));
  const keys = checkKeys(lines, `SCRAPE_API_KEYS_FILE (${file})`, problems);
  if (keys.length === 0)
    problems.push(`SCRAPE_API_KEYS_FILE: "${file}" holds no keys (one key per line, # starts a comment)`);
  return keys;
}

function checkKeys(items: string[], source: string, problems: string[]): string[] {
  const keys: string[] = [];
  for (const item of items) {
    const key = item.trim();
    if (key === '') continue;
    // A key is sent as one header token; whitespace inside one is almost always a pasting mistake.
    if (/\s/.test(key)) problems.push(`${source}: a key contains whitespace (keys are single tokens)`);
    else keys.push(key);
  }
  return keys;
}
