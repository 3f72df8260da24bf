// The public face of @scrape/http: the v2 HTTP service (bin `scrape-server`) and its building blocks for embedding.
export { createServer, BODY_LIMIT_BYTES, type CreateServerOptions } from './createServer.js';
export {
  loadConfig,
  checkAuthPolicy,
  ConfigError,
  DEFAULT_PORT,
  DEFAULT_HOST,
  DEFAULT_DATA_DIR,
  DEFAULT_SHUTDOWN_GRACE_MS,
  type ServerConfig,
  type LogLevel,
} from './config.js';
export { createAuthenticator, type AuthResult } from './createAuthenticator.js';
export { installGracefulShutdown, type GracefulShutdownOptions } from './installGracefulShutdown.js';
export { isLoopbackHost } from './isLoopbackHost.js';
export { toErrorReply, type ErrorBody, type ErrorReply } from './toErrorReply.js';
export { VERSION } from './version.js';
export {
  openAccounts,
  createAccounts,
  type Accounts,
  type Admission,
  type OpenAccountsOptions,
} from './accounts/openAccounts.js';
export { openAccountStore } from './accounts/openAccountStore.js';
export { AccountStoreError, type AccountStore, type AccountSettings } from './accounts/AccountStore.js';
export {
  FEATURE_ZERO_DATA_RETENTION,
  ENDPOINT_SCRAPE,
  DEFAULT_QUEUE_LIMIT,
  type Account,
  type ApiKeyRecord,
} from './accounts/account.js';
export { generateApiKey, hashApiKey, keyIdOf } from './accounts/apiKey.js';
export { DEFAULT_ACCOUNTS_KEY_PREFIX } from './accounts/createRedisAccountStore.js';
