import type { Account } from '../../accounts/account.js';
import type { AccountStore } from '../../accounts/AccountStore.js';
import { generateApiKey, hashApiKey, keyIdOf } from '../../accounts/apiKey.js';
import { requireAccount, upsertAccount, type Values } from './accountOptions.js';
import { UsageError } from './UsageError.js';

/** What a command runs with: the open store, the options, the words after `<group> <action>`, and the printer. */
export interface AdminContext {
  store: AccountStore;
  /** The parsed options (`--account`, `--name` and the account options). */
  values: Values & { account?: string; name?: string };
  rest: string[];
  /** Prints `human`, or `data` as JSON with --json. */
  print(human: string, data: unknown): void;
}

type AdminCommand = (ctx: AdminContext) => Promise<void>;

/** Issues a key (creating the account if new); the key is printed once, only its sha256 is stored. */
async function keysCreate({ store, values, rest, print }: AdminContext): Promise<void> {
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
}

async function keysRevoke({ store, rest, print }: AdminContext): Promise<void> {
  const id = rest[0];
  if (!id) throw new UsageError('keys revoke needs a key id (see keys list)');
  if (!(await store.revokeKey(id, new Date().toISOString()))) throw new UsageError(`no key with id ${id}`);
  print(`revoked ${id}`, { revoked: id });
}

async function keysList({ store, print }: AdminContext): Promise<void> {
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
}

async function accountsList({ store, print }: AdminContext): Promise<void> {
  const accounts = await Promise.all(
    (await store.listAccounts()).map(async (a) => ({ ...a, balance: await store.balance(a.id) })),
  );
  print(accounts.map(describe).join('\n') || '(no accounts)', accounts);
}

async function accountsShow({ store, rest, print }: AdminContext): Promise<void> {
  const account = await requireAccount(store, rest[0]);
  const shown = { ...account, balance: await store.balance(account.id) };
  print(describe(shown), shown);
}

async function accountsSet({ store, values, rest, print }: AdminContext): Promise<void> {
  if (!rest[0]) throw new UsageError('accounts set needs an account id');
  const account = await upsertAccount(store, rest[0], values);
  const shown = { ...account, balance: await store.balance(account.id) };
  print(describe(shown), shown);
}

async function creditsAdd({ store, rest, print }: AdminContext): Promise<void> {
  const account = await requireAccount(store, rest[0]);
  const amount = Number(rest[1]);
  if (!Number.isInteger(amount)) throw new UsageError('credits add needs a whole number of credits');
  const balance = await store.addCredits(account.id, amount);
  print(`${account.id}: ${balance} credits`, { accountId: account.id, balance });
}

async function creditsShow({ store, rest, print }: AdminContext): Promise<void> {
  const account = await requireAccount(store, rest[0]);
  const balance = await store.balance(account.id);
  print(`${account.id}: ${account.unlimitedCredits ? 'unlimited' : `${balance} credits`}`, {
    accountId: account.id,
    balance,
    unlimited: account.unlimitedCredits,
  });
}

/** scrape-admin's commands by `<group> <action>` (the usage text lists them). */
export const ADMIN_COMMANDS: ReadonlyMap<string, AdminCommand> = new Map([
  ['keys create', keysCreate],
  ['keys revoke', keysRevoke],
  ['keys list', keysList],
  ['accounts list', accountsList],
  ['accounts show', accountsShow],
  ['accounts set', accountsSet],
  ['credits add', creditsAdd],
  ['credits show', creditsShow],
]);

/** One account on one line: credits, limits, endpoints and features. */
function describe(a: Account & { balance: number }): string {
  const or = (v: number | null) => (v === null ? 'unlimited' : String(v));
  return (
    `${a.id}${a.name ? ` (${a.name})` : ''}: credits ${a.unlimitedCredits ? 'unlimited' : a.balance}, rate ` +
    `${or(a.ratePerMinute)}/min, ` +
    `concurrency ${or(a.concurrency)} (queue ${a.queueLimit}), endpoints ${a.endpoints.join(',') || '-'}, features ` +
    `${a.features.join(',') || '-'}`
  );
}
