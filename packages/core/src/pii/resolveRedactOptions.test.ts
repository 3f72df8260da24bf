import { describe, expect, it } from 'vitest';
import { CoreError } from '../errors.js';
import { resolveRedactOptions } from './resolveRedactOptions.js';

describe('resolveRedactOptions', () => {
  it('true means accurate, every entity but ORGANIZATION, tag style', () => {
    const r = resolveRedactOptions(true);
    expect(r.mode).toBe('accurate');
    expect(r.replaceStyle).toBe('tag');
    expect(r.entities.has('PERSON')).toBe(true);
    expect(r.entities.has('URL_CREDENTIALS')).toBe(true);
    expect(r.entities.has('ORGANIZATION')).toBe(false);
  });

  it('an options object overrides the defaults it names', () => {
    const r = resolveRedactOptions({ mode: 'fast', entities: ['EMAIL', 'ORGANIZATION'], replaceStyle: 'mask' });
    expect(r.mode).toBe('fast');
    expect([...r.entities].sort()).toEqual(['EMAIL', 'ORGANIZATION']);
    expect(r.replaceStyle).toBe('mask');
  });

  it.each([
    [{ mode: 'quick' }, /mode/],
    [{ replaceStyle: 'blur' }, /replaceStyle/],
    [{ entities: ['NAME'] }, /unknown entity "NAME"/],
    [{ entities: [] }, /non-empty/],
    [{ entites: ['EMAIL'] }, /unknown option "entites"/],
    ['yes', /boolean or an options object/],
  ])('rejects %j as invalid_input', (input, message) => {
    let err: unknown;
    try {
      resolveRedactOptions(input as never);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(CoreError);
    expect((err as CoreError).kind).toBe('invalid_input');
    expect((err as CoreError).message).toMatch(message);
  });
});
