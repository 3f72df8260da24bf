import { readFileSync } from 'node:fs';
import { isLoopbackHost } from './isLoopbackHost.js';
import { parseProxyUrl, type ProxySettings } from '@scrape/scraper';
import { MIN_ARTIFACT_SECRET_LENGTH } from './artifacts/createArtifactSigner.js';

/** The port the reference service's self-hosted build listens on, so existing clients' habits carry over. */
export const DEFAULT_PORT = 3002;
/** Loopback by default: a fresh install is not reachable from the network until the operator decides so. */
export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_DATA_DIR = './.scrape-data';
export const DEFAULT_LOG_LEVEL = 'info';
/** Below the 30 s most orchestrators wait between SIGTERM and SIGKILL, so we exit cleanly before being killed. */
export const DEFAULT_SHUTDOWN_GRACE_MS = 25_000;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface ServerConfig {
  port: number;
  host: string;
  /** Accepted API keys; empty means authentication is off (allowed only on a loopback host). */
  apiKeys: string[];
  /** Where the keys came from, for the startup log (never the keys themselves). */
  apiKeysSource: string;
  allowPrivateUrls: boolean;
  dataDir: string;
  logLevel: LogLevel;
  shutdownGraceMs: number;
  /** When set, the page cache, change history and artifacts live in this Redis (shared by every process). */
  redisUrl?: string;
  /** Key of the signed artifact links (SCRAPE_ARTIFACT_SECRET); absent: a random key per process. */
  artifactSecret?: string;
  /** Public base URL of artifact links (SCRAPE_PUBLIC_URL); absent: the address and port the server is bound to. */
  publicUrl?: string;
  /** SCRAPE_PROXY_BASIC / SCRAPE_PROXY_ENHANCED, parsed. */
  proxies: ProxySettings;
}

/** A configuration problem the operator must fix; the message lists every problem found, one per line. */
export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

/** Reads and validates the service configuration from environment variables (see docs/self-hosting.md). */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  /** deferAuthPolicy: the caller checks the keyless policy itself, once keys issued in the account store are known. */
  options: { deferAuthPolicy?: boolean } = {},
): ServerConfig {
  const problems: string[] = [];
  const value = (name: string) => {
    const v = env[name];
    return v === undefined || v.trim() === '' ? undefined : v.trim();
  };

  let port = DEFAULT_PORT;
  const rawPort = value('PORT');
  if (rawPort !== undefined) {
    port = Number(rawPort);
    if (!/^\d+$/.test(rawPort) || port > 65535)
      problems.push(`PORT must be an integer from 0 to 65535, got "${rawPort}"`);
  }

  const host = value('HOST') ?? DEFAULT_HOST;
  if (/\s|\/|^\[?$/.test(host)) problems.push(`HOST must be an address or host name to bind to, got "${host}"`);

  const apiKeys: string[] = [];
  const sources: string[] = [];
  const inline = value('SCRAPE_API_KEYS');
  if (inline !== undefined) {
    apiKeys.push(...parseKeyList(inline.split(','), 'SCRAPE_API_KEYS', problems));
    sources.push('SCRAPE_API_KEYS');
  }
  const keysFile = value('SCRAPE_API_KEYS_FILE');
  if (keysFile !== undefined) {
    let text: string | undefined;
    try {
      text = readFileSync(keysFile, 'utf8');
    } catch (err) {
      problems.push(
        `SCRAPE_API_KEYS_FILE: cannot read "${keysFile}" (${(err as NodeJS.ErrnoException).code ?? String(err)})`,
      );
    }
    if (text !== undefined) {
      const lines = text.split(/\r?\n/).map((line) => line.replace(/#.*$/, ''));
      const fromFile = parseKeyList(lines, `SCRAPE_API_KEYS_FILE (${keysFile})`, problems);
      if (fromFile.length === 0)
        problems.push(`SCRAPE_API_KEYS_FILE: "${keysFile}" holds no keys (one key per line, # starts a comment)`);
      apiKeys.push(...fromFile);
      sources.push(`SCRAPE_API_KEYS_FILE (${keysFile})`);
    }
  }
  if (inline !== undefined && apiKeys.length === 0 && keysFile === undefined)
    problems.push('SCRAPE_API_KEYS is set but holds no keys');

  const allowPrivateUrls = parseBoolean(
    'SCRAPE_ALLOW_PRIVATE_URLS',
    value('SCRAPE_ALLOW_PRIVATE_URLS'),
    false,
    problems,
  );
  const dataDir = value('SCRAPE_DATA_DIR') ?? DEFAULT_DATA_DIR;

  const rawLevel = (value('LOG_LEVEL') ?? DEFAULT_LOG_LEVEL).toLowerCase();
  const logLevel = (LOG_LEVELS as readonly string[]).includes(rawLevel) ? (rawLevel as LogLevel) : DEFAULT_LOG_LEVEL;
  if (logLevel !== rawLevel) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${rawLevel}"`);

  let shutdownGraceMs = DEFAULT_SHUTDOWN_GRACE_MS;
  const rawGrace = value('SCRAPE_SHUTDOWN_GRACE_MS');
  if (rawGrace !== undefined) {
    shutdownGraceMs = Number(rawGrace);
    if (!/^\d+$/.test(rawGrace))
      problems.push(`SCRAPE_SHUTDOWN_GRACE_MS must be a whole number of milliseconds, got "${rawGrace}"`);
  }

  const redisUrl = value('REDIS_URL');
  if (redisUrl !== undefined && !/^rediss?:\/\/[^\s]+$/.test(redisUrl)) {
    problems.push('REDIS_URL must be a redis:// or rediss:// URL (e.g. redis://:password@redis.internal:6379/0)');
  }

  const artifactSecret = value('SCRAPE_ARTIFACT_SECRET');
  if (artifactSecret !== undefined && artifactSecret.length < MIN_ARTIFACT_SECRET_LENGTH) {
    problems.push(
      `SCRAPE_ARTIFACT_SECRET must be at least ${MIN_ARTIFACT_SECRET_LENGTH} characters (e.g. openssl rand -hex 32)`,
    );
  }
  const publicUrl = value('SCRAPE_PUBLIC_URL');
  if (publicUrl !== undefined && !/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/.test(publicUrl)) {
    problems.push(
      'SCRAPE_PUBLIC_URL must be the http(s) base URL clients reach this server at, e.g. https://scrape.example.com',
    );
  }
  const proxies: ProxySettings = {};
  for (const [setting, tier] of [
    ['SCRAPE_PROXY_BASIC', 'basic'],
    ['SCRAPE_PROXY_ENHANCED', 'enhanced'],
  ] as const) {
    const raw = value(setting);
    if (raw === undefined) continue;
    try {
      proxies[tier] = parseProxyUrl(raw, setting);
    } catch (err) {
      problems.push((err as Error).message);
    }
  }

  const uniqueKeys = [...new Set(apiKeys)];
  const authProblem = options.deferAuthPolicy ? undefined : checkAuthPolicy(host, uniqueKeys);
  if (authProblem) problems.push(authProblem);

  if (problems.length > 0) throw new ConfigError(problems);
  return {
    port,
    host,
    apiKeys: uniqueKeys,
    apiKeysSource: sources.length > 0 ? sources.join(' + ') : 'none',
    allowPrivateUrls,
    dataDir,
    logLevel,
    shutdownGraceMs,
    redisUrl,
    artifactSecret,
    publicUrl,
    proxies,
  };
}

/**
 * Without keys, anyone who can reach the port can scrape on the operator's behalf (and, with private URLs allowed,
 * probe their network), so keyless mode is refused unless the server is bound to a loopback address.
 */
export function checkAuthPolicy(host: string, apiKeys: readonly string[]): string | undefined {
  if (apiKeys.length > 0 || isLoopbackHost(host)) return undefined;
  return (
    `HOST is "${host}" (not a loopback address) and no API keys are configured: refusing to start an ` +
    `unauthenticated service reachable from the network. Set SCRAPE_API_KEYS (comma-separated) or ` +
    `SCRAPE_API_KEYS_FILE (one key per line), or bind to 127.0.0.1.`
  );
}

function parseKeyList(items: string[], source: string, problems: string[]): string[] {
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

function parseBoolean(name: string, raw: string | undefined, fallback: boolean, problems: string[]): boolean {
  if (raw === undefined) return fallback;
  const v = raw.toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(v)) return true;
  if (['0', 'false', 'no', 'off'].includes(v)) return false;
  problems.push(`${name} must be 1/true or 0/false, got "${raw}"`);
  return fallback;
}
