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
