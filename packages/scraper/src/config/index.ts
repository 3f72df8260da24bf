// @scrape/scraper/config: the one module that reads environment variables, light enough for the bins to load first
// (no engines, no browser). The schema of every variable is envSchema.ts.
export { scraperOptionsFromEnv } from './scraperOptionsFromEnv.js';
export { serverConfigFromEnv, readServerConfig, type ServerEnvConfig } from './serverConfigFromEnv.js';
export {
  parseEnv,
  readEnv,
  unknownVariables,
  type Env,
  type EnvValues,
  type EnvReading,
  type EnvSelection,
} from './parseEnv.js';
export { ENV_VARIABLES, type EnvVariable, type EnvVariableName, type ConfigUser } from './envSchema.js';
export { renderConfigTable, withConfigTable, CONFIG_TABLE_BEGIN, CONFIG_TABLE_END } from './renderConfigTable.js';
export { ConfigError } from './configError.js';
export { LOG_LEVELS, MIN_ARTIFACT_SECRET_LENGTH, type LogLevel } from './envTypes.js';
