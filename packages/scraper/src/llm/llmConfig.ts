/** One request to the model: a slow local model on CPU needs tens of seconds for a page. */
export const DEFAULT_LLM_TIMEOUT_MS = 60_000;
/** Retries after a transient failure (timeout, 429, 5xx, connection reset); the first try is not counted. */
export const DEFAULT_LLM_MAX_RETRIES = 2;
/** First backoff; doubled per retry with jitter, capped by MAX_BACKOFF_MS. */
export const DEFAULT_LLM_RETRY_BASE_MS = 500;
/**
 * The model's context window in tokens. 8k is what common local models (Llama 3 8B, Mistral 7B, Qwen 7B) are
 * served with; set it higher for models and servers configured for more.
 */
export const DEFAULT_LLM_CONTEXT_TOKENS = 8192;
/** The most tokens the model may write in one answer; `onlyCleanContent` is skipped for markdown longer than this. */
export const DEFAULT_LLM_MAX_OUTPUT_TOKENS = 4096;

/** Settings of the OpenAI-compatible provider (createScraper option `llm`, or SCRAPE_LLM_* environment variables). */
export interface LlmOptions {
  /** The server's OpenAI-compatible base, ending before `/chat/completions` (e.g. http://127.0.0.1:11434/v1). */
  baseUrl: string;
  apiKey?: string;
  model: string;
  timeoutMs?: number;
  maxRetries?: number;
  retryBaseMs?: number;
  contextTokens?: number;
  maxOutputTokens?: number;
}

export type LlmConfig = Required<Omit<LlmOptions, 'apiKey'>> & { apiKey?: string };

/** The settings, or the names of the missing ones (each named by its environment variable, for the 400). */
export type LlmSetup = { ok: true; config: LlmConfig } | { ok: false; missing: string[] };

/**
 * Resolves the provider: explicit options win field by field over SCRAPE_LLM_BASE_URL, SCRAPE_LLM_API_KEY,
 * SCRAPE_LLM_MODEL, SCRAPE_LLM_TIMEOUT_MS, SCRAPE_LLM_MAX_RETRIES, SCRAPE_LLM_CONTEXT_TOKENS and
 * SCRAPE_LLM_MAX_OUTPUT_TOKENS. `false` turns the provider off whatever the environment says.
 */
export function resolveLlmSetup(
  options: Partial<LlmOptions> | false | undefined,
  env: NodeJS.ProcessEnv = process.env,
): LlmSetup {
  if (options === false) return { ok: false, missing: ['SCRAPE_LLM_BASE_URL', 'SCRAPE_LLM_MODEL'] };
  const o = options ?? {};
  const baseUrl = (o.baseUrl ?? env.SCRAPE_LLM_BASE_URL ?? '').trim().replace(/\/+$/, '');
  const model = (o.model ?? env.SCRAPE_LLM_MODEL ?? '').trim();
  const missing: string[] = [];
  if (!baseUrl) missing.push('SCRAPE_LLM_BASE_URL');
  if (!model) missing.push('SCRAPE_LLM_MODEL');
  if (missing.length > 0) return { ok: false, missing };
  const apiKey = (o.apiKey ?? env.SCRAPE_LLM_API_KEY ?? '').trim();
  return {
    ok: true,
    config: {
      baseUrl,
      model,
      ...(apiKey ? { apiKey } : {}),
      timeoutMs: o.timeoutMs ?? positive(env.SCRAPE_LLM_TIMEOUT_MS) ?? DEFAULT_LLM_TIMEOUT_MS,
      maxRetries: o.maxRetries ?? nonNegative(env.SCRAPE_LLM_MAX_RETRIES) ?? DEFAULT_LLM_MAX_RETRIES,
      retryBaseMs: o.retryBaseMs ?? DEFAULT_LLM_RETRY_BASE_MS,
      contextTokens: o.contextTokens ?? positive(env.SCRAPE_LLM_CONTEXT_TOKENS) ?? DEFAULT_LLM_CONTEXT_TOKENS,
      maxOutputTokens: o.maxOutputTokens ?? positive(env.SCRAPE_LLM_MAX_OUTPUT_TOKENS) ?? DEFAULT_LLM_MAX_OUTPUT_TOKENS,
    },
  };
}

function positive(value: string | undefined): number | undefined {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isInteger(n) && n > 0 ? n : undefined;
}

function nonNegative(value: string | undefined): number | undefined {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isInteger(n) && n >= 0 ? n : undefined;
}
