import { describe, expect, it } from 'vitest';
import { createLandingWrites } from './createLandingWrites.js';

/** A write that lands when the test says so. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe('createLandingWrites', () => {
  it('settled(key) waits for that key’s writes only; drain waits for all', async () => {
    const writes = createLandingWrites();
    const a = gate();
    const b = gate();
    const landed: string[] = [];
    writes.run('a', () => a.opened.then(() => landed.push('a')));
    writes.run('b', () => b.opened.then(() => landed.push('b')));
    expect(writes.pending).toBe(2);
    let aSettled = false;
    const aWait = writes.settled('a').then(() => (aSettled = true));
    await writes.settled('c'); // nothing landing for c: at once
    b.open();
    await writes.settled('b');
    expect(aSettled).toBe(false);
    a.open();
    await aWait;
    expect(landed).toEqual(['b', 'a']);
    await writes.drain();
    expect(writes.pending).toBe(0);
  });

  it('a failing write still counts as landed and does not reject the waiters', async () => {
    const writes = createLandingWrites();
    writes.run('a', () => Promise.reject(new Error('disk full')));
    await expect(writes.settled('a')).resolves.toBeUndefined();
    await expect(writes.drain()).resolves.toBeUndefined();
    expect(writes.pending).toBe(0);
  });
});
