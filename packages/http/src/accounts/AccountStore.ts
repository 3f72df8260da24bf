import type { Account, ApiKeyRecord } from './account.js';

/** Where billed credits are counted: a calendar month (UTC, `YYYY-MM`) and the issued key that spent them. */
export interface UsageTag {
  period: string;
  /** Id of the issued key (never the key); absent for keys from SCRAPE_API_KEYS and keyless mode. */
  keyId?: string;
}

/** Credits billed to an account in one month through one key. */
export interface UsageRecord {
  period: string;
  keyId?: string;
  credits: number;
}

/** What the account has been billed so far (GET /v2/team/credit-usage and its historical view). */
export interface AccountUsage {
  records: UsageRecord[];
  /** When a request of the account last succeeded (ISO time); null when none has. */
  lastSuccessAt: string | null;
}

/** The settings an admin sets on an account (its balance moves through the credit operations only). */
export type AccountSettings = Omit<Account, 'createdAt'> & { createdAt?: string };

/**
 * Accounts, keys and balances. Two homes behind one interface: LMDB under the data dir (one machine, any number of
 * processes) or Redis (several machines). Credit operations are atomic in both, so concurrent requests, in one
 * process or many, can never spend the same credit twice.
 */
export interface AccountStore {
  readonly kind: 'embedded' | 'redis';
  /** The key with this sha256 and its account; null when unknown. A revoked key is returned with `revokedAt`. */
  findKey(hash: string): Promise<{ key: ApiKeyRecord; account: Account } | null>;
  /** Whether any key was ever issued (issued keys turn authentication on). */
  hasKeys(): Promise<boolean>;
  addKey(record: ApiKeyRecord): Promise<void>;
  /** Marks the key revoked; false when no key has that id. */
  revokeKey(id: string, at: string): Promise<boolean>;
  listKeys(): Promise<ApiKeyRecord[]>;
  getAccount(id: string): Promise<Account | null>;
  listAccounts(): Promise<Account[]>;
  putAccount(settings: AccountSettings): Promise<Account>;
  /** Adds (or with a negative amount removes, down to zero) credits; returns the new balance. */
  addCredits(accountId: string, amount: number): Promise<number>;
  balance(accountId: string): Promise<number>;
  /**
   * Takes `amount` credits only if the balance holds them all, recording them as held under `reservationId`; false
   * (nothing taken) otherwise. Idempotent per reservation id, so a retry after a lost reply cannot take twice.
   */
  reserveCredits(accountId: string, amount: number, reservationId: string): Promise<boolean>;
  /**
   * Ends a reservation: the held credits minus `cost` go back (a cost above what was held is taken too, never below
   * zero). Idempotent: false when the reservation is unknown or already settled (a retry, or a reserve that never
   * landed), and then nothing changes.
   */
  settleCredits(accountId: string, reservationId: string, cost: number, usage?: UsageTag): Promise<boolean>;
  /**
   * Counts credits billed without a reservation (unlimited accounts) and marks a success; settleCredits counts the
   * credits it actually took (never more than the balance held) in the same atomic step.
   */
  recordUsage(accountId: string, usage: UsageTag, credits: number): Promise<void>;
  /** Billed credits by month and key, and the time of the last success. */
  usage(accountId: string): Promise<AccountUsage>;
  close(): Promise<void>;
}

/** The store is unreachable or failed (Redis down, disk full); the service answers 503. */
export class AccountStoreError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'AccountStoreError';
  }
}
