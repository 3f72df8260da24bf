import { randomUUID } from 'node:crypto';
import { errors, type Scraper } from '@scrape/scraper';
import { createWebhookSender, type StoreHome, type WebhookConfig } from '@scrape/scraper/internal';
import type { Accounts } from '../accounts/openAccounts.js';
import { createEmbeddedScheduler } from './createEmbeddedScheduler.js';
import { createMonitorStore, type MonitorRecord, type MonitorStore } from './createMonitorStore.js';
import { createRedisScheduler } from './createRedisScheduler.js';
import { createEmbeddedMonitorKv, createRedisMonitorKv, type MonitorKv } from './monitorKv.js';
import { newMonitorRecord, present, presentCheck, presentCheckPage } from './monitorRecords.js';
import { parseCreateMonitor, parseUpdateMonitor } from './monitorRequest.js';
import { DEFAULT_MIN_INTERVAL_MS } from './monitorSchedule.js';
import type { FireCheck, MonitorScheduler } from './monitorScheduler.js';
import { createCheckRunner } from './runMonitorCheck.js';
import { type CheckContext, startMonitorCheck } from './startMonitorCheck.js';

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

/** Opens the monitors' key-value store in the stores' home; a failure is a 503 naming the reason. */
async function openMonitorKv(home: StoreHome, prefix: string): Promise<MonitorKv> {
  try {
    return home.kind === 'redis'
      ? await createRedisMonitorKv(home.redisUrl, prefix)
      : createEmbeddedMonitorKv(home.dataDir);
  } catch (error) {
    throw errors.unavailable('Service Unavailable', {
      reason: `the monitor store could not be opened: ${(error as Error).message}`,
    });
  }
}

/** The home's scheduler: BullMQ repeatable jobs on Redis, or timers over the embedded store. */
function schedulerFor(
  home: StoreHome,
  prefix: string,
  store: MonitorStore,
  fire: FireCheck,
  log: MonitorsOptions['log'],
): MonitorScheduler {
  return home.kind === 'redis'
    ? createRedisScheduler({ redisUrl: home.redisUrl, prefix: `${prefix}bull`, fire, log })
    : createEmbeddedScheduler(store, fire, log);
}

/**
 * Monitors: records and checks in the stores' home (LMDB in the data directory, or Redis), scheduled by the home's
 * scheduler, each check run through change tracking and billed like the scrapes it makes. The steps: the records'
 * shapes (monitorRecords.ts) and a check's claim, run and webhooks (startMonitorCheck.ts).
 */
export async function createMonitors(options: MonitorsOptions) {
  const { scraper, accounts, log, home } = options;
  const minIntervalMs = options.minIntervalMs ?? DEFAULT_MIN_INTERVAL_MS;
  const prefix = `${home.kind === 'redis' ? (home.keyPrefix ?? '') : ''}monitors:`;
  const kv = await openMonitorKv(home, prefix);
  const store = createMonitorStore(kv);
  const runner = createCheckRunner({ scraper, store, accounts, log });
  const webhooks = createWebhookSender({
    allowPrivateUrls: options.allowPrivateUrls,
    secret: options.webhookSecret,
    logger: log,
  });
  const ctx: CheckContext = { kv, store, runner, accounts, webhooks, log, running: new Set(), inFlight: new Set() };
  const { running, inFlight } = ctx;
  const fire = async (monitorId: string, dueAt: number, dueKey: string) => {
    // Whatever delivered this due time twice (a stalled BullMQ job, two embedded processes), it runs once.
    if (!(await kv.claim(`due:${dueKey}`, randomUUID(), DUE_CLAIM_MS))) return;
    const monitor = await store.getMonitor(monitorId);
    if (monitor?.status !== 'active') return;
    await startMonitorCheck(ctx, monitor, 'scheduled', dueAt).done;
  };
  const scheduler = schedulerFor(home, prefix, store, fire, log);

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
      const monitor = newMonitorRecord(input, team, Date.now());
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
      return presentCheck(await startMonitorCheck(ctx, monitor, 'manual', null).check);
    },
    async listChecks(id: string, team: string, offset: number, limit: number) {
      await owned(id, team);
      return (await store.listChecks(id, offset, limit)).map(presentCheck);
    },
    async getCheck(id: string, checkId: string, team: string, page: { skip: number; limit: number; status?: string }) {
      await owned(id, team);
      const check = await store.getCheck(id, checkId);
      if (!check) throw CHECK_NOT_FOUND();
      return presentCheckPage(check, page);
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
