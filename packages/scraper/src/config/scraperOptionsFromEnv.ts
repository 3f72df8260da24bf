import type { ScraperOptions } from '../createScraper.js';
import type { InteractSettings } from '../interact/interactSettings.js';
import type { LlmOptions } from '../llm/llmConfig.js';
import { parseEnv, type Env, type EnvValues } from './parseEnv.js';

/** The fields of `o` that are set: an unset variable leaves the library's own default in place. */
function defined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/** The LLM settings that are set; undefined when none is (the provider then names what is missing). */
function llmOf(v: EnvValues): Partial<LlmOptions> | undefined {
  const llm = defined({
    baseUrl: v.SCRAPE_LLM_BASE_URL,
    model: v.SCRAPE_LLM_MODEL,
    apiKey: v.SCRAPE_LLM_API_KEY,
    timeoutMs: v.SCRAPE_LLM_TIMEOUT_MS,
    maxRetries: v.SCRAPE_LLM_MAX_RETRIES,
    contextTokens: v.SCRAPE_LLM_CONTEXT_TOKENS,
    maxOutputTokens: v.SCRAPE_LLM_MAX_OUTPUT_TOKENS,
  });
  return Object.keys(llm).length > 0 ? llm : undefined;
}

/** createScraper()'s options from already validated values (the server builds its own config from the same ones). */
export function scraperOptionsFromValues(v: EnvValues): ScraperOptions {
  const threads = v.SCRAPE_TRANSFORM_THREADS;
  const proxies = defined({ basic: v.SCRAPE_PROXY_BASIC, enhanced: v.SCRAPE_PROXY_ENHANCED });
  const browser = defined({ executablePath: v.CHROMIUM_PATH, adBlockLists: v.SCRAPE_ADBLOCK_LISTS });
  return defined({
    allowPrivateUrls: v.SCRAPE_ALLOW_PRIVATE_URLS,
    dataDir: v.SCRAPE_DATA_DIR,
    redisUrl: v.REDIS_URL,
    redisKeyPrefix: v.SCRAPE_REDIS_KEY_PREFIX,
    proxies,
    browser: Object.keys(browser).length > 0 ? browser : undefined,
    llm: llmOf(v),
    search: v.SCRAPE_SEARXNG_URL ? { searxngUrl: v.SCRAPE_SEARXNG_URL } : undefined,
    webhookSecret: v.SCRAPE_WEBHOOK_SECRET,
    transformThreads: threads === undefined ? undefined : threads === 0 ? (false as const) : { workers: threads },
    ffmpegPath: v.SCRAPE_FFMPEG_PATH,
    jobLeaseMs: v.SCRAPE_JOB_LEASE_MS,
    jobsRedisKeyPrefix: v.SCRAPE_JOBS_REDIS_PREFIX,
  });
}

/** Interact sessions' tunables that are set (the rest keep their defaults, see interactSettings.ts). */
export function interactSettingsFromValues(v: EnvValues): Partial<InteractSettings> {
  return defined({
    idleTimeoutMs: v.SCRAPE_INTERACT_IDLE_TIMEOUT_MS,
    maxLifetimeMs: v.SCRAPE_INTERACT_MAX_LIFETIME_MS,
    maxPerTeam: v.SCRAPE_INTERACT_MAX_PER_TEAM,
    maxTotal: v.SCRAPE_INTERACT_MAX_TOTAL,
    creditsPerMinute: v.SCRAPE_INTERACT_CREDITS_PER_MINUTE,
    retainMs: v.SCRAPE_INTERACT_RETAIN_MS,
    retainMax: v.SCRAPE_INTERACT_RETAIN_MAX,
    retainMaxPerTeam: v.SCRAPE_INTERACT_RETAIN_MAX_PER_TEAM,
    promptMaxSteps: v.SCRAPE_INTERACT_PROMPT_MAX_STEPS,
  });
}

/**
 * The typed options of `createScraper()` from the environment, for embedders who configure the scraper the way the
 * service is configured. Only the variables the scraper uses are read and validated (an embedder's own PORT or
 * LOG_LEVEL is none of its business); every problem is reported at once in a ConfigError.
 */
export function scraperOptionsFromEnv(env: Env = process.env): ScraperOptions {
  return scraperOptionsFromValues(parseEnv(env, ['scraper', 'browser', 'cache', 'jobs']));
}
