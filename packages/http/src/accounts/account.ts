/** What an API key resolves to: a team with a credit balance, limits and permissions (spec §5, §8). */
export interface Account {
  /** Team id: history, profiles and limits are per account (never the key). */
  id: string;
  name?: string;
  /** Requests per minute; null: no rate limit. */
  ratePerMinute: number | null;
  /** Scrapes running at once; null: no concurrency limit. */
  concurrency: number | null;
  /** Requests allowed to wait for a concurrency slot; more are refused with 429. */
  queueLimit: number;
  /** Endpoints the account may call (e.g. "scrape"); "*" allows all. */
  endpoints: string[];
  /** Opt-in features (e.g. "zeroDataRetention"); "*" allows all. */
  features: string[];
  /** True: credits are never checked nor charged (keys from SCRAPE_API_KEYS, keyless loopback). */
  unlimitedCredits: boolean;
  createdAt: string;
  /** Set on an authenticated request: the id of the issued key it came with (usage is counted per key). */
  keyId?: string;
}

/** One issued key. Only its sha256 is stored; `id` (a prefix of the hash) names it in listings and revocation. */
export interface ApiKeyRecord {
  id: string;
  hash: string;
  accountId: string;
  name?: string;
  createdAt: string;
  revokedAt?: string;
}

export const FEATURE_ZERO_DATA_RETENTION = 'zeroDataRetention';
export const ENDPOINT_SCRAPE = 'scrape';
/** A new account gets this queue unless told otherwise: a burst of a few times its slots waits instead of failing. */
export const DEFAULT_QUEUE_LIMIT = 50;

export function allows(list: readonly string[], name: string): boolean {
  return list.includes('*') || list.includes(name);
}

/** The account a key from SCRAPE_API_KEYS (or keyless loopback mode) stands for: no limits, every feature. */
export function unlimitedAccount(id: string | undefined): Account {
  return {
    id: id ?? '',
    ratePerMinute: null,
    concurrency: null,
    queueLimit: 0,
    endpoints: ['*'],
    features: ['*'],
    unlimitedCredits: true,
    createdAt: new Date(0).toISOString(),
  };
}
