import { describe, expect, it } from 'vitest';
import { afterAnswer } from './afterAnswer.js';

describe('afterAnswer', () => {
  it('stays pending until settled, then resolves after the microtasks queued with the answer', async () => {
    const answer = afterAnswer();
    const order: string[] = [];
    void answer.settled.then(() => order.push('settled'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual([]);
    answer.settle();
    // The caller's continuation (e.g. the route sending its reply) runs in microtasks after settle().
    void Promise.resolve()
      .then(() => undefined)
      .then(() => order.push('answer sent'));
    answer.settle();
    await answer.settled;
    expect(order).toEqual(['answer sent', 'settled']);
  });
});
