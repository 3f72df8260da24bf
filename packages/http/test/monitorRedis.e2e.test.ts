// Two scrape-server processes on one Redis: a monitor's due time is one BullMQ job, so each scheduled check runs in
// exactly one of them (the fixture page is fetched once per due time, never twice), whichever process took it.
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
  servers = await Promise.all([startServerProcess(env), startServerProcess(env)]);
}, 60_000);
afterAll(async () => {
  const codes = await Promise.all(servers.map((s) => s.stop()));
  await site?.close();
  await dropRedisPrefix(PREFIX, REDIS_URL);
  expect(codes).toEqual([0, 0]);
});

describe('monitor schedule on Redis, two processes', () => {
  it('runs each due check exactly once across both processes', { timeout: 120_000 }, async () => {
    const [a, b] = servers.map((s) => new Firecrawl({ apiKey: KEY, apiUrl: s.baseUrl, maxRetries: 1 }));
    const monitor = await a.createMonitor({
      name: 'tick',
      schedule: { text: 'every 2 seconds' },
      targets: [{ type: 'scrape', urls: [`${site.origin}/tick`] }],
    });
    // Both processes serve the same monitor (one store).
    expect((await b.getMonitor(monitor.id)).schedule.cron).toBe('*/2 * * * * *');
    const done = async () =>
      (await b.listMonitorChecks(monitor.id, { limit: 100 })).filter((c) => c.status !== 'running');
    await waitFor(async () => ((await done()).length >= 5 ? true : null), 'five scheduled checks', 90_000);
    await b.updateMonitor(monitor.id, { status: 'paused' });
    const logged = () =>
      servers.flatMap((s) => s.logs.filter((l) => l.msg === 'monitor check' && l.monitorId === monitor.id));
    // Checks still running at the pause finish and are logged (the wait is for them to end, not the assertion).
    await waitFor(
      async () =>
        (await b.listMonitorChecks(monitor.id, { limit: 100 })).every((c) => c.status !== 'running') ? true : null,
      'running checks to end',
    );
    const checks = await b.listMonitorChecks(monitor.id, { limit: 100 });
    const due = checks.map((c) => c.scheduledFor);
    expect(checks.every((c) => c.trigger === 'scheduled' && c.status === 'completed')).toBe(true);
    // One check per due time, and one fetch of the page per check: no due time ran twice.
    expect(new Set(due).size).toBe(checks.length);
    expect(site.hits.filter((h) => h === '/tick').length).toBe(checks.length);
    expect(logged().length).toBe(checks.length);
    for (const d of due) expect(Date.parse(d!) % 2_000).toBe(0);
    const perProcess = servers.map(
      (s) => s.logs.filter((l) => l.msg === 'monitor check' && l.monitorId === monitor.id).length,
    );
    console.log(
      `monitor exactly-once on Redis: ${checks.length} due times, checks per process ${perProcess.join('/')}`,
    );
  });
});
