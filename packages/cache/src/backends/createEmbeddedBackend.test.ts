import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createManualClock } from '../clock.js';
import { createEmbeddedBackend } from './createEmbeddedBackend.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const bytes = (...values: number[]) => new Uint8Array(values);

describe('createEmbeddedBackend', () => {
  it('backends of one process on the same directory share one environment: opening while writes run never hangs', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'scrape-cache-backend-'));
    dirs.push(dataDir);
    const first = createEmbeddedBackend({ dataDir });
    // Writes in flight on the first backend while more backends open on the same directory (each open used to run
    // a synchronous write transaction that could wait forever on the first one's pending transaction callbacks).
    const writes: Promise<void>[] = [];
    const others = [];
    for (let i = 0; i < 20; i++) {
      writes.push(first.put(`k${i}`, bytes(i)));
      others.push(createEmbeddedBackend({ dataDir }));
    }
    await Promise.all(writes);
    for (const other of others) expect(await other.get('k7')).toEqual(bytes(7));
    await Promise.all(others.map((other) => other.close()));
    // The environment stays open for the backend still using it, and closes with the last one.
    await first.put('after', bytes(42));
    expect(await first.get('after')).toEqual(bytes(42));
    await first.close();
    const reopened = createEmbeddedBackend({ dataDir });
    expect(await reopened.get('after')).toEqual(bytes(42));
    await reopened.close();
  });

  it('sweep physically removes only what is due, using the expiry index', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'scrape-cache-backend-'));
    dirs.push(dataDir);
    const clock = createManualClock();
    const backend = createEmbeddedBackend({ dataDir, clock });
    await backend.put('short', bytes(1), 1000);
    await backend.put('long', bytes(2), 100_000);
    await backend.put('forever', bytes(3));
    await backend.put('rewritten', bytes(4), 1000);
    await backend.put('rewritten', bytes(5), 100_000);
    await backend.push('list', bytes(6), 5, 1000);
    await backend.push('list', bytes(7), 5, 100_000);
    const t0 = clock.now();

    clock.advance(5000);
    expect(await backend.get('short')).toBeNull();
    expect(await backend.sweep()).toBe(2);
    // Move time back: anything still expired-but-present would reappear; swept values must not.
    clock.set(t0);
    expect(await backend.get('short')).toBeNull();
    expect(await backend.get('long')).toEqual(bytes(2));
    expect(await backend.get('forever')).toEqual(bytes(3));
    expect(await backend.get('rewritten')).toEqual(bytes(5));
    expect(await backend.range('list', 0, -1)).toEqual([bytes(7)]);
    clock.advance(5000);
    expect(await backend.sweep()).toBe(0);
    await backend.close();
  });

  it('trims lists to their bound and keeps them across a reopen', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'scrape-cache-backend-'));
    dirs.push(dataDir);
    const first = createEmbeddedBackend({ dataDir });
    for (let i = 0; i < 6; i++) await first.push('l', bytes(i), 3);
    expect(await first.range('l', 0, -1)).toEqual([bytes(5), bytes(4), bytes(3)]);
    expect(await first.range('l', 1, 1)).toEqual([bytes(4)]);
    await first.close();
    const second = createEmbeddedBackend({ dataDir });
    expect(await second.range('l', 0, -1)).toEqual([bytes(5), bytes(4), bytes(3)]);
    await second.deleteList('l');
    expect(await second.range('l', 0, -1)).toEqual([]);
    await second.close();
  });
});
