import { beforeAll, describe, expect, it } from 'vitest';
import { loadGazetteers } from './loadGazetteers.js';
import { lowercaseNamePairs, mixedNamePair, pluralVerbAfter } from './personPairs.js';
import { redact, word } from './personTests.fixture.js';
import { tokenizeText } from './tokenizeText.js';

beforeAll(() => loadGazetteers(), 120_000);

const none = () => false;
/** The capitalised words of `text` before its first lowercase word but "and" (the pair the sentence opens with). */
const pairOf = (text: string) =>
  tokenizeText(text)
    .filter((t) => t.kind === 'word')
    .filter((_, k, all) => all.slice(0, k + 1).every((x) => x.cap || x.lower === 'and'))
    .filter((t) => t.cap);

describe('mixedNamePair: a pair subject with an unlisted or a place half (issue 26, round 19)', () => {
  it('a listed given name with a word in no list, or with a place the first-name list holds', async () => {
    const g = await loadGazetteers();
    expect(mixedNamePair(pairOf('Tane and Rawiri will cook.'), g, none)).toBe(true);
    expect(mixedNamePair(pairOf('Rawiri and Tane will cook.'), g, none)).toBe(true);
    expect(mixedNamePair(pairOf('Chad and Rawiri will cook.'), g, none)).toBe(true);
  });

  it('two places, two unlisted words, an everyday word or a brand are no pair of people', async () => {
    const g = await loadGazetteers();
    expect(mixedNamePair(pairOf('Chile and Peru have met.'), g, none)).toBe(false);
    expect(mixedNamePair(pairOf('Grafana and Kibana will read.'), g, none)).toBe(false);
    expect(mixedNamePair(pairOf('Sales and Tane will read.'), g, none)).toBe(false);
    expect(mixedNamePair(pairOf('Summer and Autumn are here.'), g, none)).toBe(false);
    expect(mixedNamePair(pairOf('Tane and LilHTML are here.'), g, none)).toBe(false);
    expect(mixedNamePair(pairOf('Tane and Rawiri will cook.'), g, (t) => t.text === 'Rawiri')).toBe(false);
  });

  it('every plain modal makes a plural subject', () => {
    const { tokens, t } = word('Tane and Rawiri might cook.', 'Rawiri');
    expect(pluralVerbAfter(tokens, t)).toBe(true);
    const other = word('Tane and Rawiri soup.', 'Rawiri');
    expect(pluralVerbAfter(other.tokens, other.t)).toBe(false);
  });

  it('through redactPII both halves go, whichever comes first; place pairs stay', async () => {
    expect(await redact('Tane and Rawiri will run the raffle.')).toBe('[PERSON] and [PERSON] will run the raffle.');
    expect(await redact('Georgia and Rawiri might run the raffle.')).toBe(
      '[PERSON] and [PERSON] might run the raffle.',
    );
    expect(await redact('Salt and Pepper were gone by noon.')).toBe('Salt and Pepper were gone by noon.');
  });
});

describe('lowercaseNamePairs: the same pairs in an all-lowercase text (round 19)', () => {
  it('finds both halves of "x and y" before a plural verb', async () => {
    const g = await loadGazetteers();
    const text = 'ok rawiri and tane are late';
    const found = lowercaseNamePairs(tokenizeText(text), g).map((c) => text.slice(c.start, c.end));
    expect(found).toEqual(['rawiri', 'tane']);
    expect(lowercaseNamePairs(tokenizeText('bread and butter are here'), g)).toEqual([]);
  });

  it('through redactPII, also when the text holds no listed name the case view could restore', async () => {
    expect(await redact('ok so rawiri and tane will bring the salad')).toBe(
      'ok so [PERSON] and [PERSON] will bring the salad',
    );
    expect(await redact('ugh, kobina and sierra were late again')).toBe('ugh, [PERSON] and [PERSON] were late again');
    expect(await redact('salt and pepper are on the shelf')).toBe('salt and pepper are on the shelf');
  });
});
