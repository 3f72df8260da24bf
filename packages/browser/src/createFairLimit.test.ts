import { describe, expect, it } from 'vitest';
import { createFairLimit } from './createFairLimit.js';

/** A job that runs until `finish()` is called. */
function gate() {
  let finish!: () => void;
  const done = new Promise<void>((r) => (finish = r));
  return { finish, job: () => done };
}

describe('createFairLimit', () => {
  it('a freed slot goes to the tenant with the fewest running jobs, not to the first in line', async () => {
    const limit = createFairLimit(2);
    const started: string[] = [];
    const gates = new Map<string, ReturnType<typeof gate>>();
    const run = (tenant: string, name: string) => {
      const g = gate();
      gates.set(name, g);
      return limit(tenant, () => {
        started.push(name);
        return g.job();
      });
    };
    // Tenant A fills both slots and queues three more; tenant B queues one after them.
    const all = [run('a', 'a1'), run('a', 'a2'), run('a', 'a3'), run('a', 'a4'), run('a', 'a5'), run('b', 'b1')];
    expect(started).toEqual(['a1', 'a2']);
    expect([limit.activeCount, limit.pendingCount]).toEqual([2, 4]);
    gates.get('a1')!.finish();
    await new Promise((r) => setTimeout(r, 0));
    // B runs nothing, so it gets the slot ahead of A's older waiters.
    expect(started).toEqual(['a1', 'a2', 'b1']);
    gates.get('a2')!.finish();
    await new Promise((r) => setTimeout(r, 0));
    expect(started).toEqual(['a1', 'a2', 'b1', 'a3']);
    for (const name of ['b1', 'a3', 'a4', 'a5']) {
      gates.get(name)?.finish();
      await new Promise((r) => setTimeout(r, 0));
    }
    gates.get('a4')?.finish();
    await new Promise((r) => setTimeout(r, 0));
    gates.get('a5')?.finish();
    await Promise.all(all);
    expect([limit.activeCount, limit.pendingCount]).toEqual([0, 0]);
  });

  it('a job that throws frees its slot', async () => {
    const limit = createFairLimit(1);
    await expect(limit('a', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(
      limit('a', () => {
        throw new Error('sync');
      }),
    ).rejects.toThrow('sync');
    expect(await limit('b', async () => 'ok')).toBe('ok');
    expect(limit.activeCount).toBe(0);
  });
});
