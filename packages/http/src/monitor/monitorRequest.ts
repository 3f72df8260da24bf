import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { errors, type ScrapeError } from '@scrape/scraper';
import { crawlRequestSchema, scrapeRequestSchema } from '@scrape/scraper/internal';
import { normalizeSchedule, ScheduleError, type NormalizedSchedule } from './monitorSchedule.js';

/** Caps of one monitor: a check's work is bounded by them (every URL is one scrape per check). */
export const MONITOR_LIMITS = {
  targets: 20,
  urlsPerTarget: 100,
  queriesPerTarget: 20,
  searchResultsMax: 50,
  crawlPagesMax: 500,
  retentionDaysMax: 365,
  retentionDaysDefault: 30,
} as const;
/** `monitor.page` per changed page, `check.completed` once per check in which something changed. */
export const MONITOR_WEBHOOK_EVENTS = ['page', 'check.completed'] as const;
export type MonitorWebhookEvent = (typeof MONITOR_WEBHOOK_EVENTS)[number];

const httpUrl = z.url({ protocol: /^https?$/ }).max(2_048);
const targetId = z
  .string()
  .regex(/^[\w-]{1,64}$/)
  .optional();
const scrapeOptions = z.record(z.string(), z.unknown()).optional();

const scheduleSchema = z.strictObject({
  cron: z.string().max(100).optional(),
  text: z.string().max(100).optional(),
  timezone: z.string().max(64).optional(),
});
const webhookSchema = z.strictObject({
  url: httpUrl,
  headers: z.record(z.string().max(256), z.string().max(4_096)).optional(),
  metadata: z.record(z.string().max(256), z.string().max(4_096)).optional(),
  events: z.array(z.enum(MONITOR_WEBHOOK_EVENTS)).optional(),
});
const targetSchema = z.discriminatedUnion('type', [
  z.strictObject({
    id: targetId,
    type: z.literal('scrape'),
    urls: z.array(httpUrl).min(1).max(MONITOR_LIMITS.urlsPerTarget),
    scrapeOptions,
  }),
  z.strictObject({
    id: targetId,
    type: z.literal('crawl'),
    url: httpUrl,
    crawlOptions: z.record(z.string(), z.unknown()).optional(),
    scrapeOptions,
  }),
  z.strictObject({
    id: targetId,
    type: z.literal('search'),
    queries: z.array(z.string().min(1).max(500)).min(1).max(MONITOR_LIMITS.queriesPerTarget),
    searchWindow: z.enum(['5m', '15m', '1h', '6h', '24h', '7d']).optional(),
    includeDomains: z.array(z.string().max(253)).max(50).optional(),
    excludeDomains: z.array(z.string().max(253)).max(50).optional(),
    maxResults: z.number().int().min(1).max(MONITOR_LIMITS.searchResultsMax).optional(),
  }),
]);
// The SDK's email notifications and LLM judge are accepted and stored (there is no mail or judge here: documented).
const notificationSchema = z.strictObject({
  email: z
    .strictObject({
      enabled: z.boolean().optional(),
      recipients: z.array(z.email()).max(20).optional(),
      includeDiffs: z.boolean().optional(),
    })
    .optional(),
});
const common = {
  schedule: scheduleSchema,
  webhook: webhookSchema,
  notification: notificationSchema,
  targets: z.array(targetSchema).min(1).max(MONITOR_LIMITS.targets),
  retentionDays: z.number().int().min(1).max(MONITOR_LIMITS.retentionDaysMax),
  goal: z.string().max(2_000),
  judgeEnabled: z.boolean(),
  // What the SDK adds to every body.
  origin: z.string().max(256).optional(),
  integration: z.string().max(256).nullish(),
};
export const createMonitorSchema = z.strictObject({
  name: z.string().min(1).max(200),
  schedule: common.schedule,
  webhook: common.webhook.optional(),
  notification: common.notification.optional(),
  targets: common.targets,
  retentionDays: common.retentionDays.optional(),
  goal: common.goal.optional(),
  judgeEnabled: common.judgeEnabled.optional(),
  origin: common.origin,
  integration: common.integration,
});
export const updateMonitorSchema = z.strictObject({
  name: z.string().min(1).max(200).optional(),
  status: z.enum(['active', 'paused']).optional(),
  schedule: common.schedule.optional(),
  webhook: common.webhook.nullable().optional(),
  notification: common.notification.nullable().optional(),
  targets: common.targets.optional(),
  retentionDays: common.retentionDays.optional(),
  goal: common.goal.nullable().optional(),
  judgeEnabled: common.judgeEnabled.optional(),
  origin: common.origin,
  integration: common.integration,
});

export type MonitorTarget = z.output<typeof targetSchema> & { id: string };
export interface MonitorWebhook {
  url: string;
  headers: Record<string, string>;
  metadata: Record<string, string>;
  events: MonitorWebhookEvent[];
}
export interface MonitorInput {
  name?: string;
  status?: 'active' | 'paused';
  schedule?: NormalizedSchedule;
  webhook?: MonitorWebhook | null;
  notification?: z.output<typeof notificationSchema> | null;
  targets?: MonitorTarget[];
  retentionDays?: number;
  goal?: string | null;
  judgeEnabled?: boolean;
}

/** 400 naming the field (`error` says `path: reason`, `details` has every issue), code BAD_REQUEST. */
function validationError(
  issues: readonly { path: readonly PropertyKey[]; message: string; code: string }[],
): ScrapeError {
  const details = issues.map((i) => ({ code: i.code, path: i.path.map(String), message: i.message }));
  const text = details.slice(0, 3).map((d) => (d.path.length ? `${d.path.join('.')}: ${d.message}` : d.message));
  return errors.badRequest(`Bad Request: ${text.join('; ')}`, details);
}

/** Per-target checks the shared schemas of scrape and crawl do (so a bad option fails now, not at every check). */
function checkTarget(target: MonitorTarget, index: number): void {
  const at = ['targets', index];
  if (target.type === 'scrape') {
    const probe = scrapeRequestSchema.safeParse({ url: target.urls[0], ...target.scrapeOptions });
    if (!probe.success)
      throw validationError(probe.error.issues.map((i) => ({ ...i, path: [...at, 'scrapeOptions', ...i.path] })));
  } else if (target.type === 'crawl') {
    const probe = crawlRequestSchema.safeParse({ ...target.crawlOptions, url: target.url });
    if (!probe.success)
      throw validationError(probe.error.issues.map((i) => ({ ...i, path: [...at, 'crawlOptions', ...i.path] })));
  }
}

function finishInput(data: Partial<z.output<typeof updateMonitorSchema>>, minIntervalMs: number): MonitorInput {
  const { origin: _origin, integration: _integration, ...fields } = data;
  const out: MonitorInput = { ...(fields as MonitorInput) };
  if (data.schedule) {
    try {
      out.schedule = normalizeSchedule(data.schedule, minIntervalMs);
    } catch (error) {
      if (!(error instanceof ScheduleError)) throw error;
      throw errors.badRequest(
        `Bad Request: schedule.${error.field}: ${error.message}`,
        [{ code: 'invalid_schedule', path: ['schedule', error.field], message: error.message }],
        'BAD_REQUEST_INVALID_SCHEDULE',
      );
    }
  }
  if (data.targets) {
    const seen = new Set<string>();
    out.targets = data.targets.map((t, i) => {
      const id = t.id ?? randomUUID();
      if (seen.has(id))
        throw validationError([{ code: 'custom', path: ['targets', i, 'id'], message: 'target ids must be unique' }]);
      seen.add(id);
      const target = { ...t, id } as MonitorTarget;
      checkTarget(target, i);
      return target;
    });
  }
  if (data.webhook) {
    const w = data.webhook;
    out.webhook = {
      url: w.url,
      headers: w.headers ?? {},
      metadata: w.metadata ?? {},
      events: w.events?.length ? w.events : [...MONITOR_WEBHOOK_EVENTS],
    };
  }
  return out;
}

/** Body of POST /v2/monitor (the SDK's CreateMonitorRequest). */
export function parseCreateMonitor(
  body: unknown,
  minIntervalMs: number,
): MonitorInput & Required<Pick<MonitorInput, 'name' | 'schedule' | 'targets'>> {
  const parsed = createMonitorSchema.safeParse(body ?? {});
  if (!parsed.success) throw validationError(parsed.error.issues);
  return finishInput(parsed.data, minIntervalMs) as MonitorInput &
    Required<Pick<MonitorInput, 'name' | 'schedule' | 'targets'>>;
}

/** Body of PATCH /v2/monitor/{id} (the SDK's UpdateMonitorRequest); `null` clears webhook, notification, goal. */
export function parseUpdateMonitor(body: unknown, minIntervalMs: number): MonitorInput {
  const parsed = updateMonitorSchema.safeParse(body ?? {});
  if (!parsed.success) throw validationError(parsed.error.issues);
  return finishInput(parsed.data, minIntervalMs);
}
