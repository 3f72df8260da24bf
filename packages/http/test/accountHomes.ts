// The two homes the account suites run on (embedded in a temp dir, Redis under a per-run key prefix), and a service
// started on the accounts of one of them, with the clean-up that removes what the run left.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openAccounts, type Accounts, type CreateServerOptions } from '../src/index.js';
import { startFixtureSite, type FixtureSite } from './fixtureSite.js';
import { startService, type Service } from './startService.js';
import { dropRedisPrefix, useCleanups, useStarted } from '@scrape/test-support';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface AccountHome {
  dataDir?: string;
  redisUrl?: string;
  keyPrefix?: string;
}

/** `[name, makeHome]` pairs for `describe.each`; `tag` names the temp dirs and key prefixes of one suite. */
export function accountHomes(tag: string) {
  return [
    ['embedded (LMDB)', (): AccountHome => ({ dataDir: mkdtempSync(join(tmpdir(), `scrape-${tag}-e2e-`)) })],
    ['Redis', (): AccountHome => ({ redisUrl: REDIS_URL, keyPrefix: `test:${tag}-e2e:${randomUUID()}:` })],
  ] as const;
}

/**
 * Opens the accounts on `home` and a service that uses them (with `options` besides); `close` stops the service and
 * removes the home.
 */
export async function startAccountService(
  home: AccountHome,
  options: CreateServerOptions = {},
): Promise<{ accounts: Accounts; service: Service; close(): Promise<void> }> {
  const accounts = await openAccounts(home);
  const redisKeyPrefix = home.keyPrefix && home.keyPrefix + 'cache:';
  const service = await startService({ ...options, accounts, redisUrl: home.redisUrl, redisKeyPrefix });
  const close = async () => {
    await service.close();
    if (home.dataDir) rmSync(home.dataDir, { recursive: true, force: true });
    if (home.keyPrefix) {
      await dropRedisPrefix(home.keyPrefix, REDIS_URL);
    }
  };
  return { accounts, service, close };
}

/**
 * A fixture site for the file's tests, started before them; after them the file's `cleanups` run (last first) and
 * the site closes. Read `site` inside the tests (it is set once `beforeAll` has run).
 */
export function useSiteWithCleanups(): { readonly site: FixtureSite; cleanups: (() => unknown)[] } {
  const env = useStarted(async (own) => ({ site: own(await startFixtureSite()) }));
  const cleanups = useCleanups();
  return {
    get site() {
      return env.site;
    },
    cleanups,
  };
}
