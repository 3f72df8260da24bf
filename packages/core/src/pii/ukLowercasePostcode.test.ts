import { beforeAll, describe, expect, it } from 'vitest';
import { loadGazetteers } from './loadGazetteers.js';
import { redactPII } from './redactPII.js';
import { detectLowercaseUkPostcodes } from './ukLowercasePostcode.js';

// The name and place lists load once per process (a few hundred ms; much more on a busy CI box).
beforeAll(() => loadGazetteers(), 120_000);

const tag = async (text: string) => (await redactPII(text, { mode: 'accurate' })).text;
const found = (text: string) => detectLowercaseUkPostcodes(text).map((c) => text.slice(c.start, c.end));

describe('UK postcodes in lowercase', () => {
  it('every outward shape (a9, a99, aa9, a9a, aa9a, aa99) with an inward code', () => {
    expect(found('from w2 1hb, tn13 2aa, m1 1ae, ec1v 9bd and sk17 6dx')).toEqual([
      'w2 1hb',
      'tn13 2aa',
      'm1 1ae',
      'ec1v 9bd',
      'sk17 6dx',
    ]);
  });

  it('sizes, versions and networks break the letter rules and stay', () => {
    expect(found('the m6 3in screw, a 4g 2gb plan, v1 2x speed')).toEqual([]);
  });

  it('through redactPII, in all-lowercase text where the case view recapitalises pieces', async () => {
    expect(await tag('send the box to hu5 2aa before friday')).toBe('send the box to [ADDRESS] before friday');
  });
});
