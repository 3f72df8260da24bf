/** Bounds and defaults of the v2 contract (spec §2 and §8). The schemas, the docs and the tests read them from here. */

export const TIMEOUT_MIN_MS = 1_000;
export const TIMEOUT_MAX_MS = 300_000;
export const TIMEOUT_DEFAULT_MS = 60_000;

/** Spec §2.1: a cached copy younger than this is served. */
export const MAX_AGE_DEFAULT_MS = 172_800_000;
/** Spec §8: under `lockdown` the default `maxAge` is 2 years (2 × 365 days). */
export const LOCKDOWN_MAX_AGE_DEFAULT_MS = 2 * 365 * 24 * 60 * 60 * 1000;

export const PDF_MAX_PAGES_MIN = 1;
export const PDF_MAX_PAGES_MAX = 10_000;

export const PROFILE_NAME_MIN = 1;
export const PROFILE_NAME_MAX = 128;

export const SCREENSHOT_QUALITY_MIN = 1;
export const SCREENSHOT_QUALITY_MAX = 100;

export const COUNTRY_DEFAULT = 'US';

/**
 * Sizes a client controls, checked before the schema walks the body (a 750,000-item `formats` array cost seconds of
 * event-loop time, 200,000 `excludeTags` overflowed the selector engine's stack). Each is far above real use.
 */
export const FORMATS_MAX_ITEMS = 64;
export const TAG_SELECTORS_MAX_ITEMS = 256;
export const SELECTOR_MAX_CHARS = 1_024;
export const ACTIONS_MAX_ITEMS = 100;
export const PARSERS_MAX_ITEMS = 16;
export const LANGUAGES_MAX_ITEMS = 32;
export const HEADERS_MAX_ENTRIES = 100;
export const HEADER_VALUE_MAX_CHARS = 8_192;
