import { beforeAll, describe, expect, it } from 'vitest';
import { loadGazetteers } from './loadGazetteers.js';
import { redactPII } from './redactPII.js';

// The name and place lists load once per process (a few hundred ms; much more on a busy CI box).
beforeAll(() => loadGazetteers(), 120_000);

const tag = async (text: string) => (await redactPII(text, { mode: 'accurate' })).text;

describe('redactPII: person cues of issue 26 round 6', () => {
  it('Polish and Italian surname endings are no demonyms; short words are none either', async () => {
    expect(await tag('A foreword by Mastrantonio opens the book.')).toBe('A foreword by [PERSON] opens the book.');
    expect(await tag('An essay by Wiśniewski follows.')).toBe('An essay by [PERSON] follows.');
    expect(await tag('Ask Li about it.')).toBe('Ask [PERSON] about it.');
    expect(await tag('The Pakistani delegation arrived.')).toBe('The Pakistani delegation arrived.');
  });

  it('a month that is a first name opens a name before a surname, not after a date preposition', async () => {
    expect(await tag('IN LOVING MEMORY OF JUNE ABARA-STEELE')).toBe('IN LOVING MEMORY OF [PERSON]');
    expect(await tag('Signed,\nMay Li\nSecretary')).toBe('Signed,\n[PERSON]\nSecretary');
    expect(await tag('Dear April,\nthe keys are ready.')).toBe('Dear [PERSON],\nthe keys are ready.');
    expect(await tag('See you in June, then.')).toBe('See you in June, then.');
    expect(await tag('MAY THE BEST TEAM WIN')).toBe('MAY THE BEST TEAM WIN');
  });

  it('a German noun before a colon is a field label, a name before a colon is a speaker', async () => {
    expect(await tag('Bemerkung: bitte klingeln')).toBe('Bemerkung: bitte klingeln');
    expect(await tag('Öffnungszeiten: 9 bis 17 Uhr')).toBe('Öffnungszeiten: 9 bis 17 Uhr');
    expect(await tag('Interviewer: Why?\nTemitope: Because.')).toBe('Interviewer: Why?\n[PERSON]: Because.');
  });

  it('questions: the run after an opening auxiliary is its subject; places and brand compounds stay', async () => {
    expect(await tag('Did Oyelaran sign the form?')).toBe('Did [PERSON] sign the form?');
    expect(await tag('Why was Chidinma so upset?')).toBe('Why was [PERSON] so upset?');
    expect(await tag('Is Salesforce down again?')).toBe('Is Salesforce down again?');
    expect(await tag('Did Oyelaran sign the form.')).toBe('Did Oyelaran sign the form.');
  });

  it('titles before a name, greetings and second-person words around a vocative', async () => {
    expect(await tag('Judge Okwuosa dismissed the case.')).toBe('Judge [PERSON] dismissed the case.');
    expect(await tag('Good evening Eunji, your table is ready.')).toBe('Good evening [PERSON], your table is ready.');
    expect(await tag('Ji-woo, your parcel arrived.')).toBe('[PERSON], your parcel arrived.');
  });

  it('everyday-word first names as a pair before a verb people do; labels before numbers stay in lists', async () => {
    expect(await tag('Rose and Ivy will bake the bread.')).toBe('[PERSON] and [PERSON] will bake the bread.');
    expect(await tag('Summer and Autumn were lovely.')).toBe('Summer and Autumn were lovely.');
    expect(await tag('She joined the Nakamura lab in May.')).toBe('She joined the [PERSON] lab in May.');
  });
});
