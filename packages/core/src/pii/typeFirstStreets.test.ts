import { beforeAll, describe, expect, it } from 'vitest';
import { loadGazetteers } from './loadGazetteers.js';
import { redactPII } from './redactPII.js';
import { detectTypeFirstStreets } from './typeFirstStreets.js';

// The name and place lists load once per process (a few hundred ms; much more on a busy CI box).
beforeAll(() => loadGazetteers(), 120_000);

const tag = async (text: string) => (await redactPII(text, { mode: 'accurate' })).text;
const found = (text: string) => detectTypeFirstStreets(text).map((c) => text.slice(c.start, c.end));

describe('type-first streets ("Am Markt 7", "An der Kirche 3")', () => {
  it('a fused lead or a preposition + article, one noun and a house number', () => {
    expect(found('Die Praxis liegt Zur Schmiede 12 in der Altstadt.')).toEqual(['Zur Schmiede 12']);
    expect(found('Lager: Unter den Pappeln 2-4')).toEqual(['Unter den Pappeln 2-4']);
    expect(found('Send it to Auf der Koppel 5a, please.')).toEqual(['Auf der Koppel 5a']);
  });

  it('counts, ranges and years in prose are no streets', () => {
    expect(found('Am Ende 2 Fragen, Im Jahr 2020 viele.')).toEqual([]);
    expect(found('In den Abschnitten 4 bis 6 steht mehr.')).toEqual([]);
    // "An" alone is English too ("An Update 3 days later"): it needs an article after it.
    expect(found('An Update 3 days later.')).toEqual([]);
  });

  it('through redactPII', async () => {
    expect(await tag('Our new office: Am Stadtgraben 101, 2nd floor.')).toBe('Our new office: [ADDRESS], 2nd floor.');
  });
});
