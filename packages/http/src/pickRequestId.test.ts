import { describe, expect, it } from 'vitest';
import { pickRequestId } from './pickRequestId.js';

describe('pickRequestId', () => {
  it('honours a safe incoming id', () => {
    expect(pickRequestId('abc-123_trace.9')).toBe('abc-123_trace.9');
    expect(pickRequestId(['first', 'second'])).toBe('first');
  });
  it.each([undefined, '', 'x'.repeat(129), 'bad id', 'line\nbreak', 'quote"'])(
    'mints a UUID instead of %j',
    (incoming) => {
      expect(pickRequestId(incoming)).toMatch(/^[0-9a-f-]{36}$/);
    },
  );
});
