import type { MonitorRecord } from './createMonitorStore.js';

/**
 * Called once per due time of a monitor: `dueKey` names that due time (the handler claims it, so even a redelivery
 * runs the check once). Its errors are the handler's to log.
 */
export type FireCheck = (monitorId: string, dueAt: number, dueKey: string) => Promise<void>;

/** Fires each active monitor's check at its due times; two homes (embedded timers, BullMQ job schedulers). */
export interface MonitorScheduler {
  readonly home: 'embedded' | 'redis';
  /** (Re)schedules after a create or update (nothing for a paused monitor); returns the next due time (ms) or null. */
  sync(monitor: MonitorRecord): Promise<number | null>;
  /** Stops firing a monitor (deleted). */
  remove(monitorId: string): Promise<void>;
  /** Starts firing (loads and catches up persisted schedules where the home needs it). */
  start(): Promise<void>;
  close(): Promise<void>;
}
