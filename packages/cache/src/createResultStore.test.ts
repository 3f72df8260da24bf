import { describe, expect, it } from 'vitest';
import type { KvBackend } from './backends/KvBackend.js';
import { createManualClock, type ManualClock } from './clock.js';
import { createResultStore } from './createResultStore.js';
import { useTempBackends } from '../test/useTempBackends.js';

const openBackend = useTempBackends('scrape-result-store-');

/** The real embedded store, counting the puts that start. */
function countingBackend(clock: ManualClock) {
  const real = openBackend(clock);
  const puts: string[] = [];
  const backend: KvBackend = {
    ...real,
    kind: real.kind,
    put(key, ...rest) {
      puts.push(key);
      return real.put(key, ...rest);
    },
  };
  return { backend, real, puts };
}

const json = JSON.stringify({ markdown: 'Tide tables é 😀', metadata: { scrapeId: 'id-1' } });

describe('createResultStore with write-behind', () => {
  it('a result given `after` is stored only once it settles; reads see it meanwhile, as stored', async () => {
    const clock = createManualClock();
    const { backend, real, puts } = countingBackend(clock);
    const results = createResultStore(backend, { clock, writeBehind: { maxPending: 8 } });
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    await results.putResult({ team: 'team-a', scrapeId: 'id-1', json, ttlMs: 60_000, after: answered });
    await new Promise((resolve) => setImmediate(resolve));
    expect(puts).toEqual([]);
    expect(await results.getResult('team-a', 'id-1')).toBe(json);
    expect(await results.getResult('team-b', 'id-1')).toBeNull();
    answer();
    await results.flush();
    expect(puts).toHaveLength(1);
    // Read back from the store itself (nothing queued any more), by a store that never saw the write.
    expect(await createResultStore(real, { clock }).getResult('team-a', 'id-1')).toBe(json);
    clock.advance(60_000);
    expect(await results.getResult('team-a', 'id-1')).toBeNull();
  });

  it('a result waiting for its answer expires as a stored one would, and flush stores it at once', async () => {
    const clock = createManualClock();
    const { backend, puts } = countingBackend(clock);
    const results = createResultStore(backend, { clock, writeBehind: { maxPending: 8 } });
    const never = new Promise<void>(() => {});
    await results.putResult({ team: 'team-a', scrapeId: 'id-2', json, ttlMs: 1_000, after: never });
    expect(await results.getResult('team-a', 'id-2')).toBe(json);
    clock.advance(1_000);
    expect(await results.getResult('team-a', 'id-2')).toBeNull();
    await results.flush();
    expect(puts).toHaveLength(1);
  });

  it('without write-behind the result is stored before putResult resolves, `after` or not', async () => {
    const clock = createManualClock();
    const { backend, puts } = countingBackend(clock);
    const results = createResultStore(backend, { clock });
    await results.putResult({ team: 'team-a', scrapeId: 'id-3', json, after: new Promise<void>(() => {}) });
    expect(puts).toHaveLength(1);
    expect(await results.getResult('team-a', 'id-3')).toBe(json);
  });
});
