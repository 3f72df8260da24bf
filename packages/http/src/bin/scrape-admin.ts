#!/usr/bin/env node
// scrape-admin: accounts, API keys and credits, in the same store the server uses (REDIS_URL or SCRAPE_DATA_DIR).
import { parseArgs } from 'node:util';
import { DEFAULT_QUEUE_LIMIT, ENDPOINT_SCRAPE, type Account } from '../accounts/account.js';
import type { AccountSettings, AccountStore } from '../accounts/AccountStore.js';
import { generateApiKey, hashApiKey, keyIdOf } from '../accounts/apiKey.js';
import { openAccountStore } from '../accounts/openAccountStore.js';
import { ENV_VARIABLES, parseEnv } from '@scrape/scraper/config';

/** scrape-server's default data dir, from the schema (@scrape/scraper/config loads none of the scraper itself). */
const DEFAULT_DATA_DIR = ENV_VARIABLES.SCRAPE_DATA_DIR.default;
/** A new account's limits unless told otherwise: safe to hand out, easy to raise. */
const NEW_ACCOUNT_RATE_PER_MINUTE = 100;
const NEW_ACCOUNT_CONCURRENCY = 5;

const USAGE = `Usage: scrape-admin <command> [options]

Keys (the key is printed once; only its sha256 is stored):
  keys create --account <id> [--name <key label>] [account options]  issue a key (creates the account if new)
  keys revoke <key-id>                                           revoke a key (ids from "keys list")
  keys list                                                      every key: id, account, name, created, revoked

Accounts:
  accounts list                                                  every account with its balance and limits
  accounts show <id>
  accounts set <id> [account options]                            create or change an account

Credits:
  credits add <account> <n>                                      add n credits (a negative n removes, down to 0)
  credits show <account>

Account options:
  --credits <n>            credits to add now
  --unlimited-credits      never check or charge credits
  --limited-credits        check and charge credits again
  --rate <n|unlimited>     requests per minute (new accounts: ${NEW_ACCOUNT_RATE_PER_MINUTE})
  --concurrency <n|unlimited>  scrapes at once (new accounts: ${NEW_ACCOUNT_CONCURRENCY})
  --queue <n>              requests allowed to wait for a slot (new accounts: ${DEFAULT_QUEUE_LIMIT})
  --endpoints <a,b|*>      endpoints allowed (new accounts: ${ENDPOINT_SCRAPE})
  --features <a,b|*>       features allowed, e.g. zeroDataRetention (new accounts: none)
  --json                   machine-readable output

Store: REDIS_URL (shared) or SCRAPE_DATA_DIR (embedded, default ${DEFAULT_DATA_DIR}); SCRAPE_ACCOUNTS_KEY_PREFIX
changes the Redis key prefix (default scrape:accounts:). Use the same environment as scrape-server.`;

class UsageError extends Error {}

async function main(argv: string[]): Promise<void> {
  // "credits add acme -100": a negative number is an argument, not an option.
  const negatives = argv.filter((a) => /^-\d+$/.test(a));
  const args = [...argv.filter((a) => !/^-\d+$/.test(a)), ...(negatives.length ? ['--', ...negatives] : [])];
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: {
        account: { type: 'string' },
        name: { type: 'string' },
        credits: { type: 'string' },
        'unlimited-credits': { type: 'boolean' },
        'limited-credits': { type: 'boolean' },
        rate: { type: 'string' },
        concurrency: { type: 'string' },
        queue: { type: 'string' },
        endpoints: { type: 'string' },
        features: { type: 'string' },
        json: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  const [group, action, ...rest] = positionals;
  if (values.help || !group) {
    process.stdout.write(USAGE + '\n');
    return;
  }
  // Only the account store's variables: the admin tool must work where the server's other settings are not set.
  const env = parseEnv(process.env, ['SCRAPE_DATA_DIR', 'REDIS_URL', 'SCRAPE_ACCOUNTS_KEY_PREFIX']);
  const store = await openAccountStore({
    dataDir: env.SCRAPE_DATA_DIR,
    redisUrl: env.REDIS_URL,
    keyPrefix: env.SCRAPE_ACCOUNTS_KEY_PREFIX,
  });
  const print = (human: string, data: unknown) =>
    process.stdout.write((values.json ? JSON.stringify(data) : human) + '\n');
  try {
    switch (`${group} ${action ?? ''}`.trim()) {
      case 'keys create': {
        const accountId = values.account ?? rest[0];
        if (!accountId) throw new UsageError('keys create needs --account <id>');
        const account = await upsertAccount(store, accountId, values);
        const key = generateApiKey();
        const hash = hashApiKey(key);
        const record = { id: keyIdOf(hash), hash, accountId, name: values.name, createdAt: new Date().toISOString() };
        await store.addKey(record);
        print(`${key}\n(key id ${record.id}, account ${account.id}; store the key now, it is not shown again)`, {
          key,
          id: record.id,
          accountId,
        });
        return;
      }
      case 'keys revoke': {
        const id = rest[0];
        if (!id) throw new UsageError('keys revoke needs a key id (see keys list)');
        if (!(await store.revokeKey(id, new Date().toISOString()))) throw new UsageError(`no key with id ${id}`);
        print(`revoked ${id}`, { revoked: id });
        return;
      }
      case 'keys list': {
        const keys = (await store.listKeys()).map(({ hash: _hash, ...k }) => k);
        print(
          keys
            .map(
              (k) =>
                `${k.id}  ${k.accountId}  ${k.name ?? '-'}  ${k.createdAt}  ` +
                `${k.revokedAt ? 'revoked ' + k.revokedAt : 'active'}`,
            )
            .join('\n') || '(no keys)',
          keys,
        );
        return;
      }
      case 'accounts list': {
        const accounts = await Promise.all(
          (await store.listAccounts()).map(async (a) => ({ ...a, balance: await store.balance(a.id) })),
        );
        print(accounts.map(describe).join('\n') || '(no accounts)', accounts);
        return;
      }
      case 'accounts show': {
        const account = await requireAccount(store, rest[0]);
        const shown = { ...account, balance: await store.balance(account.id) };
        print(describe(shown), shown);
        return;
      }
      case 'accounts set': {
        if (!rest[0]) throw new UsageError('accounts set needs an account id');
        const account = await upsertAccount(store, rest[0], values);
        const shown = { ...account, balance: await store.balance(account.id) };
        print(describe(shown), shown);
        return;
      }
      case 'credits add': {
        const account = await requireAccount(store, rest[0]);
        const amount = Number(rest[1]);
        if (!Number.isInteger(amount)) throw new UsageError('credits add needs a whole number of credits');
        const balance = await store.addCredits(account.id, amount);
        print(`${account.id}: ${balance} credits`, { accountId: account.id, balance });
        return;
      }
      case 'credits show': {
        const account = await requireAccount(store, rest[0]);
        const balance = await store.balance(account.id);
        print(`${account.id}: ${account.unlimitedCredits ? 'unlimited' : `${balance} credits`}`, {
          accountId: account.id,
          balance,
          unlimited: account.unlimitedCredits,
        });
        return;
      }
      default:
        throw new UsageError(`unknown command "${positionals.join(' ')}"`);
    }
  } finally {
    await store.close();
  }
}

type Values = Record<string, string | boolean | undefined>;

async function upsertAccount(store: AccountStore, id: string, values: Values): Promise<Account> {
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

async function requireAccount(store: AccountStore, id: string | undefined): Promise<Account> {
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

function describe(a: Account & { balance: number }): string {
  const or = (v: number | null) => (v === null ? 'unlimited' : String(v));
  return (
    `${a.id}${a.name ? ` (${a.name})` : ''}: credits ${a.unlimitedCredits ? 'unlimited' : a.balance}, rate ` +
    `${or(a.ratePerMinute)}/min, ` +
    `concurrency ${or(a.concurrency)} (queue ${a.queueLimit}), endpoints ${a.endpoints.join(',') || '-'}, features ` +
    `${a.features.join(',') || '-'}`
  );
}

main(process.argv.slice(2)).catch((err) => {
  const usage = err instanceof UsageError;
  process.stderr.write(
    `scrape-admin: ${err instanceof Error ? err.message : String(err)}${usage ? '\n(see scrape-admin --help)' : ''}\n`,
  );
  process.exit(usage ? 2 : 1);
});
