import { beforeAll, describe, expect, it } from 'vitest';
import { loadGazetteers } from './loadGazetteers.js';
import { redactPII } from './redactPII.js';

beforeAll(() => loadGazetteers(), 120_000);

const tag = async (text: string) => (await redactPII(text, { mode: 'accurate' })).text;

describe('redactPII: a negated modal after an opening word (issue 26, round 16)', () => {
  it('"X could not come", "X will never forgive", "X cannot swim" make X a person', async () => {
    expect(await tag('Anjana could not come because of the strike.')).toBe(
      '[PERSON] could not come because of the strike.',
    );
    expect(await tag('Ieva will never forgive them.')).toBe('[PERSON] will never forgive them.');
    expect(await tag('Gwenllian cannot swim very well.')).toBe('[PERSON] cannot swim very well.');
  });

  it('everyday words and plurals of derived words stay', async () => {
    expect(await tag('Breakfast could not start on time.')).toBe('Breakfast could not start on time.');
    expect(await tag('Embeddings should not leak private data.')).toBe('Embeddings should not leak private data.');
  });
});

describe('redactPII: a sentence adverb or a time phrase before the subject (issue 26, round 16)', () => {
  it('"Apparently X was upset", "Obviously, X was tired", "This morning X fixed" make X a person', async () => {
    expect(await tag('Apparently Sumaq was upset by the news.')).toBe('Apparently [PERSON] was upset by the news.');
    expect(await tag('Obviously, Chanthy was tired.')).toBe('Obviously, [PERSON] was tired.');
    expect(await tag('This morning Iolo fixed the gate.')).toBe('This morning [PERSON] fixed the gate.');
  });

  it('an everyday word after the opener stays', async () => {
    expect(await tag('Apparently Support was closed all day.')).toBe('Apparently Support was closed all day.');
    expect(await tag('Luckily Parking was free.')).toBe('Luckily Parking was free.');
  });
});
