// A pause or an update that lands after a due time was taken (by this process or another on Redis) and before its
// check fetched: the check re-reads the monitor as it marks itself running, so the paused monitor's page is not fetched
// and no check is recorded (as a due time that finds the monitor paused), and an updated monitor's check fetches the
// new targets, not the old ones. The window is held open by a hook on the account lookup the check makes between its
// pick-up and its first fetch: it waits for the test to pause or update, not for time.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Firecrawl from '@mendable/firecrawl-js';
import { dropRedisPrefix, listenPage, type LocalServer, waitFor } from '@scrape/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAccounts, type Accounts } from '../src/index.js';
import { issueTestKey } from './issueTestKey.js';
import { startService, type Service } from './startService.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PREFIX = `test:monitor-pause:${randomUUID()}:`;

let site: LocalServer;
beforeAll(async () => {
  site = await listenPage('<html><body><p>Watched page</p></body></html>');
});
afterAll(async () => {
  await site?.close();
  await dropRedisPrefix(PREFIX, REDIS_URL);
});

/** Holds the next account lookup of `accountId` until `open` is called; `entered` resolves when one is held. */
function holdNextLookup(accounts: Accounts, accountId: string) {
  const lookup = accounts.store.getAccount.bind(accounts.store);
  let entered!: () => void;
  let open!: () => void;
  const held = { entered: new Promise<void>((r) => (entered = r)), opened: new Promise<void>((r) => (open = r)) };
  let armed = true;
  accounts.store.getAccount = async (id: string) => {
    if (armed && id === accountId) {
      // Disarmed on entry: the pause request's own lookups pass.
      armed = false;
      entered();
      await held.opened;
    }
    return lookup(id);
  };
  return { entered: held.entered, open };
}

describe.each([
  { home: 'embedded', redis: false },
  { home: 'redis', redis: true },
])('a pause after a due time was taken ($home)', ({ redis }) => {
  let dataDir: string;
  let accounts: Accounts;
  let service: Service;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'scrape-monitor-pause-'));
    accounts = await openAccounts({ dataDir });
    service = await startService({
      accounts,
      monitor: { minIntervalMs: 1_000 },
      ...(redis ? { redisUrl: REDIS_URL, redisKeyPrefix: PREFIX } : {}),
    });
  });
  afterAll(async () => {
    await service?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('fetches nothing and records no check', { timeout: 120_000 }, async () => {
    const accountId = `pause-${randomUUID()}`;
    const { key } = await issueTestKey(accounts, { id: accountId }, 100);
    const client = new Firecrawl({ apiKey: key, apiUrl: service.baseUrl, maxRetries: 1 });
    const path = `/watched/${randomUUID()}`;
    const hold = holdNextLookup(accounts, accountId);
    const monitor = await client.createMonitor({
      name: 'paused while due',
      schedule: { text: 'every 2 seconds' },
      targets: [{ type: 'scrape', urls: [`${site.origin}${path}`] }],
    });
    // The scheduler took a due time and its check is between pick-up and fetch.
    await hold.entered;
    await client.updateMonitor(monitor.id, { status: 'paused' });
    hold.open();
    await service.app.monitors()!.idle();
    expect(site.hits.filter((h) => h === path)).toEqual([]);
    expect(await client.listMonitorChecks(monitor.id, { limit: 100 })).toEqual([]);
    expect((await client.getMonitor(monitor.id)).status).toBe('paused');
  });

  it('fetches the targets of an update, not those read at pick-up', { timeout: 120_000 }, async () => {
    const accountId = `update-${randomUUID()}`;
    const { key } = await issueTestKey(accounts, { id: accountId }, 100);
    const client = new Firecrawl({ apiKey: key, apiUrl: service.baseUrl, maxRetries: 1 });
    const [oldPath, newPath] = [`/old/${randomUUID()}`, `/new/${randomUUID()}`];
    const hold = holdNextLookup(accounts, accountId);
    const monitor = await client.createMonitor({
      name: 'retargeted while due',
      schedule: { text: 'every 2 seconds' },
      targets: [{ type: 'scrape', urls: [`${site.origin}${oldPath}`] }],
    });
    await hold.entered;
    await client.updateMonitor(monitor.id, { targets: [{ type: 'scrape', urls: [`${site.origin}${newPath}`] }] });
    hold.open();
    // The held check is the oldest (created at pick-up; a due time that came while it was held is skipped as an
    // overlap, recorded later): wait until it has run, then stop the later due times with a pause.
    const held = await waitFor(async () => {
      const oldest = (await client.listMonitorChecks(monitor.id, { limit: 100 })).at(-1);
      return oldest && !['running', 'skipped_overlap'].includes(oldest.status) && oldest;
    }, 'the held check to finish');
    await client.updateMonitor(monitor.id, { status: 'paused' });
    await service.app.monitors()!.idle();
    expect(held.status).toBe('completed');
    expect(site.hits.filter((h) => h === oldPath)).toEqual([]);
    const { pages } = await client.getMonitorCheck(monitor.id, held.id);
    expect(pages.map((p) => p.url)).toEqual([`${site.origin}${newPath}`]);
  });
});
