/** Kinds of personal data `redactPII` knows. `URL_CREDENTIALS` is the spec's "URL-with-credentials". */
export const PII_ENTITIES = [
  'PERSON',
  'EMAIL',
  'PHONE',
  'LOCATION',
  'ADDRESS',
  'ORGANIZATION',
  'FINANCIAL',
  'SECRET',
  'ID',
  'IP',
  'URL_CREDENTIALS',
  'DATE_OF_BIRTH',
] as const;
export type PiiEntity = (typeof PII_ENTITIES)[number];

/** `redactPII: true` redacts everything but organisations: they are not personal data. */
export const DEFAULT_PII_ENTITIES: readonly PiiEntity[] = PII_ENTITIES.filter((e) => e !== 'ORGANIZATION');

export const PII_MODES = ['fast', 'accurate', 'aggressive'] as const;
/**
 * `fast`: patterns and validators only; `accurate`: plus names, places, addresses, organisations; `aggressive`:
 * accurate with looser rules.
 */
export type PiiMode = (typeof PII_MODES)[number];

export const PII_REPLACE_STYLES = ['tag', 'mask', 'remove'] as const;
/** `tag` → `[PERSON]`; `mask` → one `█` per character (same length); `remove` → nothing. */
export type PiiReplaceStyle = (typeof PII_REPLACE_STYLES)[number];

export interface RedactPIIOptions {
  mode?: PiiMode;
  entities?: PiiEntity[];
  replaceStyle?: PiiReplaceStyle;
}

/** Options after defaults and validation. */
export interface ResolvedRedactPIIOptions {
  mode: PiiMode;
  entities: ReadonlySet<PiiEntity>;
  replaceStyle: PiiReplaceStyle;
}

/** One redacted entity: `[start, end)` in UTF-16 code units of the input string. */
export interface PiiSpan {
  type: PiiEntity;
  start: number;
  end: number;
}

export interface RedactPIIResult {
  text: string;
  entities: PiiSpan[];
  counts: Partial<Record<PiiEntity, number>>;
}

/** A detector's finding before overlaps are resolved; `score` orders competing claims on the same characters. */
export interface PiiCandidate extends PiiSpan {
  score: number;
}
