import { createLlmClient, type LlmClient } from './createLlmClient.js';
import { resolveLlmSetup, type LlmOptions } from './llmConfig.js';

/** The scraper's provider: a client, or the settings that are missing (for the 400 that names them). */
export type LlmProvider = { client: LlmClient; missing?: undefined } | { client?: undefined; missing: string[] };

export function createLlmProvider(
  options: Partial<LlmOptions> | false | undefined,
  env: NodeJS.ProcessEnv = process.env,
): LlmProvider {
  const setup = resolveLlmSetup(options, env);
  return setup.ok ? { client: createLlmClient(setup.config) } : { missing: setup.missing };
}
