import { beforeAll, describe, expect, it } from 'vitest';
import { loadGazetteers } from './loadGazetteers.js';
import { redactPII } from './redactPII.js';

// The name and place lists load once per process (a few hundred ms; much more on a busy CI box).
beforeAll(() => loadGazetteers(), 120_000);

const tag = async (text: string) => (await redactPII(text, { mode: 'accurate' })).text;

describe('town-named words in product names after a model number', () => {
  it('a model number glued to letters or after a capitalised everyday word', async () => {
    expect(await tag('The Model 2500 XL Turbo is louder.')).toBe('The Model 2500 XL Turbo is louder.');
    expect(await tag('It has the V6 Liberty Turbo engine.')).toBe('It has the V6 Liberty Turbo engine.');
  });

  it('places after a postcode, a year or a place word stay places', async () => {
    expect(await tag('She moved to Turbo in Kenya.')).toBe('She moved to [LOCATION] in [LOCATION].');
    expect(await tag('In 2019 Berlin hosted the final.')).toBe('In 2019 [LOCATION] hosted the final.');
    expect(await tag('Write to 5 Kerkstraat, 3511 AS Utrecht.')).toContain('[ADDRESS]');
  });
});
