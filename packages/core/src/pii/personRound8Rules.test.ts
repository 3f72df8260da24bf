import { beforeAll, describe, expect, it } from 'vitest';
import { loadGazetteers } from './loadGazetteers.js';
import { redactPII } from './redactPII.js';

// Round 8 of the person rules (issue 26): each case beside a trap that must stay.
beforeAll(() => loadGazetteers(), 120_000);

const tag = async (text: string) => (await redactPII(text, { mode: 'accurate' })).text;

describe('redactPII: person rules of round 8 (issue 26)', () => {
  it('mail verbs take a person as their object', async () => {
    expect(await tag('Have you emailed Oisín about the invoice?')).toBe('Have you emailed [PERSON] about the invoice?');
    expect(await tag('Please cc Dariusz Wróbel on the reply.')).toBe('Please cc [PERSON] on the reply.');
    expect(await tag('Please cc Finance on the reply.')).toBe('Please cc Finance on the reply.');
  });

  it('a demonym-like name before an article is no adjective', async () => {
    expect(await tag('told femi the car is ready')).toBe('told [PERSON] the car is ready');
    expect(await tag('I told Femi the news.')).toBe('I told [PERSON] the news.');
  });

  it('a lowercase name closing a message after a sign-off word', async () => {
    expect(await tag('cheers, hamza')).toBe('cheers, [PERSON]');
    expect(await tag('cheers, mate')).toBe('cheers, mate');
  });

  it('offices as titles; an abstract noun after a title is no name', async () => {
    expect(await tag('Councillor Mbeki voted against the plan.')).toBe('Councillor [PERSON] voted against the plan.');
    expect(await tag('Prof. Development Day is next week.')).toBe('Prof. Development Day is next week.');
    expect(await tag('For my take on Mrs. Baker, see below.')).toBe('For my take on Mrs. [PERSON], see below.');
  });

  it('a surname behind a lowercase prefix, and Irish capital particles', async () => {
    expect(await tag('Yasmin al-Rashid leads the audit team.')).toBe('[PERSON] leads the audit team.');
    expect(await tag('Transcribed by a volunteer (Ó Súilleabháin).')).toBe('Transcribed by a volunteer ([PERSON]).');
  });

  it('a name beside a role noun', async () => {
    expect(await tag('Our host (Tendai) showed us round the farm.')).toBe(
      'Our host ([PERSON]) showed us round the farm.',
    );
    expect(await tag('The app (Android only) is free.')).toBe('The app (Android only) is free.');
  });

  it("someone's place is no street; a pronoun's reporting verb takes an object, not a speaker", async () => {
    expect(await tag("at siddiqui's place till late")).toBe("at [PERSON]'s place till late");
    expect(await tag('She asked Google for directions.')).toBe('She asked Google for directions.');
    expect(await tag('"Not yet," asked Okafor.')).toBe('"Not yet," asked [PERSON].');
  });
});
