/** Tunables of interact sessions; the service reads them from SCRAPE_INTERACT_* (see config/envSchema.ts). */
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
  /**
   * The billing minute, ms: session time is reserved one of these ahead and billed per started one. 60 s; shorter
   * only in tests (never below MIN_BILLING_MINUTE_MS, so the reservation ticks cannot become a busy loop).
   */
  billingMinuteMs: number;
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
export const DEFAULT_BILLING_MINUTE_MS = 60_000;
/** A store call per session per tick: one a second is the most a shortened minute may cost. */
export const MIN_BILLING_MINUTE_MS = 1_000;
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

/** The defaults with `overrides` on top (an absent field keeps its default). */
export function resolveInteractSettings(overrides: Partial<InteractSettings> = {}): InteractSettings {
  const given = Object.fromEntries(Object.entries(overrides).filter(([, value]) => value !== undefined));
  const settings: InteractSettings = {
    idleTimeoutMs: DEFAULT_IDLE_TIMEOUT_MS,
    maxLifetimeMs: DEFAULT_MAX_LIFETIME_MS,
    maxPerTeam: DEFAULT_MAX_PER_TEAM,
    maxTotal: DEFAULT_MAX_TOTAL,
    creditsPerMinute: DEFAULT_CREDITS_PER_MINUTE,
    rememberedScrapes: DEFAULT_REMEMBERED_SCRAPES,
    scrapeMemoryMs: DEFAULT_SCRAPE_MEMORY_MS,
    retainMs: DEFAULT_RETAIN_MS,
    retainMax: DEFAULT_RETAIN_MAX,
    retainMaxPerTeam: DEFAULT_RETAIN_MAX_PER_TEAM,
    promptMaxSteps: DEFAULT_PROMPT_MAX_STEPS,
    billingMinuteMs: DEFAULT_BILLING_MINUTE_MS,
    ...given,
  };
  const minute = Number(settings.billingMinuteMs);
  settings.billingMinuteMs = Number.isFinite(minute)
    ? Math.max(MIN_BILLING_MINUTE_MS, minute)
    : DEFAULT_BILLING_MINUTE_MS;
  return settings;
}
