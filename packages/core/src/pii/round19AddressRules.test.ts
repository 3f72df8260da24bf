import { beforeAll, describe, expect, it } from 'vitest';
import { loadGazetteers } from './loadGazetteers.js';
import { redactPII } from './redactPII.js';

beforeAll(() => loadGazetteers(), 300_000);

const tag = async (text: string) => (await redactPII(text, { mode: 'accurate' })).text;

describe('redactPII: a lowercase street whose name ends in a street-type word (issue 26, round 19)', () => {
  it('"12 harbour view road", "5 old mill lane" are redacted to their last street type', async () => {
    expect(await tag('send it to 12 harbour view road tomorrow')).toBe('send it to [ADDRESS] tomorrow');
    expect(await tag('They moved to 5 old mill lane last year.')).toBe('They moved to [ADDRESS] last year.');
  });

  it('an abbreviation ends the name, and capitals are left to the grow stage as before', async () => {
    expect(await tag('She lives at 4 main st road works block it.')).toBe(
      'She lives at [ADDRESS] road works block it.',
    );
    expect(await tag('send it to 12 Harbour View Road tomorrow')).toBe('send it to [ADDRESS] tomorrow');
  });
});

describe('redactPII: a number after "a" or "an" is no house number (round 19)', () => {
  it('"a 3 lane road", "an 8 lane highway" stay', async () => {
    expect(await tag('It is a 3 lane road with no lights.')).toBe('It is a 3 lane road with no lights.');
    expect(await tag('They built an 8 lane highway here.')).toBe('They built an 8 lane highway here.');
  });
});

describe('redactPII: a Dutch postcode right after a listed city (round 19)', () => {
  it('"Rotterdam 3011 AB", "Eindhoven, 5611 AZ": the letters go with the digits', async () => {
    expect(await tag('Rotterdam 3011 AB is where the office is.')).not.toMatch(/\bAB\b/);
    expect(await tag('Contact us in Eindhoven, 5611 AZ for details.')).not.toMatch(/\bAZ\b/);
  });

  it('a model name before four digits and two capitals is no city', async () => {
    expect(await tag('The Canon 5000 EX flash is on sale.')).toBe('The Canon 5000 EX flash is on sale.');
  });
});

describe('redactPII: a Canadian postcode in lowercase (round 19)', () => {
  it('"m5v 2t6", "k1a 0b1" are redacted', async () => {
    expect(await tag('my postal code is m5v 2t6 thanks')).toBe('my postal code is [ADDRESS] thanks');
    expect(await tag('we moved to k1a 0b1 in march')).toBe('we moved to [ADDRESS] in march');
  });

  it('a code with a letter no Canadian postcode has stays ("x5e 2d8")', async () => {
    expect(await tag('run the x5e 2d8 build again')).toBe('run the x5e 2d8 build again');
  });
});
