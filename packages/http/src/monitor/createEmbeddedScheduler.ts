import type { MonitorStore } from './createMonitorStore.js';
import { nextRunAfter } from './monitorSchedule.js';
import type { FireCheck, MonitorScheduler } from './monitorScheduler.js';

/** setTimeout's ceiling (~24.8 days): a later due time is re-armed in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * In-process scheduling for the embedded home: one timer per active monitor, its due time persisted on the monitor
 * (`nextRunAt`, in the LMDB store). At start-up a due time that passed while the process was down fires once, and
 * the next one is counted from now: a restart after a long stop runs one catch-up check, not one per missed slot.
 */
export function createEmbeddedScheduler(
  store: MonitorStore,
  fire: FireCheck,
  log: { warn(o: object, m?: string): void },
): MonitorScheduler {
  const timers = new Map<string, NodeJS.Timeout>();
  let closed = false;
  let started = false;

  function arm(id: string, dueAt: number): void {
    clearTimeout(timers.get(id));
    if (closed || !started) return;
    const delay = Math.min(MAX_TIMER_MS, Math.max(0, dueAt - Date.now()));
    const timer = setTimeout(
      () =>
        void due(id, dueAt).catch((err) => log.warn({ err: String(err), monitorId: id }, 'monitor schedule failed')),
      delay,
    );
    // The server's listener keeps the process up; a scheduler alone must not (embedders, tests).
    timer.unref();
    timers.set(id, timer);
  }

  async function due(id: string, dueAt: number): Promise<void> {
    timers.delete(id);
    if (closed) return;
    if (Date.now() < dueAt) return arm(id, dueAt);
    const monitor = await store.getMonitor(id);
    if (monitor?.status !== 'active') return;
    // Updated meanwhile (a new schedule): follow the stored due time instead.
    if (monitor.nextRunAt !== dueAt && monitor.nextRunAt !== null && monitor.nextRunAt > Date.now())
      return arm(id, monitor.nextRunAt);
    const next = nextRunAfter(monitor.schedule, Math.max(Date.now(), dueAt));
    await store.patchMonitor(id, { nextRunAt: next });
    arm(id, next);
    await fire(id, dueAt, `${id}:${dueAt}`);
  }

  return {
    home: 'embedded',
    async sync(monitor) {
      clearTimeout(timers.get(monitor.id));
      timers.delete(monitor.id);
      if (monitor.status !== 'active') return null;
      const next = nextRunAfter(monitor.schedule, Date.now());
      arm(monitor.id, next);
      return next;
    },
    async remove(id) {
      clearTimeout(timers.get(id));
      timers.delete(id);
    },
    async start() {
      started = true;
      for (const id of await store.allMonitorIds()) {
        const monitor = await store.getMonitor(id);
        if (monitor?.status !== 'active') continue;
        if (monitor.nextRunAt === null) {
          const next = nextRunAfter(monitor.schedule, Date.now());
          await store.patchMonitor(id, { nextRunAt: next });
          arm(id, next);
        } else {
          // Past (missed while down): fires at once, once.
          arm(id, monitor.nextRunAt);
        }
      }
    },
    async close() {
      closed = true;
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    },
  };
}
