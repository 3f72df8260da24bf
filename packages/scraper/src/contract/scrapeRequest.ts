import { PII_ENTITIES } from '@scrape/core';
import { z } from 'zod';
import { actionSchema } from './actions.js';
import { formatItemSchema, type FormatObject } from './formats.js';
import {
  COUNTRY_DEFAULT,
  MAX_AGE_DEFAULT_MS,
  PROFILE_NAME_MAX,
  PROFILE_NAME_MIN,
  TIMEOUT_DEFAULT_MS,
  TIMEOUT_MAX_MS,
  TIMEOUT_MIN_MS,
} from './limits.js';
import { parserItemSchema } from './parsers.js';
import { ACTIONS_MAX_ITEMS, FORMATS_MAX_ITEMS, SELECTOR_MAX_CHARS, TAG_SELECTORS_MAX_ITEMS } from './limits.js';

export const WAIT_FOR_RULE = 'waitFor must not exceed half of timeout';
export const ONE_SCREENSHOT_RULE = 'Only one screenshot format may be requested';
export const CHANGE_TRACKING_RULE = "The 'changeTracking' format requires the 'markdown' format";

/** An absolute http(s) URL; anything else is the spec's 400 `Invalid URL`. */
export function isHttpUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
}

/** Either case as sent; upper case once parsed. */
const COUNTRY_PATTERN_ANY_CASE = /^[A-Za-z]{2}$/;

/** DNS limits (RFC 1035): a label is at most 63 octets, a name at most 253 characters written out. */
const DNS_LABEL_MAX = 63;
const DNS_NAME_MAX = 253;
/** What the URL parser leaves in a hostname that is a name (it lower-cases and punycodes); `_` occurs in real ones. */
const DNS_LABEL = /^[a-z0-9_-]+$/;

/**
 * Why the hostname of an http(s) URL can never resolve, or undefined when it may: a 400 before any lookup, instead of
 * a DNS failure after one. IP literals are left to the SSRF guard.
 */
export function hostnameProblem(value: string): string | undefined {
  if (!URL.canParse(value)) return undefined;
  const host = new URL(value).hostname;
  if (host.startsWith('[') || /^[0-9.]+$/.test(host)) return undefined;
  const name = host.endsWith('.') ? host.slice(0, -1) : host;
  if (name.length > DNS_NAME_MAX)
    return `the hostname is ${name.length} characters long; a DNS name has at most ${DNS_NAME_MAX}`;
  for (const label of name.split('.')) {
    if (label.length === 0) return 'the hostname has an empty label (two dots in a row)';
    if (label.length > DNS_LABEL_MAX)
      return (
        `the hostname label "${label.slice(0, 20)}…" is ${label.length} characters long; a DNS label has at ` +
        `most ${DNS_LABEL_MAX}`
      );
    if (!DNS_LABEL.test(label)) return `the hostname label "${label}" has characters a DNS name cannot have`;
  }
  return undefined;
}

export const locationSchema = z
  .strictObject({
    // The SDK passes what users type ("us"); the code is the same country in either case.
    country: z
      .string()
      .regex(COUNTRY_PATTERN_ANY_CASE, 'country must be an ISO 3166-1 alpha-2 code (e.g. "US")')
      .transform((code) => code.toUpperCase())
      .default(COUNTRY_DEFAULT),
    languages: z
      .array(z.string().min(1))
      .optional()
      .describe('Preferred locales in priority order (Accept-Language style).'),
  })
  .describe('Country (proxy when available) and languages to emulate.');

/** Entity names of `redactPII.entities`; `URL-with-credentials` is the issue's spelling of `URL_CREDENTIALS`. */
export const REDACT_PII_ENTITIES = [...PII_ENTITIES, 'URL-with-credentials'] as const;

export const redactPIIOptionsSchema = z.strictObject({
  mode: z.enum(['fast', 'accurate', 'aggressive']).optional(),
  entities: z.array(z.enum(REDACT_PII_ENTITIES)).min(1, 'redactPII.entities must name at least one entity').optional(),
  replaceStyle: z.enum(['tag', 'mask', 'remove']).optional(),
});

export const profileSchema = z
  .strictObject({
    name: z.string().min(PROFILE_NAME_MIN).max(PROFILE_NAME_MAX),
    saveChanges: z.boolean().default(true),
  })
  .describe('Persistent browser storage shared by name across scrape and interact sessions.');

const ms = () => z.number().int().min(0);

/**
 * The body of `POST /v2/scrape` (spec §2.1–2.5). Unknown keys are rejected. `maxAge` has no schema default because
 * its default depends on `lockdown`; {@link normalizeScrapeRequest} fills it.
 */
export const scrapeRequestSchema = z
  .strictObject({
    url: z
      .string()
      .superRefine((value, ctx) => {
        if (!isHttpUrl(value))
          return void ctx.addIssue({ code: 'custom', message: 'url must be an absolute http:// or https:// URL' });
        const problem = hostnameProblem(value);
        if (problem) ctx.addIssue({ code: 'custom', message: `url is not a valid hostname: ${problem}` });
      })
      .describe('URL to scrape.'),
    zeroDataRetention: z.boolean().default(false),
    formats: z
      .array(formatItemSchema)
      .max(FORMATS_MAX_ITEMS)
      .default(() => [{ type: 'markdown' as const }])
      .describe('Format names (`"markdown"`) or format objects (`{type:"markdown"}`).'),
    onlyMainContent: z.boolean().default(true),
    onlyCleanContent: z.boolean().default(false),
    includeTags: z.array(z.string().max(SELECTOR_MAX_CHARS)).max(TAG_SELECTORS_MAX_ITEMS).optional(),
    excludeTags: z.array(z.string().max(SELECTOR_MAX_CHARS)).max(TAG_SELECTORS_MAX_ITEMS).optional(),
    maxAge: ms()
      .optional()
      .meta({ default: MAX_AGE_DEFAULT_MS, description: 'Default 172800000 (2 days); 2 years under lockdown.' }),
    minAge: ms()
      .optional()
      .describe('Cache only: the cached copy must be at least this old; a miss is 404 SCRAPE_NO_CACHED_DATA.'),
    headers: z.record(z.string(), z.string()).optional(),
    waitFor: ms().default(0),
    mobile: z.boolean().default(false),
    skipTlsVerification: z.boolean().default(true),
    timeout: z.number().int().min(TIMEOUT_MIN_MS).max(TIMEOUT_MAX_MS).default(TIMEOUT_DEFAULT_MS),
    parsers: z
      .array(parserItemSchema)
      .default(() => [
        { type: 'pdf' as const, mode: 'auto' as const, pages: false, blocks: false, pageMarkers: false },
      ]),
    actions: z.array(actionSchema).max(ACTIONS_MAX_ITEMS).optional(),
    location: locationSchema.optional(),
    removeBase64Images: z.boolean().default(true),
    blockAds: z.boolean().default(true),
    // `stealth` is the Firecrawl SDK's name for the enhanced proxy.
    proxy: z
      .enum(['basic', 'enhanced', 'auto', 'stealth'])
      .transform((proxy) => (proxy === 'stealth' ? 'enhanced' : proxy))
      .default('auto'),
    storeInCache: z.boolean().default(true),
    lockdown: z.boolean().default(false),
    redactPII: z.union([z.boolean(), redactPIIOptionsSchema]).default(false),
    profile: profileSchema.optional(),
    threatProtection: z.looseObject({}).optional().describe('Threat-protection override; fields not specified.'),
    auditMetadata: z.looseObject({}).optional().describe('Opaque audit metadata.'),
    origin: z.string().optional().describe('Client identification; the Firecrawl SDKs send it.'),
    integration: z.string().optional().describe('Client identification; the Firecrawl SDKs send it when set.'),
    // Switches of the Firecrawl cloud that the SDK 4.42 types allow: accepted, ignored here with a `warning`.
    fastMode: z.boolean().optional().describe('Firecrawl cloud switch; ignored here (with a warning when true).'),
    useMock: z.string().optional().describe('Firecrawl cloud test mocks; ignored here with a warning.'),
    domainTools: z
      .boolean()
      .optional()
      .describe('Firecrawl cloud tool discovery; ignored here (with a warning when true).'),
    toolDetail: z
      .enum(['compact', 'summary', 'full'])
      .optional()
      .describe('Detail of `domainTools`; ignored here with a warning.'),
  })
  // Cross-field rules run even when other fields failed (`when`), so their message can lead the 400; each rule
  // therefore checks its own inputs' types.
  .refine((req) => !(typeof req?.waitFor === 'number' && req.waitFor > timeoutOf(req) / 2), {
    message: WAIT_FOR_RULE,
    path: ['waitFor'],
    when: always,
  })
  .refine((req) => formatsOf(req).filter((f) => f?.type === 'screenshot').length <= 1, {
    message: ONE_SCREENSHOT_RULE,
    path: ['formats'],
    when: always,
  })
  .refine(
    (req) =>
      !formatsOf(req).some((f) => f?.type === 'changeTracking') || formatsOf(req).some((f) => f?.type === 'markdown'),
    {
      message: CHANGE_TRACKING_RULE,
      path: ['formats'],
      when: always,
    },
  );

function always(): boolean {
  return true;
}

function timeoutOf(req: { timeout?: unknown } | undefined): number {
  return typeof req?.timeout === 'number' ? req.timeout : TIMEOUT_DEFAULT_MS;
}

function formatsOf(req: { formats?: unknown } | undefined): (FormatObject | undefined)[] {
  return Array.isArray(req?.formats) ? (req!.formats as (FormatObject | undefined)[]) : [];
}

export type ScrapeRequestInput = z.input<typeof scrapeRequestSchema>;
type ParsedScrapeRequest = z.output<typeof scrapeRequestSchema>;

/** A validated request with every default filled in: what the pipeline works on. */
export type ScrapeRequest = Omit<ParsedScrapeRequest, 'maxAge' | 'location'> & {
  maxAge: number;
  location: { country: string; languages?: string[] };
};
