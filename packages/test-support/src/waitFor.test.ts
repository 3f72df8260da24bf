import { describe, expect, it } from 'vitest';
import { waitFor } from './waitFor.js';

describe('waitFor', () => {
  it('returns the first truthy value the probe gives', async () => {
    let calls = 0;
    const value = await waitFor(() => (++calls >= 3 ? { calls } : null), 'the third call', 5_000, 1);
    expect(value).toEqual({ calls: 3 });
  });

  it('names what it waited for when the time is up', async () => {
    await expect(waitFor(() => false, 'a condition that never holds', 30, 5)).rejects.toThrow(
      'timed out waiting for a condition that never holds',
    );
  });

  it('ends the wait with the error of a probe that throws', async () => {
    await expect(waitFor(() => Promise.reject(new Error('probe broke')), 'anything')).rejects.toThrow('probe broke');
  });
});
