import { Queue, Worker } from 'bullmq';
import type { MonitorRecord } from './createMonitorStore.js';
import { nextRunAfter } from './monitorSchedule.js';
import type { FireCheck, MonitorScheduler } from './monitorScheduler.js';

const QUEUE = 'monitor-checks';
/** Checks this process runs at once from the schedule (each is itself a handful of scrapes). */
const WORKER_CONCURRENCY = 4;

/**
 * BullMQ job schedulers (one per monitor, id = monitor id): BullMQ keeps the next due job in Redis and adds the one
 * after it when that one is taken, so each due time is one job, handed to exactly one worker of any number of
 * processes; a due time that passes while every process is down is one delayed job, run once when a worker returns.
 */
export function createRedisScheduler(options: {
  redisUrl: string;
  prefix: string;
  fire: FireCheck;
  log: { warn(o: object, m?: string): void };
}): MonitorScheduler {
  const connection = { url: options.redisUrl, maxRetriesPerRequest: null, connectTimeout: 5_000 };
  const queue = new Queue(QUEUE, { connection, prefix: options.prefix });
  queue.on('error', () => {});
  let worker: Worker | undefined;

  return {
    home: 'redis',
    async sync(monitor: MonitorRecord) {
      if (monitor.status !== 'active') {
        await queue.removeJobScheduler(monitor.id);
        return null;
      }
      await queue.upsertJobScheduler(
        monitor.id,
        { pattern: monitor.schedule.cron, tz: monitor.schedule.timezone },
        { name: 'check', data: { monitorId: monitor.id }, opts: { removeOnComplete: 100, removeOnFail: 100 } },
      );
      return nextRunAfter(monitor.schedule, Date.now());
    },
    async remove(id) {
      await queue.removeJobScheduler(id);
    },
    async start() {
      worker = new Worker(
        QUEUE,
        async (job) => {
          // A scheduler's job id ends with its due time in ms (`repeat:{schedulerId}:{millis}`).
          const millis = Number(String(job.id).split(':').pop());
          const dueAt = Number.isFinite(millis) && millis > 0 ? millis : job.timestamp + (job.opts.delay ?? 0);
          await options.fire(String(job.data.monitorId), dueAt, String(job.id));
        },
        { connection, prefix: options.prefix, concurrency: WORKER_CONCURRENCY },
      );
      worker.on('error', (err) => options.log.warn({ err: String(err) }, 'monitor scheduler worker error'));
    },
    async close() {
      await worker?.close();
      await queue.close();
    },
  };
}
