import { randomUUID } from 'node:crypto';
import { emptySummary, type CheckRecord, type MonitorRecord } from './createMonitorStore.js';
import { MONITOR_LIMITS, type parseCreateMonitor } from './monitorRequest.js';
import { nextRunAfter } from './monitorSchedule.js';

/** The API shape of a monitor (the SDK's Monitor). */
export function present(m: MonitorRecord) {
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

export const presentCheck = ({ pages: _pages, team: _team, ...check }: CheckRecord) => check;

/** A page of a check's pages (those of one status when asked), and where the next page starts (null: none). */
export function presentCheckPage(check: CheckRecord, page: { skip: number; limit: number; status?: string }) {
  const matching = page.status ? check.pages.filter((p) => p.status === page.status) : check.pages;
  const pages = matching.slice(page.skip, page.skip + page.limit);
  const more = page.skip + pages.length < matching.length;
  return { check: { ...presentCheck(check), pages }, nextSkip: more ? page.skip + pages.length : null };
}

/** A check as recorded when it starts: running, nothing counted, billed only if the account turns out limited. */
export function newCheckRecord(
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

/** A new active monitor from a parsed create request (its next run is set once the scheduler knows it). */
export function newMonitorRecord(
  input: ReturnType<typeof parseCreateMonitor>,
  team: string,
  now: number,
): MonitorRecord {
  return {
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
}
