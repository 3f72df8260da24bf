// Two scrape-server processes on one Redis: a monitor's due time is one BullMQ job, so each scheduled check runs in
// exactly one of them (the fixture page is fetched once per due time, never twice), whichever process took it.
// A check still running at its monitor's next due time makes that one `skipped_overlap` (by design; on a busy machine
// a cold first check outlasts the 2 s schedule): skipped checks fetch nothing, so the counts are of completed ones.
import { randomUUID } from 'node:crypto';
import Firecrawl from '@mendable/firecrawl-js';
import { dropRedisPrefix, listenLocal, type LocalServer, waitFor } from '@scrape/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from './serverProcesses.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PREFIX = `test:monitor:${randomUUID()}:`;
const KEY = 'monitor-redis-key-0123456789abcdef';

let site: LocalServer;
let servers: ServerProcess[] = [];

beforeAll(async () => {
  site = await listenLocal((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(`<html><body><p>Tick at ${Date.now()}</p></body></html>`);
  });
  const env = {
    REDIS_URL,
    SCRAPE_REDIS_KEY_PREFIX: PREFIX,
    SCRAPE_ACCOUNTS_KEY_PREFIX: `${PREFIX}accounts:`,
    SCRAPE_JOBS_REDIS_PREFIX: `${PREFIX}jobs:`,
    SCRAPE_API_KEYS: KEY,
    SCRAPE_ALLOW_PRIVATE_URLS: '1',
    SCRAPE_MONITOR_MIN_INTERVAL_MS: '1000',
  };
  // Two Node processes starting at once: seconds alone, over a minute at load 30 (the bound catches a hang).
  servers = await Promise.all([startServerProcess(env, 150_000), startServerProcess(env, 150_000)]);
}, 180_000);
afterAll(async () => {
  const codes = await Promise.all(servers.map((s) => s.stop()));
  await site?.close();
  await dropRedisPrefix(PREFIX, REDIS_URL);
  expect(codes).toEqual([0, 0]);
});

describe('monitor schedule on Redis, two processes', () => {
  it('runs each due check exactly once across both processes', { timeout: 120_000 }, async () => {
    const [a, b] = servers.map((s) => new Firecrawl({ apiKey: KEY, apiUrl: s.baseUrl, maxRetries: 1 }));
    // A path of this attempt's own: a retry must not count the first attempt's fetches.
    const path = `/tick/${randomUUID()}`;
    const monitor = await a.createMonitor({
      name: 'tick',
      schedule: { text: 'every 2 seconds' },
      targets: [{ type: 'scrape', urls: [`${site.origin}${path}`] }],
    });
    // Both processes serve the same monitor (one store).
    expect((await b.getMonitor(monitor.id)).schedule.cron).toBe('*/2 * * * * *');
    const list = () => b.listMonitorChecks(monitor.id, { limit: 100 });
    const completed = <T extends { status: string }>(checks: T[]) => checks.filter((c) => c.status === 'completed');
    await waitFor(async () => (completed(await list()).length >= 5 ? true : null), 'five completed checks', 90_000);
    await b.updateMonitor(monitor.id, { status: 'paused' });
    const logged = () =>
      servers.flatMap((s) => s.logs.filter((l) => l.msg === 'monitor check' && l.monitorId === monitor.id));
    // Checks still running at the pause finish and are logged (the wait is for them to end, not the assertion).
    await waitFor(
      async () => ((await list()).every((c) => c.status !== 'running') ? true : null),
      'running checks to end',
    );
    const checks = await list();
    const ran = completed(checks);
    const due = checks.map((c) => c.scheduledFor);
    expect(checks.every((c) => c.trigger === 'scheduled')).toBe(true);
    expect(checks.filter((c) => c.status !== 'completed' && c.status !== 'skipped_overlap')).toEqual([]);
    // A skipped due time overlapped a check that came due before it.
    for (const skipped of checks.filter((c) => c.status === 'skipped_overlap')) {
      expect(ran.some((c) => Date.parse(c.scheduledFor!) < Date.parse(skipped.scheduledFor!))).toBe(true);
    }
    // One check per due time, and one fetch of the page per check that ran: no due time ran twice.
    expect(new Set(due).size).toBe(checks.length);
    expect(site.hits.filter((h) => h === path).length).toBe(ran.length);
    expect(logged().length).toBe(ran.length);
    for (const d of due) expect(Date.parse(d!) % 2_000).toBe(0);
    const perProcess = servers.map(
      (s) => s.logs.filter((l) => l.msg === 'monitor check' && l.monitorId === monitor.id).length,
    );
    console.log(
      `monitor exactly-once on Redis: ${checks.length} due times (${ran.length} ran), per process ${perProcess.join('/')}`,
    );
  });
});
