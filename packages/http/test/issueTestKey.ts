// An account with an issued API key, straight in the account store (what `scrape-admin keys create` does), for the
// e2e suites that test limits, credits and usage.
import { keyIdOf } from '../src/accounts/apiKey.js';
import { generateApiKey, hashApiKey, type Account, type Accounts } from '../src/index.js';

/**
 * Puts the account (no limits, `endpoints: ['scrape']`, no features unless `account` says otherwise), adds `credits`,
 * and issues a key for it. Returns the key and its id.
 */
export async function issueTestKey(
  accounts: Accounts,
  account: Partial<Account> & { id: string },
  credits = 0,
): Promise<{ key: string; id: string }> {
  await accounts.store.putAccount({
    ratePerMinute: null,
    concurrency: null,
    queueLimit: 10,
    endpoints: ['scrape'],
    features: [],
    unlimitedCredits: false,
    ...account,
  });
  if (credits) await accounts.store.addCredits(account.id, credits);
  const key = generateApiKey();
  const hash = hashApiKey(key);
  await accounts.store.addKey({ id: keyIdOf(hash), hash, accountId: account.id, createdAt: new Date().toISOString() });
  return { key, id: keyIdOf(hash) };
}
