import type { Account } from './account.js';
import type { AccountStore } from './AccountStore.js';

// The accounts' face: what the service asks of them (authentication, admission, slots) and what an admission answers.

export interface AccountsLogger {
  warn: (o: object, msg?: string) => void;
  error: (o: object, msg?: string) => void;
}

/** One admitted request: reports its outcome so the held credits are settled and the slot freed. */
export interface Admission {
  /**
   * Charges what the document says it cost and marks it if it held a concurrency slot (mutates `doc.metadata`);
   * true when it did so (a JSON text made of the document before is then stale).
   */
  succeed(doc: { metadata?: Record<string, unknown> }): Promise<boolean>;
  /** Charges `credits` (search, parse: the route knows the cost); never more than the balance holds. */
  succeedWith(credits: number): Promise<void>;
  fail(error: unknown): Promise<void>;
  /**
   * Work billed by size (PDF pages): reserves, beside what admission held, as much of `upTo` credits in all as the
   * balance allows, and answers how many the request may spend (all of `upTo` for unlimited accounts).
   */
  creditBudget(upTo: number): Promise<number>;
}

export interface Accounts {
  readonly store: AccountStore;
  /** Whether any key was ever issued in the store (then authentication is on). */
  hasKeys(): Promise<boolean>;
  /** The account of `Authorization: Bearer <key>`; null for missing, malformed, unknown or revoked keys. */
  authenticate(authorization: string | undefined): Promise<Account | null>;
  /**
   * Permission, rate, credits and concurrency checks in that order; throws the spec's 403/429/402/429. `endpoint`
   * (default scrape) is the permission asked for; `credits` what to hold (default: what the scrape body costs).
   */
  admit(account: Account, body: unknown, signal?: AbortSignal, options?: AdmitOptions): Promise<Admission>;
  /**
   * The rate and concurrency limits alone, for authenticated calls that are not scrapes (interact): one request of
   * the account's per-minute budget and one of its concurrency slots, held until `release`.
   */
  admitCall(
    account: Account,
    options?: { waitMs?: number; signal?: AbortSignal; concurrency?: boolean },
  ): Promise<{ release(): Promise<void> }>;
  /**
   * One of the account's `limit` concurrency slots for a page of its crawl or batch, held until `release`. It waits
   * as long as it takes and never joins the account's wait queue: a page takes a slot only when none of the account's
   * own requests is waiting, so a crawl cannot crowd out (or 429) the scrapes queued behind it.
   */
  acquireJobSlot(accountId: string, limit: number, signal: AbortSignal): Promise<{ release(): Promise<void> }>;
  /**
   * Requests of the account running (and waiting for a slot) now: the cluster's with a concurrency limit, else this
   * process's.
   */
  activity(account: Account): Promise<{ active: number; waiting: number }>;
  /** Settlements still waiting for the store (retried in the background). */
  pendingSettlements(): number;
  close(): Promise<void>;
}

export interface AdmitOptions {
  endpoint?: string;
  credits?: number;
}
