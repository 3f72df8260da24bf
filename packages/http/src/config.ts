import { ConfigError, readServerConfig, type ServerEnvConfig, type LogLevel } from '@scrape/scraper/config';
import { isLoopbackHost } from './isLoopbackHost.js';

// The variables themselves (type, default, meaning) live in one schema: packages/scraper/src/config/envSchema.ts.
export { ConfigError, type LogLevel };

/** The port the reference service's self-hosted build listens on, so existing clients' habits carry over. */
export const DEFAULT_PORT = 3002;
/** Loopback by default: a fresh install is not reachable from the network until the operator decides so. */
export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_DATA_DIR = './.scrape-data';
export const DEFAULT_LOG_LEVEL: LogLevel = 'info';

export type ServerConfig = ServerEnvConfig;

/**
 * Reads and validates the service configuration from environment variables (see docs/self-hosting.md): every
 * problem of every variable, and the keyless policy, in one ConfigError.
 */
export function loadConfig(
  env: Readonly<Record<string, string | undefined>>,
  /** deferAuthPolicy: the caller checks the keyless policy itself, once keys issued in the account store are known. */
  options: { deferAuthPolicy?: boolean } = {},
): ServerConfig {
  const { config, problems } = readServerConfig(env);
  const authProblem = options.deferAuthPolicy ? undefined : checkAuthPolicy(config.host, config.apiKeys);
  if (authProblem) problems.push(authProblem);
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
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
