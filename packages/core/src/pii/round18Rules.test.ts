import { beforeAll, describe, expect, it } from 'vitest';
import { loadGazetteers } from './loadGazetteers.js';
import { redactPII } from './redactPII.js';

beforeAll(() => loadGazetteers(), 120_000);

const tag = async (text: string) => (await redactPII(text, { mode: 'accurate' })).text;

describe('redactPII: a lowercase street type that is an English word, before a particle (issue 26, round 18)', () => {
  it('"5 place du Tertre", "3 via del Corso" are streets', async () => {
    expect(await tag('meet me at 5 place du Tertre tonight')).toBe('meet me at [ADDRESS] tonight');
    expect(await tag('Our shop is at 22 place du Marché in town.')).toBe('Our shop is at [ADDRESS] in town.');
    expect(await tag('leave it at 3 via del Corso for me')).toBe('leave it at [ADDRESS] for me');
  });

  it('"place" and "via" with no particle stay English words', async () => {
    expect(await tag('We need 3 place settings for dinner.')).toBe('We need 3 place settings for dinner.');
    expect(await tag('Take 2 place cards for the table.')).toBe('Take 2 place cards for the table.');
    expect(await tag('He paid 4 via PayPal yesterday.')).toBe('He paid 4 via PayPal yesterday.');
  });
});

describe('redactPII: a street name with capitals ends before an unlisted lowercase word (round 18)', () => {
  it('"… des Vignes pls", "… des Lilas thx" leave the shorthand', async () => {
    expect(await tag('mail it to 31 chemin des Vignes pls')).toBe('mail it to [ADDRESS] pls');
    expect(await tag('send it to 6 rue des Lilas thx')).toBe('send it to [ADDRESS] thx');
  });

  it('a unit, a street abbreviation or a town after the name still belongs to the address', async () => {
    expect(await tag('send it to 6 rue des Lilas apt 4')).toBe('send it to [ADDRESS]');
    expect(await tag('She lives at 12 Oak Street nw, Washington.')).toBe('She lives at [ADDRESS].');
  });
});
