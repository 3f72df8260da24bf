import { describe, expect, it } from 'vitest';
import { createCoalescer } from './createCoalescer.js';

describe('createCoalescer', () => {
  it('shares one call among concurrent callers of a key, and forgets it once settled', async () => {
    const coalescer = createCoalescer();
    let calls = 0;
    let release!: (v: string) => void;
    const fetcher = () => {
      calls++;
      return new Promise<string>((resolve) => (release = resolve));
    };
    const waiting = Array.from({ length: 5 }, () => coalescer.coalesce('k', fetcher));
    const other = coalescer.coalesce('other', async () => 'o');
    await Promise.resolve();
    expect(coalescer.inFlight).toBe(2);
    release('v');
    expect(await Promise.all(waiting)).toEqual(['v', 'v', 'v', 'v', 'v']);
    expect(await other).toBe('o');
    expect(calls).toBe(1);
    expect(coalescer.inFlight).toBe(0);
    await coalescer.coalesce('k', async () => (calls++, 'again'));
    expect(calls).toBe(2);
  });

  it('gives every waiter the same error and then allows a retry', async () => {
    const coalescer = createCoalescer();
    const failing = () => Promise.reject(new Error('boom'));
    const results = await Promise.allSettled([coalescer.coalesce('k', failing), coalescer.coalesce('k', failing)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(await coalescer.coalesce('k', async () => 'ok')).toBe('ok');
  });
});
