// Round 20 person rules (issue 26), each with the sentences it was written for and the traps that must stay: a word
// in no list before a modal when "he" / "she" refers back to it, a lowercase word after a kinship phrase, and a
// lowercase word joined to the writer ("me and moana").
import { beforeAll, describe, expect, it } from 'vitest';
import { loadGazetteers } from './loadGazetteers.js';
import { lowercaseNamePairs } from './personPairs.js';
import { personPronounBack } from './personPronounBack.js';
import { redact } from './personTests.fixture.js';
import { tokenizeText } from './tokenizeText.js';

beforeAll(() => loadGazetteers(), 120_000);

/** `personPronounBack` asked after the first token spelled `verb`. */
const backAfter = (text: string, verb: string) => {
  const tokens = tokenizeText(text);
  const v = tokens.find((t) => t.text === verb);
  if (!v) throw new Error(`no token ${verb}`);
  return personPronounBack(tokens, v.index);
};

describe('personPronounBack: "he" / "she" referring back to a modal group\'s subject', () => {
  it('a clause link and the pronoun in the same sentence, or the pronoun opening the next sentence', () => {
    expect(backAfter('Hohepa can fix the fence if he has time.', 'fix')).toBe(true);
    expect(backAfter('Nomvula will feed the cat while she is here.', 'feed')).toBe(true);
    expect(backAfter('Ekow may carry the boxes. He is strong.', 'carry')).toBe(true);
  });

  it('a possessive, "it", a pronoun in a later sentence or on the next line is no cue', () => {
    expect(backAfter('Zapier can send his reports every morning.', 'send')).toBe(false);
    expect(backAfter('Clonezilla will let you copy the disk; it is free.', 'let')).toBe(false);
    expect(backAfter('Ventoy will boot the image. It works. He said so.', 'boot')).toBe(false);
    expect(backAfter('Ventoy will boot the image\nHe said so.', 'boot')).toBe(false);
  });

  it('through redactPII the unlisted subject goes; products before the same modal stay', async () => {
    expect(await redact('Hohepa can fix the fence if he has time.')).toBe('[PERSON] can fix the fence if he has time.');
    expect(await redact('Ihaia should mend the roof. She is handy.')).toBe(
      '[PERSON] should mend the roof. She is handy.',
    );
    expect(await redact('Clonezilla will let you copy the disk; it is free.')).toBe(
      'Clonezilla will let you copy the disk; it is free.',
    );
    expect(await redact('Zapier can send his reports every morning.')).toBe(
      'Zapier can send his reports every morning.',
    );
  });
});

describe('lowercase names after a kinship phrase', () => {
  it('through redactPII: "my friend wiremu", "our nephew tamatea"', async () => {
    expect(await redact('my friend wiremu called me last night about the game')).toBe(
      'my friend [PERSON] called me last night about the game',
    );
    expect(await redact('so our nephew tamatea plays rugby on saturdays now')).toBe(
      'so our nephew [PERSON] plays rugby on saturdays now',
    );
  });

  it('an everyday word or a negated verb stem stays ("your partner didn\'t")', async () => {
    expect(await redact("If your partner didn't buy insurance, ask why.")).toBe(
      "If your partner didn't buy insurance, ask why.",
    );
    expect(await redact("my friend wiremu didn't call back")).toBe("my friend [PERSON] didn't call back");
    expect(await redact('my brother always calls on sundays')).toBe('my brother always calls on sundays');
  });
});

describe('lowercaseNamePairs: a word joined to the writer', () => {
  it('"me and x", "x and i <verb>", "x and me"', async () => {
    const g = await loadGazetteers();
    const found = (text: string) => lowercaseNamePairs(tokenizeText(text), g).map((c) => text.slice(c.start, c.end));
    expect(found('me and moana are going to town')).toEqual(['moana']);
    expect(found('aroha and i went to town')).toEqual(['aroha']);
    expect(found('between aroha and me it is fine')).toEqual(['aroha']);
  });

  it('an everyday word, a word only the big name list holds, "i" with no verb after it stay', async () => {
    const g = await loadGazetteers();
    expect(lowercaseNamePairs(tokenizeText('me and coffee are best friends'), g)).toEqual([]);
    expect(lowercaseNamePairs(tokenizeText('me and docker are not friends'), g)).toEqual([]);
    expect(lowercaseNamePairs(tokenizeText('see moana and i'), g)).toEqual([]);
  });

  it('through redactPII in an all-lowercase text', async () => {
    expect(await redact('me and moana are going to the beach later')).toBe(
      'me and [PERSON] are going to the beach later',
    );
  });
});
