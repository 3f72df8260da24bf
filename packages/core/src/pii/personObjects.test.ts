import { beforeAll, describe, expect, it } from 'vitest';
import { loadGazetteers } from './loadGazetteers.js';
import { afterPersonObjectVerb, secondObjectAfter, thingPredicateAfter } from './personObjects.js';
import { redactPII } from './redactPII.js';
import { tokenizeText } from './tokenizeText.js';

beforeAll(() => loadGazetteers(), 120_000);

const tag = async (text: string) => (await redactPII(text, { mode: 'accurate' })).text;
/** The token tests at the first capitalised word after the sentence start. */
const at = (text: string) => {
  const tokens = tokenizeText(text);
  const t = tokens.find((x) => x.index > 0 && x.cap)!;
  return {
    object: afterPersonObjectVerb(tokens, t),
    second: secondObjectAfter(tokens, t),
    thing: thingPredicateAfter(tokens, t),
  };
};

describe('personObjects: token tests', () => {
  it('a verb whose object is a person, and a second object after the name', () => {
    expect(at('We owe Rukmini an apology.')).toMatchObject({ object: true, second: true });
    expect(at('She texted Ravindra twice.')).toMatchObject({ object: true, second: false });
    expect(at('We moved Dropbox files.')).toMatchObject({ object: false });
  });

  it('a predicate said of things after a copula question subject, with degree words and comparatives', () => {
    expect(at('Why is Docker so slow?').thing).toBe(true);
    expect(at('Is Postgres faster than before?').thing).toBe(true);
    expect(at('Is Webpack really that hard?').thing).toBe(true);
    expect(at('Is Vercel more expensive?').thing).toBe(true);
    expect(at('Why is Natasja so impulsive?').thing).toBe(false);
    expect(at('Is Kwame coming?').thing).toBe(false);
  });
});

describe('redactPII: names as objects and question subjects (issue 26 round 7)', () => {
  it('the object of a verb whose object is a person; a second object outweighs an everyday word or an ending', async () => {
    expect(await tag('We owe Rukmini an apology.')).toBe('We owe [PERSON] an apology.');
    expect(await tag('David had given Angel his address.')).toBe('[PERSON] had given [PERSON] his address.');
    expect(await tag('She texted Ravindra twice.')).toBe('She texted [PERSON] twice.');
    expect(await tag('We gave Notion a try for the wiki.')).toBe('We gave Notion a try for the wiki.');
    expect(await tag('We introduced Webpack to the team.')).toBe('We introduced Webpack to the team.');
    expect(await tag('I told Pakistani officials about it.')).toBe('I told Pakistani officials about it.');
  });

  it('"met X", an imperative opening the sentence, and greetings before a name and "!"', async () => {
    expect(await tag('We met Oyelowo at the gate.')).toBe('We met [PERSON] at the gate.');
    expect(await tag('Thank Oyelowo for the flowers.')).toBe('Thank [PERSON] for the flowers.');
    expect(await tag('Happy birthday Oyelowo!')).toBe('Happy birthday [PERSON]!');
    expect(await tag('Ask Google for directions.')).toBe('Ask Google for directions.');
    expect(await tag('Welcome Home!')).toBe('Welcome Home!');
    expect(await tag('Rocket Languages: Audio meets Vocab Instruction')).toBe(
      'Rocket Languages: Audio meets Vocab Instruction',
    );
  });

  it('a product in a copula question about speed, cost or failure stays; a person there is still found', async () => {
    expect(await tag('Why is Docker so slow on this laptop?')).toBe('Why is Docker so slow on this laptop?');
    expect(await tag('Why is Terraform failing again?')).toBe('Why is Terraform failing again?');
    expect(await tag('Is Postgres faster than before?')).toBe('Is Postgres faster than before?');
    expect(await tag('Why is Natasja so impulsive?')).toBe('Why is [PERSON] so impulsive?');
    expect(await tag('Why was Chidinma so upset?')).toBe('Why was [PERSON] so upset?');
  });
});
