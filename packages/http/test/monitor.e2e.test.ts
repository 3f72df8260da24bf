// Monitors through the Firecrawl SDK (embedded home): a fixture page whose content changes between checks is `new`,
// then `changed` with a diff, then `same`; the webhook arrives signed like a crawl's; validation names the field;
// another team's monitor is a 404; a short schedule fires by itself, and pause and delete stop it.
import Firecrawl from '@mendable/firecrawl-js';
import { listenLocal, listenWebhooks, useStarted, waitFor, webhookSignature } from '@scrape/test-support';
import { describe, expect, it } from 'vitest';
import { callApi, startService, TEST_KEY } from './startService.js';
import { startSearxngStandIn } from './searxngStandIn.js';

const WEBHOOK_SECRET = 'monitor-webhook-secret';
const OTHER_KEY = 'e2e-other-team-key-0123456789';
let version = 1;

const env = useStarted(async (own) => {
  const site = own(
    await listenLocal((_req, res, path) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      if (path === '/static') return void res.end('<html><body><h1>Static</h1><p>Never changes.</p></body></html>');
      res.end(
        `<html><head><title>Prices</title></head><body><h1>Prices</h1>` +
          `<p>Widget costs ${version * 10} euros.</p></body></html>`,
      );
    }),
  );
  const receiver = own(await listenWebhooks());
  const standIn = own(await startSearxngStandIn());
  const service = own(
    await startService({
      apiKeys: [TEST_KEY, OTHER_KEY],
      search: { searxngUrl: standIn.origin },
      monitor: { minIntervalMs: 2_000, webhookSecret: WEBHOOK_SECRET },
    }),
  );
  const client = new Firecrawl({ apiKey: TEST_KEY, apiUrl: service.baseUrl, maxRetries: 1 });
  return { site, receiver, standIn, service, client };
});

/** Starts a check with the SDK and waits until it is finished. */
async function runCheck(monitorId: string) {
  const started = await env.client.runMonitor(monitorId);
  expect(started.monitorId).toBe(monitorId);
  return waitFor(async () => {
    const check = await env.client.getMonitorCheck(monitorId, started.id);
    return check.status === 'running' ? null : check;
  }, `check ${started.id}`);
}

describe('monitor', () => {
  it('checks a changing page: new, then changed with a diff, then same; the webhook is signed', {
    timeout: 120_000,
  }, async () => {
    version = 1;
    const monitor = await env.client.createMonitor({
      name: 'prices',
      schedule: { cron: '0 0 1 1 *', timezone: 'Europe/Paris' },
      targets: [{ type: 'scrape', urls: [`${env.site.origin}/prices`, `${env.site.origin}/static`] }],
      webhook: { url: `${env.receiver.origin}/hook`, metadata: { who: 'test' } },
      retentionDays: 7,
    });
    expect(monitor).toMatchObject({
      name: 'prices',
      status: 'active',
      retentionDays: 7,
      schedule: { cron: '0 0 1 1 *', timezone: 'Europe/Paris' },
    });
    expect(Date.parse(monitor.nextRunAt!)).toBeGreaterThan(Date.now());

    const first = await runCheck(monitor.id);
    expect(first.status).toBe('completed');
    expect(first.summary).toMatchObject({ totalPages: 2, new: 2, same: 0, changed: 0 });
    expect(first.pages.map((p) => p.status).sort()).toEqual(['new', 'new']);

    version = 2;
    const second = await runCheck(monitor.id);
    expect(second.summary).toMatchObject({ totalPages: 2, changed: 1, same: 1 });
    const changed = second.pages.find((p) => p.status === 'changed')!;
    expect(changed.url).toBe(`${env.site.origin}/prices`);
    expect(changed.diff?.text).toContain('-Widget costs 10 euros.');
    expect(changed.diff?.text).toContain('+Widget costs 20 euros.');
    // Only the changed pages, through the status filter.
    const onlyChanged = await env.client.getMonitorCheck(monitor.id, second.id, { status: 'changed' });
    expect(onlyChanged.pages).toHaveLength(1);
    // Pages one at a time: `next` points at the rest, and the SDK follows it.
    const firstPage = await env.client.getMonitorCheck(monitor.id, second.id, { limit: 1, autoPaginate: false });
    expect(firstPage.pages).toHaveLength(1);
    expect(firstPage.next).toContain(`/v2/monitor/${monitor.id}/checks/${second.id}?skip=1&limit=1`);
    const followed = await env.client.getMonitorCheck(monitor.id, second.id, { limit: 1 });
    expect(followed.pages.map((p) => p.url).sort()).toEqual(second.pages.map((p) => p.url).sort());

    const third = await runCheck(monitor.id);
    expect(third.summary).toMatchObject({ totalPages: 2, same: 2, changed: 0, new: 0 });

    // Checks 1 and 2 changed something: one `monitor.check.completed` each (check 3 sends none).
    const completed = await waitFor(() => {
      const found = env.receiver.deliveries.filter(
        (d) => d.body.type === 'monitor.check.completed' && d.body.data[0]?.monitorId === monitor.id,
      );
      return found.length >= 2 ? found : null;
    }, 'two check webhooks');
    await env.service.app.monitors()!.idle();
    const ours = env.receiver.deliveries.filter(
      (d) => d.body.type === 'monitor.check.completed' && d.body.data[0]?.monitorId === monitor.id,
    );
    expect(ours.map((d) => d.body.id).sort()).toEqual([first.id, second.id].sort());
    for (const d of completed) {
      expect(d.headers['x-firecrawl-signature']).toBe(webhookSignature(WEBHOOK_SECRET, d.raw));
      expect(d.body.metadata).toEqual({ who: 'test' });
    }
    const secondHook = completed.find((d) => d.body.id === second.id)!;
    expect(secondHook.body.data[0]).toMatchObject({
      monitorId: monitor.id,
      checkId: second.id,
      summary: { changed: 1, same: 1 },
    });
    const pageHooks = env.receiver.deliveries.filter((d) => d.body.type === 'monitor.page' && d.body.id === second.id);
    expect(pageHooks.map((d) => d.body.data[0].status)).toEqual(['changed']);

    const checks = await env.client.listMonitorChecks(monitor.id);
    expect(checks.map((c) => c.id)).toEqual([third.id, second.id, first.id]);
    expect((await env.client.getMonitor(monitor.id)).lastCheckSummary).toMatchObject({ same: 2 });
  });

  it('a search target reports results not seen in the last check as new, then as same', {
    timeout: 60_000,
  }, async () => {
    const monitor = await env.client.createMonitor({
      name: 'news',
      schedule: { text: 'hourly' },
      targets: [{ type: 'search', queries: ['ferry'], maxResults: 5 }],
    });
    const first = await runCheck(monitor.id);
    expect(first.pages.length).toBeGreaterThan(0);
    expect(new Set(first.pages.map((p) => p.status))).toEqual(new Set(['new']));
    expect(first.targetResults?.[0]).toMatchObject({
      type: 'search',
      searchCompleted: true,
      resultCount: first.pages.length,
      matches: first.pages.length,
    });
    const second = await runCheck(monitor.id);
    expect(second.pages.map((p) => [p.url, p.status])).toEqual(first.pages.map((p) => [p.url, 'same']));
    expect(env.standIn.queries.filter((q) => q.get('q') === 'ferry').length).toBeGreaterThanOrEqual(2);
  });

  it('names the bad field with a code, and hides other teams\u2019 monitors', async () => {
    const bad = await callApi(env.service, 'POST', '/v2/monitor', {
      name: 'x',
      schedule: { cron: '* * *' },
      targets: [{ type: 'scrape', urls: [`${env.site.origin}/a`] }],
    });
    expect(bad).toMatchObject({ status: 400, body: { success: false, code: 'BAD_REQUEST_INVALID_SCHEDULE' } });
    expect(bad.body.error).toContain('schedule.cron');
    const noTargets = await callApi(env.service, 'POST', '/v2/monitor', {
      name: 'x',
      schedule: { text: 'hourly' },
      targets: [],
    });
    expect(noTargets).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST' } });
    expect(noTargets.body.error).toContain('targets');
    const badText = await callApi(env.service, 'POST', '/v2/monitor', {
      name: 'x',
      schedule: { text: 'whenever' },
      targets: [{ type: 'scrape', urls: [`${env.site.origin}/a`] }],
    });
    expect(badText.body.error).toContain('schedule.text');
    const tooOften = await callApi(env.service, 'POST', '/v2/monitor', {
      name: 'x',
      schedule: { cron: '* * * * * *' },
      targets: [{ type: 'scrape', urls: [`${env.site.origin}/a`] }],
    });
    expect(tooOften).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST_INVALID_SCHEDULE' } });

    const mine = await env.client.createMonitor({
      name: 'mine',
      schedule: { text: 'daily at 9:30' },
      targets: [{ type: 'scrape', urls: [`${env.site.origin}/a`] }],
    });
    expect(mine.schedule).toMatchObject({ cron: '30 9 * * *', text: 'daily at 9:30', timezone: 'UTC' });
    for (const [method, path] of [
      ['GET', `/v2/monitor/${mine.id}`],
      ['PATCH', `/v2/monitor/${mine.id}`],
      ['DELETE', `/v2/monitor/${mine.id}`],
      ['POST', `/v2/monitor/${mine.id}/run`],
      ['GET', `/v2/monitor/${mine.id}/checks`],
    ] as const) {
      const res = await callApi(
        env.service,
        method,
        path,
        method === 'PATCH' ? { name: 'stolen' } : method === 'POST' ? {} : undefined,
        OTHER_KEY,
      );
      expect(res, `${method} ${path}`).toMatchObject({ status: 404, body: { code: 'MONITOR_NOT_FOUND' } });
    }
    const theirs = await callApi(env.service, 'GET', '/v2/monitor', undefined, OTHER_KEY);
    expect(theirs.body.data).toEqual([]);
    expect((await env.client.listMonitors()).map((m) => m.id)).toContain(mine.id);
    await env.client.deleteMonitor(mine.id);

    const doc = (await callApi(env.service, 'GET', '/v2/openapi.json')).body;
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/v2/monitor',
        '/v2/monitor/{id}',
        '/v2/monitor/{id}/run',
        '/v2/monitor/{id}/checks',
        '/v2/monitor/{id}/checks/{checkId}',
      ]),
    );
    expect(env.service.app.undocumentedRoutes()).toEqual([]);
  });

  it('fires on its schedule by itself; pausing and deleting stop it', { timeout: 180_000 }, async () => {
    const monitor = await env.client.createMonitor({
      name: 'ticker',
      schedule: { text: 'every 2 seconds' },
      targets: [{ type: 'scrape', urls: [`${env.site.origin}/static`] }],
    });
    expect(monitor.schedule.cron).toBe('*/2 * * * * *');
    const scheduled = () =>
      env.client
        .listMonitorChecks(monitor.id)
        .then((cs) => cs.filter((c) => c.trigger === 'scheduled' && c.status !== 'running'));
    await waitFor(async () => ((await scheduled()).length >= 2 ? true : null), 'two scheduled checks');

    const paused = await env.client.updateMonitor(monitor.id, { status: 'paused' });
    expect(paused).toMatchObject({ status: 'paused', nextRunAt: null });
    await env.service.app.monitors()!.idle();
    const atPause = (await env.client.listMonitorChecks(monitor.id, { limit: 100 })).length;
    // Several due times pass while paused (the wait is for time to pass; the assertion is the count after it).
    const until = Date.now() + 5_000;
    await waitFor(() => Date.now() > until, 'three due times');
    expect((await env.client.listMonitorChecks(monitor.id, { limit: 100 })).length).toBe(atPause);

    await env.client.updateMonitor(monitor.id, { status: 'active' });
    await waitFor(
      async () => ((await env.client.listMonitorChecks(monitor.id, { limit: 100 })).length > atPause ? true : null),
      'a check after resuming',
    );
    expect(await env.client.deleteMonitor(monitor.id)).toBe(true);
    await env.service.app.monitors()!.idle();
    const gone = await callApi(env.service, 'GET', `/v2/monitor/${monitor.id}`);
    expect(gone).toMatchObject({ status: 404, body: { code: 'MONITOR_NOT_FOUND' } });
    const hitsAtDelete = env.site.hits.length;
    const later = Date.now() + 5_000;
    await waitFor(() => Date.now() > later, 'three due times after delete');
    expect(env.site.hits.length).toBe(hitsAtDelete);
  });
});
