import { beforeAll, describe, expect, it } from 'vitest';
import { loadGazetteers } from './loadGazetteers.js';
import { redact, word } from './personTests.fixture.js';
import { tokenizeText } from './tokenizeText.js';
import {
  afterBirthNameWord,
  afterSourceWord,
  pastVerbAfterOpening,
  perPreposition,
  pronounSetAfter,
} from './personMarkers.js';

// Round 10 of the person rules (issue 26): each case beside a trap that must stay.
beforeAll(() => loadGazetteers(), 120_000);

describe('pronoun sets', () => {
  it('a pronoun set in parentheses follows a name', () => {
    const { tokens, t } = word('— Aoife (she/her)', 'Aoife');
    expect(pronounSetAfter(tokens, t)).toBe(true);
    const other = word('The app (Android only) is free.', 'app');
    expect(pronounSetAfter(other.tokens, other.t)).toBe(false);
  });
  it('redacts the name before a pronoun set', async () => {
    expect(await redact('See you then!\n— Aoife (she/her)')).toBe('See you then!\n— [PERSON] (she/her)');
  });
});

describe('birth names', () => {
  it('takes the surname after née', async () => {
    const { tokens, t } = word('The bride (née Gallagher) wore blue.', 'Gallagher');
    expect(afterBirthNameWord(tokens, t)).toBe(true);
    expect(await redact('The bride (née Gallagher) wore blue.')).toBe('The bride (née [PERSON]) wore blue.');
  });
});

describe('a past-tense verb after a lone word opening a sentence', () => {
  it('is a person when the word is in a name list or in none', async () => {
    expect(await redact('Thandeka repainted the fence on Saturday.')).toBe('[PERSON] repainted the fence on Saturday.');
    expect(await redact('Dagny reshelved every book.')).toBe('[PERSON] reshelved every book.');
    expect(await redact('Spotify raised its prices.')).toBe('Spotify raised its prices.');
    expect(await redact('On 12 May Oluwadamilare signed the contract.')).toBe(
      'On 12 May [PERSON] signed the contract.',
    );
  });
  it('keeps dictionary words and coined brands', async () => {
    expect(await redact('Compost enriched the soil.')).toBe('Compost enriched the soil.');
    expect(await redact('Frost blackened the leaves.')).toBe('Frost blackened the leaves.');
    const { tokens, t } = word('They said Dagny reshelved it.', 'Dagny');
    expect(pastVerbAfterOpening(tokens, t, t)).toBe(false);
  });
});

describe('sources: per and according to', () => {
  it('reads a sentence-opening Per before one word and a comma as the preposition', () => {
    const tokens = tokenizeText('Per Reuters, the talks stalled.');
    expect(perPreposition(tokens, [tokens[0], tokens[1]])).toBe(true);
    const name = tokenizeText('Per Eriksson said no.');
    expect(perPreposition(name, [name[0], name[1]])).toBe(false);
  });
  it('keeps a one-word source in no name list, redacts a listed name', async () => {
    expect(await redact('Per Reuters, the talks stalled.')).toBe('Per Reuters, the talks stalled.');
    expect(await redact('According to Google’s data, usage fell.')).toBe('According to Google’s data, usage fell.');
    expect(await redact('Per Olamide, the shipment left on time.')).toBe('Per [PERSON], the shipment left on time.');
    const { tokens, t } = word('According to Henrietta Vasquez’s notes, the fee was paid.', 'Henrietta');
    expect(afterSourceWord(tokens, t)).toBe(true);
  });
});

describe('titles, lists and dates', () => {
  it('a title outweighs a demonym-like ending and is no list member', async () => {
    expect(await redact('Mr Dinh and Ms Tran are on leave.')).toBe('Mr [PERSON] and Ms [PERSON] are on leave.');
  });
  it('greets with hiya and greetings', async () => {
    expect(await redact('Hiya Fenella, long time!')).toBe('Hiya [PERSON], long time!');
    expect(await redact('Greetings Ekaterina, welcome aboard.')).toBe('Greetings [PERSON], welcome aboard.');
  });
  it('a day then a month is no house number', async () => {
    expect(await redact('On 12 May Amazon shipped the order.')).toBe('On 12 May Amazon shipped the order.');
    expect(await redact('Send it to 12 May Street, Leeds.')).toContain('[ADDRESS]');
  });
});

describe('an inverted speaker that reads as an organisation', () => {
  it('keeps a derived word only the big list holds; a word in no list stays a speaker', async () => {
    expect(await redact('“It is safe,” maintained Boeing.')).toBe('“It is safe,” maintained Boeing.');
    expect(await redact('"That is untrue," countered Ndlovu.')).toBe('"That is untrue," countered [PERSON].');
    expect(await redact('“Go on,” urged Priyamvada.')).toBe('“Go on,” urged [PERSON].');
  });
});
