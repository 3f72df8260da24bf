/**
 * A concurrency limit shared fairly by tenants: when a slot frees, it goes to the waiting tenant with the fewest
 * running jobs, and among those to the one served longest ago (round robin), not to whoever queued first. One
 * account that queues many long jobs (renders made to time out) then delays each other account by at most one job
 * per slot, instead of holding every slot.
 */
export interface FairLimit {
  <T>(tenant: string, job: () => Promise<T>): Promise<T>;
  readonly activeCount: number;
  readonly pendingCount: number;
  /** Drops the jobs not started yet (as p-limit's clearQueue: they never start, their promises stay pending). */
  clearQueue(): void;
}

interface Waiter {
  tenant: string;
  seq: number;
  start: () => void;
}

export function createFairLimit(concurrency: number): FairLimit {
  const max = Math.max(1, concurrency);
  const running = new Map<string, number>();
  const waiting: Waiter[] = [];
  let active = 0;
  let seq = 0;

  /** When each tenant last got a slot: among tenants running as many jobs, the one served longest ago goes first. */
  const lastStart = new Map<string, number>();
  let starts = 0;
  const before = (x: Waiter, y: Waiter): boolean => {
    const rx = running.get(x.tenant) ?? 0;
    const ry = running.get(y.tenant) ?? 0;
    if (rx !== ry) return rx < ry;
    const lx = lastStart.get(x.tenant) ?? -1;
    const ly = lastStart.get(y.tenant) ?? -1;
    if (lx !== ly) return lx < ly;
    return x.seq < y.seq;
  };

  const next = () => {
    while (active < max && waiting.length > 0) {
      let best = 0;
      for (let i = 1; i < waiting.length; i++) if (before(waiting[i], waiting[best])) best = i;
      const [waiter] = waiting.splice(best, 1);
      waiter.start();
    }
  };

  const limit = (<T>(tenant: string, job: () => Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const start = () => {
        active++;
        running.set(tenant, (running.get(tenant) ?? 0) + 1);
        lastStart.set(tenant, starts++);
        const done = () => {
          active--;
          const left = (running.get(tenant) ?? 1) - 1;
          if (left === 0) running.delete(tenant);
          else running.set(tenant, left);
          next();
        };
        let result: Promise<T>;
        try {
          result = job();
        } catch (error) {
          result = Promise.reject(error);
        }
        result.then(
          (value) => {
            done();
            resolve(value);
          },
          (error: unknown) => {
            done();
            reject(error);
          },
        );
      };
      waiting.push({ tenant, seq: seq++, start });
      next();
    })) as FairLimit;
  limit.clearQueue = () => {
    waiting.length = 0;
  };
  Object.defineProperties(limit, {
    activeCount: { get: () => active },
    pendingCount: { get: () => waiting.length },
  });
  return limit;
}
