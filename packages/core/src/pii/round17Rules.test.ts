import { beforeAll, describe, expect, it } from 'vitest';
import { loadGazetteers } from './loadGazetteers.js';
import { redactPII } from './redactPII.js';

beforeAll(() => loadGazetteers(), 120_000);

const tag = async (text: string) => (await redactPII(text, { mode: 'accurate' })).text;

describe('redactPII: a modal and a bare verb after a listed name opening the sentence (issue 26, round 17)', () => {
  it('"X will attend", "X might join" make a listed name a person', async () => {
    expect(await tag('Tuyet will attend the hearing on Monday.')).toBe('[PERSON] will attend the hearing on Monday.');
    expect(await tag('Kaveh might join us later.')).toBe('[PERSON] might join us later.');
    expect(await tag('Nkechi will present the results tomorrow.')).toBe('[PERSON] will present the results tomorrow.');
  });

  it('words in no name list, everyday words and products stay', async () => {
    expect(await tag('Clonezilla will let you make an image.')).toBe('Clonezilla will let you make an image.');
    expect(await tag('Entrepreneurs can invest in apps.')).toBe('Entrepreneurs can invest in apps.');
    expect(await tag('Breakfast will start at eight.')).toBe('Breakfast will start at eight.');
    expect(await tag('Grafana will load the panel again.')).toBe('Grafana will load the panel again.');
  });
});

describe('redactPII: a year after a time-only preposition is a date, not a house number (round 17)', () => {
  it('"After 2010 Granite Bank", "Since 2012 Blue Ridge Dairy" stay', async () => {
    expect(await tag('After 2010 Granite Bank closed its branches.')).toBe(
      'After 2010 Granite Bank closed its branches.',
    );
    expect(await tag('Since 2012 Blue Ridge Dairy has grown.')).toBe('Since 2012 Blue Ridge Dairy has grown.');
    expect(await tag('In 1998 Parker Street was paved.')).toBe('In 1998 Parker Street was paved.');
  });

  it('a numbered street after "at" or "to" is still an address', async () => {
    expect(await tag('Send it to 2010 Granite Bank, Leeds.')).toContain('[ADDRESS]');
    expect(await tag('She lives at 1998 Oak Street since May.')).toBe('She lives at [ADDRESS] since May.');
  });
});

describe('redactPII: an unknown place after "outside" (round 17)', () => {
  it('"just outside Tuxtepec.", "outside Juchitán" are places', async () => {
    expect(await tag('The farm is just outside Tuxtepec.')).toBe('The farm is just outside [LOCATION].');
    expect(await tag('My aunt lives just outside Juchitán.')).toBe('My aunt lives just outside [LOCATION].');
  });

  it('an everyday word after "outside" stays', async () => {
    expect(await tag('We waited outside Reception.')).toBe('We waited outside Reception.');
    expect(await tag('It is unlikely to work for those of us outside Big Tech.')).toBe(
      'It is unlikely to work for those of us outside Big Tech.',
    );
  });
});
