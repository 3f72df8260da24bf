#!/usr/bin/env node
// scrape-admin: accounts, API keys and credits, in the same store the server uses (REDIS_URL or SCRAPE_DATA_DIR).
import { parseArgs } from 'node:util';
import { DEFAULT_QUEUE_LIMIT, ENDPOINT_SCRAPE } from '../accounts/account.js';
import { openAccountStore } from '../accounts/openAccountStore.js';
import { NEW_ACCOUNT_CONCURRENCY, NEW_ACCOUNT_RATE_PER_MINUTE } from './admin/accountOptions.js';
import { ADMIN_COMMANDS } from './admin/adminCommands.js';
import { UsageError } from './admin/UsageError.js';
import { ENV_VARIABLES, parseEnv } from '@scrape/scraper/config';

/** scrape-server's default data dir, from the schema (@scrape/scraper/config loads none of the scraper itself). */
const DEFAULT_DATA_DIR = ENV_VARIABLES.SCRAPE_DATA_DIR.default;

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

/** Parses the command line, opens the server's account store and runs one command on it (ADMIN_COMMANDS). */
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
    const command = ADMIN_COMMANDS.get(`${group} ${action ?? ''}`.trim());
    if (!command) throw new UsageError(`unknown command "${positionals.join(' ')}"`);
    await command({ store, values, rest, print });
  } finally {
    await store.close();
  }
}

main(process.argv.slice(2)).catch((err) => {
  const usage = err instanceof UsageError;
  process.stderr.write(
    `scrape-admin: ${err instanceof Error ? err.message : String(err)}${usage ? '\n(see scrape-admin --help)' : ''}\n`,
  );
  process.exit(usage ? 2 : 1);
});
