import type { Account, ApiKeyRecord } from './account.js';

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
  settleCredits(accountId: string, reservationId: string, cost: number): Promise<boolean>;
  close(): Promise<void>;
}

/** The store is unreachable or failed (Redis down, disk full); the service answers 503. */
export class AccountStoreError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'AccountStoreError';
  }
}
