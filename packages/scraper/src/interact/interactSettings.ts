/** Tunables of interact sessions; every one can be set by env (see docs/api.md, "Interact"). */
export interface InteractSettings {
  /** A session nobody called for this long is destroyed (and billed up to its last call). */
  idleTimeoutMs: number;
  /** A session is destroyed this long after it started, busy or not. */
  maxLifetimeMs: number;
  /** Live sessions per team. */
  maxPerTeam: number;
  /** Live sessions in this process (each holds a browser context, ~30-100 MB). */
  maxTotal: number;
  /** Credits per started minute of session time. */
  creditsPerMinute: number;
  /** Scrapes remembered for a later interact (by scrapeId), oldest forgotten first. */
  rememberedScrapes: number;
  /** How long a scrape can be continued after it was made. */
  scrapeMemoryMs: number;
  /**
   * How long the page of a browser-served scrape is kept open (paused) for a first interact call to adopt, with the
   * state the scrape's actions left; 0 keeps none (every session re-opens the scrape's URL).
   */
  retainMs: number;
  /** Kept scrape pages in this process (each a browser context, ~20-100 MB); the oldest is closed first. */
  retainMax: number;
  /** Kept scrape pages per team; the team's oldest is closed first. */
  retainMaxPerTeam: number;
  /** Model turns a `prompt` may take before it is stopped (each turn may run several page tools). */
  promptMaxSteps: number;
}

/** Five idle minutes: long enough for a client to think between calls, short enough not to hoard contexts. */
export const DEFAULT_IDLE_TIMEOUT_MS = 5 * 60_000;
/** Thirty minutes covers a long multi-step flow; anything longer should be several sessions. */
export const DEFAULT_MAX_LIFETIME_MS = 30 * 60_000;
export const DEFAULT_MAX_PER_TEAM = 3;
/** A context per session in one Chromium: ten fit beside the render pool on a few-GB machine. */
export const DEFAULT_MAX_TOTAL = 10;
export const DEFAULT_CREDITS_PER_MINUTE = 1;
export const DEFAULT_REMEMBERED_SCRAPES = 10_000;
/** Two minutes: a client that continues a scrape does so right after it; longer only holds memory. */
export const DEFAULT_RETAIN_MS = 2 * 60_000;
/** Four paused contexts (~100-400 MB) beside the render pool's four renders on a 2-core, few-GB machine. */
export const DEFAULT_RETAIN_MAX = 4;
export const DEFAULT_RETAIN_MAX_PER_TEAM = 2;
/** Enough for read, act, check over a few pages; a model that needs more is looping. */
export const DEFAULT_PROMPT_MAX_STEPS = 12;
/** A day: the same window a screenshot link lives. */
export const DEFAULT_SCRAPE_MEMORY_MS = 24 * 3_600_000;

function positive(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value !== undefined && value.trim() !== '' && Number.isFinite(n) && n >= 0 ? n : fallback;
}

export function interactSettingsFromEnv(
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<InteractSettings> = {},
): InteractSettings {
  return {
    idleTimeoutMs: positive(env.SCRAPE_INTERACT_IDLE_TIMEOUT_MS, DEFAULT_IDLE_TIMEOUT_MS),
    maxLifetimeMs: positive(env.SCRAPE_INTERACT_MAX_LIFETIME_MS, DEFAULT_MAX_LIFETIME_MS),
    maxPerTeam: positive(env.SCRAPE_INTERACT_MAX_PER_TEAM, DEFAULT_MAX_PER_TEAM),
    maxTotal: positive(env.SCRAPE_INTERACT_MAX_TOTAL, DEFAULT_MAX_TOTAL),
    creditsPerMinute: positive(env.SCRAPE_INTERACT_CREDITS_PER_MINUTE, DEFAULT_CREDITS_PER_MINUTE),
    rememberedScrapes: DEFAULT_REMEMBERED_SCRAPES,
    scrapeMemoryMs: DEFAULT_SCRAPE_MEMORY_MS,
    retainMs: positive(env.SCRAPE_INTERACT_RETAIN_MS, DEFAULT_RETAIN_MS),
    retainMax: positive(env.SCRAPE_INTERACT_RETAIN_MAX, DEFAULT_RETAIN_MAX),
    retainMaxPerTeam: positive(env.SCRAPE_INTERACT_RETAIN_MAX_PER_TEAM, DEFAULT_RETAIN_MAX_PER_TEAM),
    promptMaxSteps: Math.max(1, positive(env.SCRAPE_INTERACT_PROMPT_MAX_STEPS, DEFAULT_PROMPT_MAX_STEPS)),
    ...overrides,
  };
}
