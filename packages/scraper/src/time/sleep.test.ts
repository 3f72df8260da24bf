import { describe, expect, it } from 'vitest';
import { sleep } from './sleep.js';

describe('sleep', () => {
  it('resolves after its time when nothing aborts it', async () => {
    await expect(sleep(1, new AbortController().signal)).resolves.toBeUndefined();
  });

  it("rejects with the signal's reason when aborted while waiting, and at once when aborted before", async () => {
    const controller = new AbortController();
    const reason = new Error('scrape over');
    const waiting = sleep(60_000, controller.signal);
    controller.abort(reason);
    await expect(waiting).rejects.toBe(reason);
    await expect(sleep(60_000, controller.signal)).rejects.toBe(reason);
  });
});
