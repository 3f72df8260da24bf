import { randomUUID } from 'node:crypto';
import { errors, type Scraper } from '@scrape/scraper';
import { createWebhookSender, type StoreHome, type WebhookConfig, type WebhookEvent } from '@scrape/scraper/internal';
import type { Account } from '../accounts/account.js';
import type { Accounts } from '../accounts/openAccounts.js';
import { createEmbeddedScheduler } from './createEmbeddedScheduler.js';
import { createMonitorStore, emptySummary, type CheckRecord, type MonitorRecord } from './createMonitorStore.js';
import { createRedisScheduler } from './createRedisScheduler.js';
import { createEmbeddedMonitorKv, createRedisMonitorKv, type MonitorKv } from './monitorKv.js';
import { MONITOR_LIMITS, parseCreateMonitor, parseUpdateMonitor } from './monitorRequest.js';
import { DEFAULT_MIN_INTERVAL_MS, nextRunAfter } from './monitorSchedule.js';
import type { MonitorScheduler } from './monitorScheduler.js';
import { CHECK_LEASE_MS, createCheckRunner, retentionCutoff } from './runMonitorCheck.js';

const NOT_FOUND = () => errors.notFound('Monitor not found', 'MONITOR_NOT_FOUND');
const CHECK_NOT_FOUND = () => errors.notFound('Monitor check not found', 'MONITOR_CHECK_NOT_FOUND');
/** A due time is claimed for a day: far longer than any redelivery of it, far shorter than forever. */
const DUE_CLAIM_MS = 24 * 60 * 60 * 1000;
/** Monitors per team (each is a standing stream of scrapes). */
export const MONITORS_PER_TEAM_MAX = 100;

export interface MonitorsOptions {
  scraper: Scraper;
  home: StoreHome;
  accounts?: Accounts;
  log: { warn(o: object, m?: string): void; info(o: object, m?: string): void };
  /** Shortest schedule accepted (default DEFAULT_MIN_INTERVAL_MS, one minute). */
  minIntervalMs?: number;
  /** Webhook targets may be private addresses (the server's allowPrivateUrls). */
  allowPrivateUrls?: boolean;
  /** Key of the `X-Firecrawl-Signature` HMAC (the crawl webhooks' key). */
  webhookSecret?: string;
  /** False: this process fires no scheduled checks (routes only). Default true. */
  schedule?: boolean;
}

/** The API shape of a monitor (the SDK's Monitor). */
function present(m: MonitorRecord) {
  return {
    id: m.id,
    name: m.name,
    status: m.status,
    schedule: {
      cron: m.schedule.cron,
      ...(m.schedule.text ? { text: m.schedule.text } : {}),
      timezone: m.schedule.timezone,
    },
    nextRunAt:
      m.status === 'active' ? new Date(m.nextRunAt ?? nextRunAfter(m.schedule, Date.now())).toISOString() : null,
    lastRunAt: m.lastRunAt ? new Date(m.lastRunAt).toISOString() : null,
    currentCheckId: m.currentCheckId,
    targets: m.targets,
    webhook: m.webhook,
    notification: m.notification ?? null,
    retentionDays: m.retentionDays,
    estimatedCreditsPerMonth: null,
    lastCheckSummary: m.lastCheckSummary,
    goal: m.goal,
    judgeEnabled: m.judgeEnabled,
    createdAt: new Date(m.createdAt).toISOString(),
    updatedAt: new Date(m.updatedAt).toISOString(),
  };
}

const presentCheck = ({ pages: _pages, team: _team, ...check }: CheckRecord) => check;

/** A check as recorded when it starts: running, nothing counted, billed only if the account turns out limited. */
function newCheckRecord(
  id: string,
  monitor: MonitorRecord,
  trigger: CheckRecord['trigger'],
  scheduledFor: number | null,
  at: string,
): CheckRecord {
  return {
    id,
    monitorId: monitor.id,
    team: monitor.team,
    status: 'running',
    trigger,
    scheduledFor: scheduledFor === null ? null : new Date(scheduledFor).toISOString(),
    startedAt: at,
    finishedAt: null,
    estimatedCredits: null,
    reservedCredits: null,
    actualCredits: null,
    billingStatus: 'not_applicable',
    summary: emptySummary(),
    targetResults: [],
    notificationStatus: null,
    error: null,
    createdAt: at,
    updatedAt: at,
    pages: [],
  };
}

/**
 * Monitors: records and checks in the stores' home (LMDB in the data directory, or Redis), scheduled by the home's
 * scheduler, each check run through change tracking and billed like the scrapes it makes.
 */
export async function createMonitors(options: MonitorsOptions) {
  const { scraper, accounts, log } = options;
  const minIntervalMs = options.minIntervalMs ?? DEFAULT_MIN_INTERVAL_MS;
  const home = options.home;
  const prefix = `${home.kind === 'redis' ? (home.keyPrefix ?? '') : ''}monitors:`;
  let kv: MonitorKv;
  try {
    kv =
      home.kind === 'redis' ? await createRedisMonitorKv(home.redisUrl, prefix) : createEmbeddedMonitorKv(home.dataDir);
  } catch (error) {
    throw errors.unavailable('Service Unavailable', {
      reason: `the monitor store could not be opened: ${(error as Error).message}`,
    });
  }
  const store = createMonitorStore(kv);
  const runner = createCheckRunner({ scraper, store, accounts, log });
  const webhooks = createWebhookSender({
    allowPrivateUrls: options.allowPrivateUrls,
    secret: options.webhookSecret,
    logger: log,
  });
  const running = new Set<AbortController>();
  const inFlight = new Set<Promise<unknown>>();

  const accountOf = async (team: string): Promise<Account | null> =>
    accounts && team ? accounts.store.getAccount(team) : null;

  const fire = async (monitorId: string, dueAt: number, dueKey: string) => {
    // Whatever delivered this due time twice (a stalled BullMQ job, two embedded processes), it runs once.
    if (!(await kv.claim(`due:${dueKey}`, randomUUID(), DUE_CLAIM_MS))) return;
    const monitor = await store.getMonitor(monitorId);
    if (monitor?.status !== 'active') return;
    await startCheck(monitor, 'scheduled', dueAt).done;
  };
  const scheduler: MonitorScheduler =
    home.kind === 'redis'
      ? createRedisScheduler({ redisUrl: home.redisUrl, prefix: `${prefix}bull`, fire, log })
      : createEmbeddedScheduler(store, fire, log);

  function notify(monitor: MonitorRecord, check: CheckRecord): void {
    const changed = check.summary.new + check.summary.changed + check.summary.removed;
    if (!monitor.webhook || changed === 0) return;
    // The crawl webhooks' sender: signed the same way, SSRF-guarded on every attempt, retried with backoff.
    const webhook = monitor.webhook as unknown as WebhookConfig;
    for (const page of check.pages) {
      if (page.status === 'same' || page.status === 'error') continue;
      const data = [{ monitorId: monitor.id, checkId: check.id, ...page }];
      webhooks.send({ webhook, prefix: 'monitor', event: 'page' as WebhookEvent, jobId: check.id, data });
    }
    const data = [{ checkId: check.id, monitorId: monitor.id, status: check.status, summary: check.summary }];
    webhooks.send({ webhook, prefix: 'monitor', event: 'check.completed' as WebhookEvent, jobId: check.id, data });
  }

  /** Records a check and runs it in the background (`done`); skipped checks are recorded finished at once. */
  function startCheck(
    monitor: MonitorRecord,
    trigger: CheckRecord['trigger'],
    scheduledFor: number | null,
  ): { check: Promise<CheckRecord>; done: Promise<unknown> } {
    const id = randomUUID();
    const at = new Date().toISOString();
    const base = newCheckRecord(id, monitor, trigger, scheduledFor, at);
    const skipped = async (status: 'skipped_overlap' | 'skipped_no_credits', error: string) => {
      const check = { ...base, status, finishedAt: at, error };
      await store.putCheck(check);
      return check;
    };
    let release: () => Promise<void> = async () => {};
    const started = (async (): Promise<{ check: CheckRecord; go: boolean; account: Account | null }> => {
      // One check of a monitor at a time, across every process: the claim lives in the shared store.
      if (!(await kv.claim(`run:${monitor.id}`, id, CHECK_LEASE_MS))) {
        return {
          check: await skipped('skipped_overlap', 'The previous check of this monitor is still running.'),
          go: false,
          account: null,
        };
      }
      release = () => kv.release(`run:${monitor.id}`, id);
      const account = await accountOf(monitor.team);
      if (accounts && account && !account.unlimitedCredits && (await accounts.store.balance(account.id)) <= 0) {
        await release();
        return {
          check: await skipped('skipped_no_credits', 'Payment Required: Insufficient credits'),
          go: false,
          account,
        };
      }
      const check = {
        ...base,
        billingStatus: account && !account.unlimitedCredits ? ('reserved' as const) : ('not_applicable' as const),
      };
      await store.putCheck(check);
      await store.patchMonitor(monitor.id, { currentCheckId: id });
      return { check, go: true, account };
    })();
    const done = started.then(async ({ check, go, account }) => {
      if (!go) return;
      const controller = new AbortController();
      running.add(controller);
      try {
        const finished = await runner.run(monitor, check, account, controller.signal);
        // Free the monitor before the check reads as finished: a client that starts the next check as soon as it
        // sees this one done must not be told the previous one still runs.
        await release();
        // Deleted while running: nothing to record it on.
        if (!(await store.getMonitor(monitor.id))) return;
        await store.putCheck(finished);
        log.info(
          {
            monitorId: monitor.id,
            checkId: id,
            trigger,
            scheduledFor: check.scheduledFor,
            status: finished.status,
            summary: finished.summary,
          },
          'monitor check',
        );
        await store.patchMonitor(monitor.id, {
          currentCheckId: null,
          lastRunAt: Date.parse(finished.startedAt!),
          lastCheckSummary: finished.summary,
        });
        await store.pruneChecks(monitor.id, retentionCutoff(monitor));
        notify(monitor, finished);
      } catch (error) {
        log.warn({ err: String(error), monitorId: monitor.id }, 'monitor check failed');
        const failed = {
          ...check,
          status: 'failed' as const,
          error: String((error as Error)?.message ?? error),
          finishedAt: new Date().toISOString(),
        };
        await store.putCheck(failed).catch(() => {});
        await store.patchMonitor(monitor.id, { currentCheckId: null }).catch(() => {});
      } finally {
        running.delete(controller);
        await release().catch(() => {});
      }
    });
    const tracked = done.catch((error) =>
      log.warn({ err: String(error), monitorId: monitor.id }, 'monitor check could not start'),
    );
    inFlight.add(tracked);
    void tracked.finally(() => inFlight.delete(tracked));
    return { check: started.then((s) => s.check), done: tracked };
  }

  async function owned(id: string, team: string): Promise<MonitorRecord> {
    const monitor = await store.getMonitor(id, team);
    if (!monitor) throw NOT_FOUND();
    return monitor;
  }

  return {
    scheduler,
    async start() {
      if (options.schedule !== false) await scheduler.start();
    },
    async create(body: unknown, team: string) {
      const input = parseCreateMonitor(body, minIntervalMs);
      if (input.webhook) await webhooks.check(input.webhook as unknown as WebhookConfig);
      if ((await store.listMonitors(team, MONITORS_PER_TEAM_MAX - 1, 1)).length > 0) {
        throw errors.badRequest(
          `A team may have at most ${MONITORS_PER_TEAM_MAX} monitors`,
          undefined,
          'MONITOR_LIMIT_REACHED',
        );
      }
      const now = Date.now();
      const monitor: MonitorRecord = {
        id: randomUUID(),
        team,
        name: input.name,
        status: 'active',
        schedule: input.schedule,
        targets: input.targets,
        webhook: input.webhook ?? null,
        notification: input.notification ?? null,
        retentionDays: input.retentionDays ?? MONITOR_LIMITS.retentionDaysDefault,
        goal: input.goal ?? null,
        judgeEnabled: input.judgeEnabled ?? false,
        nextRunAt: null,
        lastRunAt: null,
        currentCheckId: null,
        lastCheckSummary: null,
        createdAt: now,
        updatedAt: now,
      };
      await store.putMonitor(monitor);
      monitor.nextRunAt = await scheduler.sync(monitor);
      await store.patchMonitor(monitor.id, { nextRunAt: monitor.nextRunAt });
      return present(monitor);
    },
    async list(team: string, offset: number, limit: number) {
      return (await store.listMonitors(team, offset, limit)).map(present);
    },
    get: async (id: string, team: string) => present(await owned(id, team)),
    async update(id: string, body: unknown, team: string) {
      const current = await owned(id, team);
      const input = parseUpdateMonitor(body, minIntervalMs);
      if (input.webhook) await webhooks.check(input.webhook as unknown as WebhookConfig);
      const next: MonitorRecord = { ...current, ...stripUndefined(input), updatedAt: Date.now() } as MonitorRecord;
      next.nextRunAt = await scheduler.sync(next);
      await store.patchMonitor(id, {
        ...stripUndefined(input),
        nextRunAt: next.nextRunAt,
        updatedAt: next.updatedAt,
      } as Partial<MonitorRecord>);
      return present(next);
    },
    async remove(id: string, team: string) {
      const monitor = await owned(id, team);
      await scheduler.remove(id);
      await store.deleteMonitor(monitor);
    },
    async run(id: string, team: string) {
      const monitor = await owned(id, team);
      return presentCheck(await startCheck(monitor, 'manual', null).check);
    },
    async listChecks(id: string, team: string, offset: number, limit: number) {
      await owned(id, team);
      return (await store.listChecks(id, offset, limit)).map(presentCheck);
    },
    async getCheck(id: string, checkId: string, team: string, page: { skip: number; limit: number; status?: string }) {
      await owned(id, team);
      const check = await store.getCheck(id, checkId);
      if (!check) throw CHECK_NOT_FOUND();
      const matching = page.status ? check.pages.filter((p) => p.status === page.status) : check.pages;
      const pages = matching.slice(page.skip, page.skip + page.limit);
      const more = page.skip + pages.length < matching.length;
      return { check: { ...presentCheck(check), pages }, nextSkip: more ? page.skip + pages.length : null };
    },
    /** Resolves when every check this process started has finished (tests, shutdown). */
    async idle() {
      while (inFlight.size) await Promise.allSettled([...inFlight]);
      await webhooks.idle();
    },
    async close() {
      // Running checks end first (their pages answer `error`): a BullMQ worker's close waits for its jobs.
      for (const c of running) c.abort(new Error('server closing'));
      await scheduler.close();
      while (inFlight.size) await Promise.allSettled([...inFlight]);
      await webhooks.idle();
      await webhooks.close();
      await kv.close();
    },
  };
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

export type Monitors = Awaited<ReturnType<typeof createMonitors>>;
