import { describe, expect, it } from 'vitest';
import { createAuthenticator } from './createAuthenticator.js';

describe('createAuthenticator', () => {
  const check = createAuthenticator(['key-one-0123456789', 'key-two-abcdefghij']);

  it('accepts each configured key as its own team, never the key itself', () => {
    const a = check('Bearer key-one-0123456789');
    const b = check('bearer   key-two-abcdefghij');
    expect(a.ok && b.ok).toBe(true);
    if (a.ok && b.ok) {
      expect(a.team).not.toBe(b.team);
      expect(a.team).toMatch(/^key_[0-9a-f]{16}$/);
      expect(a.team).not.toContain('key-one');
    }
  });

  it.each([
    undefined,
    '',
    'Bearer',
    'Bearer ',
    'key-one-0123456789',
    'Basic key-one-0123456789',
    'Bearer key-one-012345678',
    'Bearer key-one-0123456789x',
    'Bearer key-one-0123456789 extra',
    'Bearer KEY-ONE-0123456789',
  ])('rejects %j', (header) => {
    expect(check(header)).toEqual({ ok: false });
  });

  it("with no keys accepts everything, leaving the team to the scraper's default", () => {
    expect(createAuthenticator([])(undefined)).toEqual({ ok: true, team: undefined });
  });
});
