import { beforeAll, describe, expect, it } from 'vitest';
import { loadGazetteers } from './loadGazetteers.js';
import { organizationWord, organizationsInText } from './personOrganizations.js';
import { redact, word } from './personTests.fixture.js';
import { tokenizeText } from './tokenizeText.js';

// Round 13 of the person rules (issue 26): the same slot filled by a company and by a person.
beforeAll(() => loadGazetteers(), 120_000);

describe('a known company or brand', () => {
  it('is read from the company dictionary, less first names, surnames, places and everyday words', async () => {
    const g = await loadGazetteers();
    for (const w of ['Heineken', 'Vodafone', 'Nvidia']) {
      const { tokens, t } = word(`${w} said that sales rose.`, w);
      expect(organizationWord(tokens, t, g, new Set()), w).toBe(true);
    }
    const possessive = word("Macy's closed early.", 'Macy');
    expect(organizationWord(possessive.tokens, possessive.t, g, new Set())).toBe(true);
    for (const w of ['Dell', 'Jones', 'Boston', 'Apple']) {
      const { tokens, t } = word(`${w} said that sales rose.`, w);
      expect(organizationWord(tokens, t, g, new Set()), w).toBe(false);
    }
  });
  it('is no person in a slot people fill too, where a person stays one', async () => {
    expect(await redact('Good afternoon Vodafone, my bill is wrong.')).toBe(
      'Good afternoon Vodafone, my bill is wrong.',
    );
    expect(await redact('Good afternoon Leocadia, your bill is ready.')).toBe(
      'Good afternoon [PERSON], your bill is ready.',
    );
    expect(await redact('Heineken is 150 years old.')).toBe('Heineken is 150 years old.');
    expect(await redact('Nvidia said that demand slowed.')).toBe('Nvidia said that demand slowed.');
    expect(await redact('Demand slowed, says Accenture.')).toBe('Demand slowed, says Accenture.');
  });
  it('keeps a list of companies whole', async () => {
    expect(await redact('Our clients: Deloitte, Capgemini and Vodafone.')).toBe(
      'Our clients: Deloitte, Capgemini and Vodafone.',
    );
    expect(await redact('Our guests: Leocadia, Bertrand and Oluwaseun.')).toBe(
      'Our guests: [PERSON], [PERSON] and [PERSON].',
    );
  });
  it('is no place after "works at"', async () => {
    expect(await redact('Leocadia works at Capgemini.')).toBe('[PERSON] works at Capgemini.');
  });
});

describe('a company the text shows elsewhere', () => {
  it('is found by a corporate suffix, an apposition or a possession', async () => {
    const g = await loadGazetteers();
    const orgs = organizationsInText(
      tokenizeText("Pellworth Ltd makes tiles. Drovana, the payments firm, grew. Kestrin's shares fell."),
      g,
    );
    expect([...orgs].sort()).toEqual(['drovana', 'kestrin', 'pellworth']);
    const people = organizationsInText(tokenizeText("Ilka, the new intern, said Ilka's brother works at Ilka Ltd."), g);
    expect([...people]).toEqual(['ilka']);
    const none = organizationsInText(tokenizeText("Ilka, the new intern, met Ilka's brother."), g);
    expect([...none]).toEqual([]);
  });
  it('makes the same word a company where the slot alone would make it a person', async () => {
    expect(await redact('Pellworth said profits rose. Pellworth Ltd makes tiles.')).toBe(
      'Pellworth said profits rose. Pellworth Ltd makes tiles.',
    );
    expect(await redact('Drovana hired ten people. Drovana, the payments firm, is growing.')).toBe(
      'Drovana hired ten people. Drovana, the payments firm, is growing.',
    );
    // a person cue no company takes still wins: kin
    expect(await redact('My cousin Pellworth came. Pellworth Ltd makes tiles.')).toContain('My cousin [PERSON] came.');
  });
});

describe('a kind of organisation named right after a word no list holds (round 21)', () => {
  it('makes that word an organisation, a listed name or place keeps its judgement', async () => {
    const g = await loadGazetteers();
    const orgs = organizationsInText(
      tokenizeText('The Reuters news agency cited sources. A Skyvara airline jet landed. A Wellington firm won.'),
      g,
    );
    expect([...orgs].sort()).toEqual(['reuters', 'skyvara']);
    // a determiner or a verb between the word and the noun is no kind of it
    const none = organizationsInText(tokenizeText('Tamati said the firm grew. We told Hemi the agency closed.'), g);
    expect([...none]).toEqual([]);
  });
  it('keeps the organisation after a speech verb, a person in the same slot stays one', async () => {
    expect(await redact('Prices will rise, says Reuters. The Reuters news agency cited two sources.')).toBe(
      'Prices will rise, says Reuters. The Reuters news agency cited two sources.',
    );
    expect(await redact('"It was a long night," says Hemi. The firm had grown.')).toBe(
      '"It was a long night," says [PERSON]. The firm had grown.',
    );
  });
});
