import { beforeAll, describe, expect, it } from 'vitest';
import { loadGazetteers } from './loadGazetteers.js';
import { redactPII } from './redactPII.js';

beforeAll(() => loadGazetteers(), 120_000);

const tag = async (text: string) => (await redactPII(text, { mode: 'accurate' })).text;

describe('redactPII: a word in no list opening a sentence before a verb (issue 26, round 14)', () => {
  it('is a person without a name-like ending', async () => {
    expect(await tag('Adebowale mended the fence.')).toBe('[PERSON] mended the fence.');
    expect(await tag('Tamatea locked the door.')).toBe('[PERSON] locked the door.');
  });

  it('known companies and coined English words stay', async () => {
    expect(await tag('Spotify raised its prices.')).toBe('Spotify raised its prices.');
    expect(await tag('Amazon shipped the parcel.')).toBe('Amazon shipped the parcel.');
    expect(await tag('Tastewise raised funds.')).toBe('Tastewise raised funds.');
  });
});
