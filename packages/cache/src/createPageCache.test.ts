import { describe, expect, it } from 'vitest';
import type { KvBackend } from './backends/KvBackend.js';
import { createManualClock, type ManualClock } from './clock.js';
import { createPageCache } from './createPageCache.js';
import { planCache } from './planCache.js';
import type { Source } from './source.js';
import { useTempBackends } from '../test/useTempBackends.js';

const openBackend = useTempBackends('scrape-page-cache-');

/** The real embedded store, with its list writes held at a gate the test opens (or fails). */
function gatedBackend(clock: ManualClock) {
  const real = openBackend(clock);
  let open!: () => void;
  let fail!: (error: Error) => void;
  const gate = new Promise<void>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  gate.catch(() => {});
  const stored: string[] = [];
  const backend: KvBackend = {
    ...real,
    kind: real.kind,
    async push(key, value, maxLength, ttlMs) {
      await gate;
      await real.push(key, value, maxLength, ttlMs);
      stored.push(key);
    },
  };
  return { backend, real, open, fail, stored };
}

function source(clock: ManualClock, text: string): Source {
  return {
    url: 'https://example.com/page',
    finalUrl: 'https://example.com/page',
    status: 200,
    headers: { 'content-type': 'text/html' },
    contentType: 'text/html',
    body: new TextEncoder().encode(text),
    engine: 'fetch',
    fetchedAt: clock.now(),
  };
}

const body = (hit: { source: Source } | null) => (hit ? new TextDecoder().decode(hit.source.body) : null);

describe('createPageCache with write-behind', () => {
  it('answers the write before the store commits, serves the copy in flight, and flush waits for the commit', async () => {
    const clock = createManualClock();
    const { backend, real, open, stored } = gatedBackend(clock);
    const pages = createPageCache(backend, { clock, writeBehind: { maxPending: 8 } });

    await pages.write('k', source(clock, 'v1'));
    expect(stored).toEqual([]);
    expect(body(await pages.read('k', planCache({})))).toBe('v1');

    let flushed = false;
    const flushing = pages.flush().then(() => (flushed = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(flushed).toBe(false);
    open();
    await flushing;
    expect(stored).toEqual(['page:k']);
    // Stored for real: a page cache without write-behind on the same store reads it.
    expect(body(await createPageCache(real, { clock }).read('k', planCache({})))).toBe('v1');
  });

  it('minAge: a copy in flight that is too young waits for the key writes, then an older copy answers', async () => {
    const clock = createManualClock();
    const { backend, real, open } = gatedBackend(clock);
    await createPageCache(real, { clock }).write('k', source(clock, 'old'));
    clock.advance(60_000);
    const pages = createPageCache(backend, { clock, writeBehind: { maxPending: 8 } });
    await pages.write('k', source(clock, 'new'));
    expect(body(await pages.read('k', planCache({})))).toBe('new');
    let answered = false;
    const older = pages.read('k', planCache({ minAge: 30_000 })).then((hit) => ((answered = true), hit));
    await new Promise((resolve) => setImmediate(resolve));
    expect(answered).toBe(false);
    open();
    expect(body(await older)).toBe('old');
  });

  it('past maxPending a write waits for its own commit (backpressure, nothing dropped)', async () => {
    const clock = createManualClock();
    const { backend, open, stored } = gatedBackend(clock);
    const pages = createPageCache(backend, { clock, writeBehind: { maxPending: 1 } });
    await pages.write('a', source(clock, 'a'));
    let secondDone = false;
    const second = pages.write('b', source(clock, 'b')).then(() => (secondDone = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(secondDone).toBe(false);
    open();
    await second;
    await pages.flush();
    expect(stored.sort()).toEqual(['page:a', 'page:b']);
  });

  it('a write given `after` starts storing only once it settles; reads see the copy meanwhile', async () => {
    const clock = createManualClock();
    const { backend, open, stored } = gatedBackend(clock);
    open();
    // Without `after` the push starts inside write(); with it, not before the answer.
    const pushed: string[] = [];
    const counting: KvBackend = {
      ...backend,
      push(key, ...rest) {
        pushed.push(key);
        return backend.push(key, ...rest);
      },
    };
    const pages = createPageCache(counting, { clock, writeBehind: { maxPending: 8 } });
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    await pages.write('k', source(clock, 'v1'), { after: answered });
    await new Promise((resolve) => setImmediate(resolve));
    expect(pushed).toEqual([]);
    expect(body(await pages.read('k', planCache({})))).toBe('v1');
    answer();
    await pages.flush();
    expect(pushed).toEqual(['page:k']);
    expect(stored).toEqual(['page:k']);
  });

  it('a copy waiting for its answer reads as the stored copy would, and a Source it cannot store fails at once', async () => {
    const clock = createManualClock();
    const { backend, open } = gatedBackend(clock);
    open();
    const pages = createPageCache(backend, { clock, writeBehind: { maxPending: 8 } });
    const never = new Promise<void>(() => {});
    const withCookie = { ...source(clock, 'v1'), headers: { 'Content-Type': 'text/html', 'Set-Cookie': 'a=1' } };
    await pages.write('k', withCookie, { after: never });
    // Encoded for the read (the store has not started): names lower-cased, the cookie dropped, as once stored.
    expect((await pages.read('k', planCache({})))?.source.headers).toEqual({ 'content-type': 'text/html' });
    await expect(
      pages.write('bad', { ...source(clock, 'v2'), fetchedAt: Number.NaN }, { after: never }),
    ).rejects.toMatchObject({ kind: 'invalid_input' });
    await pages.flush();
    expect(body(await pages.read('k', planCache({})))).toBe('v1');
    expect(await pages.read('bad', planCache({}))).toBeNull();
  });

  it('flush starts a write still waiting for its answer instead of waiting for it', async () => {
    const clock = createManualClock();
    const { backend, open, stored } = gatedBackend(clock);
    open();
    const pages = createPageCache(backend, { clock, writeBehind: { maxPending: 8 } });
    await pages.write('k', source(clock, 'v1'), { after: new Promise<void>(() => {}) });
    await pages.flush();
    expect(stored).toEqual(['page:k']);
  });

  it('a write that fails after the answer is reported, and the copy is no longer served', async () => {
    const clock = createManualClock();
    const { backend, fail } = gatedBackend(clock);
    const errors: unknown[] = [];
    const pages = createPageCache(backend, {
      clock,
      writeBehind: { maxPending: 8, onWriteError: (e) => errors.push(e) },
    });
    await pages.write('k', source(clock, 'v1'));
    fail(new Error('disk full'));
    await pages.flush();
    expect(errors.map((e) => (e as Error).message)).toEqual(['disk full']);
    expect(await pages.read('k', planCache({}))).toBeNull();
  });
});
