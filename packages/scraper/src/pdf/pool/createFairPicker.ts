import type { PdfPoolJob } from './pdfPoolJob.js';

/**
 * The pool's `pick`: the queued job whose tenant runs the fewest parses now, and among those the tenant served
 * longest ago (round robin), the oldest job first: fair shares of the threads however many jobs one account queues.
 */
export function createFairPicker(): (queue: readonly PdfPoolJob[], runningJobs: readonly PdfPoolJob[]) => number {
  /** When each tenant last got a thread. */
  const lastStart = new Map<string, number>();
  let starts = 0;
  return function fairestIndex(queue, runningJobs) {
    const running = new Map<string, number>();
    for (const job of runningJobs)
      running.set(job.context.tenant ?? '', (running.get(job.context.tenant ?? '') ?? 0) + 1);
    const rank = (job: PdfPoolJob) =>
      [running.get(job.context.tenant ?? '') ?? 0, lastStart.get(job.context.tenant ?? '') ?? -1] as const;
    let best = 0;
    for (let i = 1; i < queue.length; i++) {
      const [ri, li] = rank(queue[i]);
      const [rb, lb] = rank(queue[best]);
      if (ri < rb || (ri === rb && li < lb)) best = i;
    }
    lastStart.set(queue[best].context.tenant ?? '', starts++);
    return best;
  };
}
