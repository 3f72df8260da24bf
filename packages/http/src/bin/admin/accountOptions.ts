import { DEFAULT_QUEUE_LIMIT, ENDPOINT_SCRAPE, type Account } from '../../accounts/account.js';
import type { AccountSettings, AccountStore } from '../../accounts/AccountStore.js';
import { UsageError } from './UsageError.js';

/** A new account's limits unless told otherwise: safe to hand out, easy to raise. */
export const NEW_ACCOUNT_RATE_PER_MINUTE = 100;
export const NEW_ACCOUNT_CONCURRENCY = 5;

export type Values = Record<string, string | boolean | undefined>;

/**
 * Creates the account `id` with the new-account defaults, or changes the existing one, by the account options
 * (--rate, --concurrency, --queue, --endpoints, --features, --(un)limited-credits), then adds --credits.
 */
export async function upsertAccount(store: AccountStore, id: string, values: Values): Promise<Account> {
  if (!/^[A-Za-z0-9._-]{1,64}$/.test(id))
    throw new UsageError('an account id is 1-64 letters, digits, ".", "_" or "-"');
  const existing = await store.getAccount(id);
  const settings: AccountSettings = existing ?? {
    id,
    ratePerMinute: NEW_ACCOUNT_RATE_PER_MINUTE,
    concurrency: NEW_ACCOUNT_CONCURRENCY,
    queueLimit: DEFAULT_QUEUE_LIMIT,
    endpoints: [ENDPOINT_SCRAPE],
    features: [],
    unlimitedCredits: false,
  };
  if (values.rate !== undefined) settings.ratePerMinute = limit('--rate', values.rate);
  if (values.concurrency !== undefined) settings.concurrency = limit('--concurrency', values.concurrency);
  if (values.queue !== undefined) settings.queueLimit = count('--queue', values.queue);
  if (values.endpoints !== undefined) settings.endpoints = list(values.endpoints);
  if (values.features !== undefined) settings.features = list(values.features);
  if (values['unlimited-credits']) settings.unlimitedCredits = true;
  if (values['limited-credits']) settings.unlimitedCredits = false;
  const account = await store.putAccount(settings);
  if (values.credits !== undefined) await store.addCredits(id, count('--credits', values.credits));
  return account;
}

/** The account `id`; a usage error when none is given or none exists. */
export async function requireAccount(store: AccountStore, id: string | undefined): Promise<Account> {
  if (!id) throw new UsageError('an account id is required');
  const account = await store.getAccount(id);
  if (!account) throw new UsageError(`no account ${id}`);
  return account;
}

function limit(flag: string, raw: unknown): number | null {
  return raw === 'unlimited' ? null : count(flag, raw, 1);
}

function count(flag: string, raw: unknown, min = 0): number {
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min)
    throw new UsageError(
      `${flag} must be a whole number >= ${min}${flag === '--queue' || flag === '--credits' ? '' : ' or "unlimited"'}`,
    );
  return n;
}

function list(raw: unknown): string[] {
  return String(raw)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}
