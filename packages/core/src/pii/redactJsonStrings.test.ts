import { beforeAll, describe, expect, it } from 'vitest';
import { CoreError } from '../errors.js';
import { loadGazetteers } from './loadGazetteers.js';

// The name and place lists load once per process (a few hundred ms; much more on a busy CI box).
beforeAll(() => loadGazetteers(), 120_000);
import { redactJsonStrings } from './redactJsonStrings.js';

describe('redactJsonStrings', () => {
  it('redacts strings at any depth, keeps keys, numbers, booleans and null', async () => {
    const input = {
      summary: 'Write to ann.lee@example.org or call +44 20 7946 0958.',
      pages: [{ markdown: 'My name is Krisztián Szöllösy.', page: 1 }],
      json: { 'ann.lee@example.org': true, nested: [null, 42, ['card 4111 1111 1111 1111']] },
    };
    const { value, counts } = await redactJsonStrings(input, true);
    expect(value.summary).toBe('Write to [EMAIL] or call [PHONE].');
    expect(value.pages[0]).toEqual({ markdown: 'My name is [PERSON].', page: 1 });
    expect(Object.keys(value.json)).toEqual(['ann.lee@example.org', 'nested']);
    expect(value.json.nested).toEqual([null, 42, ['card [FINANCIAL]']]);
    expect(counts).toMatchObject({ EMAIL: 1, PHONE: 1, PERSON: 1, FINANCIAL: 1 });
    expect(input.summary).toContain('ann.lee@example.org'); // the input is not modified
  });

  it('refuses absurd nesting with a typed error instead of returning anything', async () => {
    let deep: unknown = 'ann.lee@example.org';
    for (let i = 0; i < 300; i++) deep = [deep];
    await expect(redactJsonStrings(deep, { mode: 'fast' })).rejects.toMatchObject({ kind: 'limit_exceeded' });
    await expect(redactJsonStrings(deep, { mode: 'fast' })).rejects.toBeInstanceOf(CoreError);
  });
});
