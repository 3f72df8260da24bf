import type { MonitorKv } from './monitorKv.js';
import type { MonitorInput, MonitorTarget, MonitorWebhook } from './monitorRequest.js';
import type { NormalizedSchedule } from './monitorSchedule.js';

export type PageStatus = 'new' | 'same' | 'changed' | 'removed' | 'error';
export type CheckStatus =
  | 'queued'
  | 'running'
  | 'completed'
  | 'failed'
  | 'partial'
  | 'skipped_overlap'
  | 'skipped_no_credits';

export interface MonitorSummary {
  totalPages: number;
  same: number;
  changed: number;
  new: number;
  removed: number;
  error: number;
}

export interface MonitorRecord {
  id: string;
  team: string;
  name: string;
  status: 'active' | 'paused';
  schedule: NormalizedSchedule;
  targets: MonitorTarget[];
  webhook: MonitorWebhook | null;
  notification: MonitorInput['notification'];
  retentionDays: number;
  goal: string | null;
  judgeEnabled: boolean;
  /** ms; the embedded scheduler persists it (a restart catches up a missed one). */
  nextRunAt: number | null;
  lastRunAt: number | null;
  currentCheckId: string | null;
  lastCheckSummary: MonitorSummary | null;
  createdAt: number;
  updatedAt: number;
}

export interface CheckPage {
  id: string;
  targetId: string;
  url: string;
  status: PageStatus;
  previousScrapeId: string | null;
  currentScrapeId: string | null;
  statusCode: number | null;
  error: string | null;
  metadata?: Record<string, unknown>;
  diff: { text: string } | null;
  createdAt: string;
}

export interface CheckRecord {
  id: string;
  monitorId: string;
  team: string;
  status: CheckStatus;
  trigger: 'scheduled' | 'manual';
  scheduledFor: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  estimatedCredits: number | null;
  reservedCredits: number | null;
  actualCredits: number | null;
  billingStatus: 'not_applicable' | 'reserved' | 'confirmed' | 'released' | 'failed';
  summary: MonitorSummary;
  targetResults: Record<string, unknown>[];
  notificationStatus: unknown;
  error: string | null;
  createdAt: string;
  updatedAt: string;
  pages: CheckPage[];
}

export const emptySummary = (): MonitorSummary => ({
  totalPages: 0,
  same: 0,
  changed: 0,
  new: 0,
  removed: 0,
  error: 0,
});

/** Monitors and their checks on a MonitorKv: a record per monitor and per check, an index per team and per monitor. */
export function createMonitorStore(kv: MonitorKv) {
  const monitorKey = (id: string) => `monitor:${id}`;
  const checkKey = (monitorId: string, checkId: string) => `check:${monitorId}:${checkId}`;
  const teamIndex = (team: string) => `team:${team}`;
  const checksIndex = (monitorId: string) => `checks:${monitorId}`;
  /** Every monitor of every team: the embedded scheduler reloads them at start-up. */
  const ALL = 'all';

  const store = {
    kv,
    async getMonitor(id: string, team?: string): Promise<MonitorRecord | null> {
      if (!/^[\w-]{1,64}$/.test(id)) return null;
      const m = await kv.get<MonitorRecord>(monitorKey(id));
      return m && (team === undefined || m.team === team) ? m : null;
    },
    async putMonitor(m: MonitorRecord): Promise<void> {
      await kv.put(monitorKey(m.id), m);
      await kv.indexAdd(teamIndex(m.team), m.id, m.createdAt);
      await kv.indexAdd(ALL, m.id, m.createdAt);
    },
    /**
     * Applies `patch` to the stored record atomically: a pause racing a finishing check's bookkeeping keeps both
     * (a plain read-merge-write lost the pause). Last writer wins on a field.
     */
    patchMonitor: (id: string, patch: Partial<MonitorRecord>): Promise<MonitorRecord | null> =>
      kv.patch<MonitorRecord>(monitorKey(id), patch),
    /**
     * Marks `checkId` as the monitor's running check, in one atomic step with reading the monitor, and returns the
     * record as marked (the check runs with it: an update since pick-up is in it). Null (nothing written) when it is
     * gone, or, for a scheduled check, paused (a pause that landed after the due time was taken).
     */
    markCheckRunning: (id: string, checkId: string, trigger: CheckRecord['trigger']): Promise<MonitorRecord | null> =>
      kv.patch<MonitorRecord>(monitorKey(id), { currentCheckId: checkId }, (m) =>
        trigger === 'manual' ? true : m.status === 'active',
      ),
    async listMonitors(team: string, offset: number, limit: number): Promise<MonitorRecord[]> {
      const ids = await kv.indexRange(teamIndex(team), offset, limit);
      const all = await Promise.all(ids.map((id) => kv.get<MonitorRecord>(monitorKey(id))));
      return all.filter((m): m is MonitorRecord => m !== null);
    },
    async allMonitorIds(): Promise<string[]> {
      return kv.indexRange(ALL, 0, Number.MAX_SAFE_INTEGER);
    },
    /** The record first: from then on no check of it can be written (putCheck), so the loops below see them all. */
    async deleteMonitor(m: MonitorRecord): Promise<void> {
      await kv.del(monitorKey(m.id));
      await kv.indexRemove(teamIndex(m.team), m.id);
      await kv.indexRemove(ALL, m.id);
      for (const checkId of await kv.indexBelow(checksIndex(m.id), Number.MAX_SAFE_INTEGER))
        await kv.del(checkKey(m.id, checkId));
      for (const checkId of await kv.indexBelow(checksIndex(m.id), Number.MAX_SAFE_INTEGER))
        await kv.indexRemove(checksIndex(m.id), checkId);
    },
    /**
     * Writes the check and its index entry in one atomic step with seeing its monitor: false, nothing written, when
     * the monitor is gone. Why: a check that read its monitor and then wrote could land after a delete from another
     * request or process had removed the monitor's checks, and nothing would ever remove it (an orphan record).
     */
    putCheck: (c: CheckRecord): Promise<boolean> =>
      kv.putChild(monitorKey(c.monitorId), checkKey(c.monitorId, c.id), c, {
        name: checksIndex(c.monitorId),
        member: c.id,
        score: Date.parse(c.createdAt),
      }),
    getCheck: (monitorId: string, checkId: string) =>
      /^[\w-]{1,64}$/.test(checkId) ? kv.get<CheckRecord>(checkKey(monitorId, checkId)) : Promise.resolve(null),
    async listChecks(monitorId: string, offset: number, limit: number): Promise<CheckRecord[]> {
      const ids = await kv.indexRange(checksIndex(monitorId), offset, limit);
      const all = await Promise.all(ids.map((id) => kv.get<CheckRecord>(checkKey(monitorId, id))));
      return all.filter((c): c is CheckRecord => c !== null);
    },
    /** The newest finished check with pages (the baseline for `removed` and search novelty). */
    async lastCompletedCheck(monitorId: string, exceptId: string): Promise<CheckRecord | null> {
      for (let offset = 0; offset < 50; offset += 10) {
        const page = await store.listChecks(monitorId, offset, 10);
        const found = page.find((c) => c.id !== exceptId && (c.status === 'completed' || c.status === 'partial'));
        if (found) return found;
        if (page.length < 10) return null;
      }
      return null;
    },
    /** Drops checks created before `before` (ms): the monitor's retentionDays. Returns how many. */
    async pruneChecks(monitorId: string, before: number): Promise<number> {
      const old = await kv.indexBelow(checksIndex(monitorId), before);
      for (const id of old) {
        await kv.del(checkKey(monitorId, id));
        await kv.indexRemove(checksIndex(monitorId), id);
      }
      return old.length;
    },
  };
  return store;
}

export type MonitorStore = ReturnType<typeof createMonitorStore>;
