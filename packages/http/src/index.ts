// The public face of @scrape/http: the v2 HTTP service (bins `scrape-server`, `scrape-worker`, `scrape-admin`) and
// what an embedder needs to assemble the same service in its own process: the server, its configuration, graceful
// shutdown and the account store. Routes, limits and helpers stay in their modules.

/** The Fastify app serving the v2 API (scrape, crawl, batch, extract, map, search, interact, agent, monitor). */
export { createServer } from './createServer.js';
/** createServer's options: keys, stores' home, logger, scraper and browser settings, accounts, limits. */
export type { CreateServerOptions } from './createServer.js';

/** Reads and validates the service's environment variables at once (every problem in one ConfigError). */
export { loadConfig } from './config.js';
/** The validated configuration, its log levels, and the error listing every invalid variable. */
export { ConfigError, type ServerConfig, type LogLevel } from './config.js';
/** Where the service listens when the configuration says nothing (port 3002, loopback only). */
export { DEFAULT_PORT, DEFAULT_HOST } from './config.js';

/** SIGTERM/SIGINT: stop accepting, let requests finish within a grace period, close the scraper, exit. */
export { installGracefulShutdown, type GracefulShutdownOptions } from './installGracefulShutdown.js';
/** The installed package's version (what /health reports). */
export { VERSION } from './version.js';

/** Accounts, keys, credits and limits (Redis or LMDB), as createServer's `accounts` option takes them. */
export { openAccounts, type Accounts, type OpenAccountsOptions } from './accounts/openAccounts.js';
/** The account store on its own (what `scrape-admin` edits): accounts, their settings and keys. */
export { openAccountStore } from './accounts/openAccountStore.js';
export type { AccountStore, AccountSettings } from './accounts/AccountStore.js';
export type { Account, ApiKeyRecord } from './accounts/account.js';
/** A new API key and the hash the store keeps in its place (the key itself is shown once). */
export { generateApiKey, hashApiKey } from './accounts/apiKey.js';
