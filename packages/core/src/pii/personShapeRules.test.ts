import { beforeAll, describe, expect, it } from 'vitest';
import { loadGazetteers } from './loadGazetteers.js';
import { redactPII } from './redactPII.js';

beforeAll(() => loadGazetteers(), 120_000);

const tag = async (text: string) => (await redactPII(text, { mode: 'accurate' })).text;

describe('redactPII: person shapes of issue 26 round 7', () => {
  it('lists: the one everyday word among persons is a surname; colours, flavours and brands stay', async () => {
    expect(await tag('Our founders: Monjeau, Graves and Reed.')).toBe('Our founders: [PERSON], [PERSON] and [PERSON].');
    expect(await tag('Colours: Red, Green and Blue.')).toMatch(/^Colours: Red, /);
    expect(await tag('Flavours: Earl Gray, Almond Joy, Chocolate Chai and Salted Caramel.')).toBe(
      'Flavours: Earl Gray, Almond Joy, Chocolate Chai and Salted Caramel.',
    );
  });

  it('a particle after a name keeps the everyday-word surname after it', async () => {
    expect(await tag('The keynote is by Johan de Rook.')).toBe('The keynote is by [PERSON].');
    expect(await tag('Pieter de Wit chaired the panel.')).toBe('[PERSON] chaired the panel.');
  });

  it('lowercase names with a middle initial; "a" and "i" and everyday words are no initials', async () => {
    expect(await tag('leidy t muris labor relations director')).toBe('[PERSON] labor relations director');
    expect(await tag('please forward this to rosalind k abernathy')).toBe('please forward this to [PERSON]');
    expect(await tag('take vitamin c tablets daily')).toBe('take vitamin c tablets daily');
    expect(await tag('send the draft to legal first please')).toBe('send the draft to legal first please');
  });

  it('a listed name ending a quotation is addressed; a day after a preposition is not', async () => {
    expect(await tag('"You forgot your scarf again Philomena," he laughed.')).toBe(
      '"You forgot your scarf again [PERSON]," he laughed.',
    );
    expect(await tag('"I love pizza on Fridays!" she said.')).toBe('"I love pizza on Fridays!" she said.');
  });

  it('a clitic after a title word is no lowercase name', async () => {
    expect(await tag("The captain's armband was lost.")).toBe("The captain's armband was lost.");
    expect(await tag('It was the judge’s ruling.')).toBe('It was the judge’s ruling.');
  });
});
