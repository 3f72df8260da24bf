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

/** Settings of the OpenAI-compatible provider (createScraper option `llm`; the service reads SCRAPE_LLM_*). */
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
 * Resolves the provider from its options (the service fills them from SCRAPE_LLM_*, see config/envSchema.ts); the
 * tunables not given take their defaults. Without a base URL and model, or with `false`, the missing settings are
 * named by their environment variables (the 400 tells an operator what to set).
 */
export function resolveLlmSetup(options: Partial<LlmOptions> | false | undefined): LlmSetup {
  if (options === false) return { ok: false, missing: ['SCRAPE_LLM_BASE_URL', 'SCRAPE_LLM_MODEL'] };
  const o = options ?? {};
  const baseUrl = (o.baseUrl ?? '').trim().replace(/\/+$/, '');
  const model = (o.model ?? '').trim();
  const missing: string[] = [];
  if (!baseUrl) missing.push('SCRAPE_LLM_BASE_URL');
  if (!model) missing.push('SCRAPE_LLM_MODEL');
  if (missing.length > 0) return { ok: false, missing };
  const apiKey = (o.apiKey ?? '').trim();
  return {
    ok: true,
    config: {
      baseUrl,
      model,
      ...(apiKey ? { apiKey } : {}),
      timeoutMs: o.timeoutMs ?? DEFAULT_LLM_TIMEOUT_MS,
      maxRetries: o.maxRetries ?? DEFAULT_LLM_MAX_RETRIES,
      retryBaseMs: o.retryBaseMs ?? DEFAULT_LLM_RETRY_BASE_MS,
      contextTokens: o.contextTokens ?? DEFAULT_LLM_CONTEXT_TOKENS,
      maxOutputTokens: o.maxOutputTokens ?? DEFAULT_LLM_MAX_OUTPUT_TOKENS,
    },
  };
}
