import { describe, expect, it } from 'vitest';
import { parseJsonBody } from './parseJsonBody.js';

describe('parseJsonBody', () => {
  it('reads a body after a byte-order mark, as Fastify did', () => {
    expect(parseJsonBody('\ufeff{"url":"https://example.com"}')).toEqual({ url: 'https://example.com' });
  });

  it('finds a forbidden key under nesting deeper than the call stack, without a RangeError', () => {
    const depth = 50_000;
    const text = `${'['.repeat(depth)}{"__proto__":1}${']'.repeat(depth)}`;
    const refused = (() => {
      try {
        return parseJsonBody(text);
      } catch (error) {
        return error;
      }
    })() as { code: string; error: string; details: { path: unknown[] }[] };
    expect(refused.code).toBe('BAD_REQUEST_FORBIDDEN_KEY');
    // The answer names the end of the path, not 50,000 steps of it.
    expect(refused.details[0].path).toEqual(['…', ...Array(15).fill(0), '__proto__']);
    expect(refused.error).toMatch(/^Bad Request: …(\[0\]){15}\.__proto__: the key "__proto__" is not allowed/);
  });

  it('keeps an escaped key that only looks alike ("\\u0063onstructor" without prototype)', () => {
    expect(parseJsonBody('{"\\u0063onstructor":{"x":1}}')).toEqual({ constructor: { x: 1 } });
  });
});
