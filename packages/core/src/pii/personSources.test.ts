import { beforeAll, describe, expect, it } from 'vitest';
import { loadGazetteers } from './loadGazetteers.js';
import { asSpeaker, itsAfter, nonSpatialTo, passiveAgent } from './personSources.js';
import { redact, word } from './personTests.fixture.js';

// Round 12 of the person rules (issue 26): each case beside a trap that must stay.
beforeAll(() => loadGazetteers(), 120_000);

describe('the "to" of "according to", "thanks to"', () => {
  it('leads to no place', () => {
    const { tokens, t } = word('According to Netflix, viewing rose.', 'Netflix');
    expect(nonSpatialTo(tokens, t.index)).toBe(true);
    const trap = word('We drove to Kirkwall, then north.', 'Kirkwall');
    expect(nonSpatialTo(trap.tokens, trap.t.index)).toBe(false);
  });
  it('keeps a company named as a source or a cause, and still finds a place after a bare "to"', async () => {
    expect(await redact('According to Netflix, viewing rose.')).toBe('According to Netflix, viewing rose.');
    expect(await redact('Many thanks to Patreon for the grant.')).toBe('Many thanks to Patreon for the grant.');
    expect(await redact('Thanks to Duolingo, I can order coffee.')).toBe('Thanks to Duolingo, I can order coffee.');
    expect(await redact('We drove to Tromsø, then north.')).toBe('We drove to [LOCATION], then north.');
  });
});

describe('the agent of a passive', () => {
  it('follows a participle and "by"', () => {
    for (const [text, w] of [
      ['The game was published by Nintendo.', 'Nintendo'],
      ['The survey was run by Ipsos.', 'Ipsos'],
      ['The photo was taken by Anselm.', 'Anselm'],
    ]) {
      const { tokens, t } = word(text, w);
      expect(passiveAgent(tokens, t), text).toBe(true);
    }
    const trap = word('We met by Lakeside at noon.', 'Lakeside');
    expect(passiveAgent(trap.tokens, trap.t)).toBe(false);
  });
  it('keeps a word in no name list there and redacts a listed name', async () => {
    expect(await redact('The game was published by Nintendo.')).toBe('The game was published by Nintendo.');
    expect(await redact('The figures were provided by Eurostat.')).toBe('The figures were provided by Eurostat.');
    expect(await redact('This photo was taken by Anselm.')).toBe('This photo was taken by [PERSON].');
  });
});

describe('a run referred back to by "its"', () => {
  it('sees "its" as the object of the verb after the run, not after a personal pronoun', () => {
    const { tokens, t } = word('Did Spotify change its prices?', 'Spotify');
    expect(itsAfter(tokens, t)).toBe(true);
    const trap = word('Did Marisol tell her its price?', 'Marisol');
    expect(itsAfter(trap.tokens, trap.t)).toBe(false);
  });
  it('keeps the thing and still redacts a person asked about', async () => {
    expect(await redact('Did Spotify change its prices?')).toBe('Did Spotify change its prices?');
    expect(await redact('Did Marisol call back?')).toBe('Did [PERSON] call back?');
  });
});

describe('the speaker of an "as" clause', () => {
  it('sees "As X put it", "as X noted" and not "as X grew"', () => {
    const { tokens, t } = word('As Ulrike put it, nobody asked.', 'Ulrike');
    expect(asSpeaker(tokens, t, t)).toBe(true);
    const trap = word('As Ulrike grew, the garden shrank.', 'Ulrike');
    expect(asSpeaker(trap.tokens, trap.t, trap.t)).toBe(false);
  });
  it('redacts a listed name there and keeps a source in no list', async () => {
    expect(await redact('As Ulrike put it, nobody asked.')).toBe('As [PERSON] put it, nobody asked.');
    expect(await redact('As Reuters reported, shares fell.')).toBe('As Reuters reported, shares fell.');
  });
});

describe('a thing said to be worth it', () => {
  it('keeps a service asked about and still redacts a person asked about', async () => {
    expect(await redact('Is Netflix worth it?')).toBe('Is Netflix worth it?');
    expect(await redact('Is Wojciech coming to dinner?')).toBe('Is [PERSON] coming to dinner?');
  });
});
