import { beforeAll, describe, expect, it } from 'vitest';
import { loadGazetteers } from './loadGazetteers.js';
import { personVerbForms } from './personVerbs.js';
import { redactPII } from './redactPII.js';

// The name and place lists load once per process (a few hundred ms; much more on a busy CI box).
beforeAll(() => loadGazetteers(), 120_000);

const tag = async (text: string) => (await redactPII(text, { mode: 'accurate' })).text;

describe('redactPII: general person rules (issue 26 item 2)', () => {
  it('a word in no dictionary before a verb people do is a person; a derived word or a brand compound is not', async () => {
    expect(await tag('Oyelaran arrived late to the rehearsal.')).toBe('[PERSON] arrived late to the rehearsal.');
    expect(await tag('Nkechi will bring the cake.')).toBe('[PERSON] will bring the cake.');
    expect(await tag('Mindfulness asks you to slow down.')).toBe('Mindfulness asks you to slow down.');
    expect(await tag('For reference, Facebook took ten months.')).toBe('For reference, Facebook took ten months.');
    expect(await tag('It shows in AI-generated answers.')).toBe('It shows in AI-generated answers.');
  });

  it('reporting verbs and surnames as modifiers after a determiner', async () => {
    expect(await tag('"No comment," replied Oksana.')).toBe('"No comment," replied [PERSON].');
    expect(await tag('We finally read the Achterberg report.')).toBe('We finally read the [PERSON] report.');
    expect(await tag('He loves every Kurosawa film.')).toBe('He loves every [PERSON] film.');
  });

  it('hyphenated given names whose parts are names; compounds of other words stay', async () => {
    expect(await tag('We thank Anna-Lena for the photos.')).toBe('We thank [PERSON] for the photos.');
    expect(await tag("Seo-yeon Marsh's flight lands at noon.")).toBe("[PERSON]'s flight lands at noon.");
    expect(await tag('The Mercedes-Benz dealer closes at six.')).toBe('The Mercedes-Benz dealer closes at six.');
  });

  it('name pairs as a plural subject, and a first name that is a word before a person verb', async () => {
    expect(await tag('Wei and Hope will prepare the slides.')).toBe('[PERSON] and [PERSON] will prepare the slides.');
    expect(await tag('Hope left early.')).toBe('[PERSON] left early.');
    expect(await tag('Salt and Pepper were on the table.')).toBe('Salt and Pepper were on the table.');
  });

  it('ALL-CAPS: a label or a first name keeps a name together; everyday capitals stay', async () => {
    expect(await tag('ATTN: IVY MARSH - ACCOUNTS PAYABLE')).toBe('ATTN: [PERSON] - ACCOUNTS PAYABLE');
    expect(await tag('SEND THE MINUTES TO HOPE NAKASHIMA BY NOON')).toBe('SEND THE MINUTES TO [PERSON] BY NOON');
    expect(await tag('HOPE YOU CAN JOIN US FOR DINNER')).toBe('HOPE YOU CAN JOIN US FOR DINNER');
  });

  it('a lowercase first name after a greeting, but no term of address', async () => {
    expect(await tag('hey ivy, are you coming on sunday?')).toBe('hey [PERSON], are you coming on sunday?');
    expect(await tag('hey buddy, are you coming on sunday?')).toBe('hey buddy, are you coming on sunday?');
  });

  it('an article or possessive of another language opens no name', async () => {
    expect(await tag('Der Vertrag wurde gestern unterschrieben.')).toBe('Der Vertrag wurde gestern unterschrieben.');
    expect(await tag('Wir danken Ihnen für Ihre Geduld.')).toBe('Wir danken Ihnen für Ihre Geduld.');
  });

  it('verb forms: -s forms that are plural nouns too are left out', () => {
    const { base, finite } = personVerbForms();
    expect(finite).toContain('believes');
    expect(finite).toContain('worried');
    expect(finite).not.toContain('answers');
    expect(finite).not.toContain('-');
    expect(base).toContain('bring');
  });
});
