import { beforeAll, describe, expect, it } from 'vitest';
import { loadGazetteers } from './loadGazetteers.js';
import { redactPII } from './redactPII.js';

beforeAll(() => loadGazetteers(), 120_000);

const tag = async (text: string) => (await redactPII(text, { mode: 'accurate' })).text;

describe('redactPII: a linking verb and a state said of people after an opening word (issue 26, round 15)', () => {
  it('"X was late", "X seems happy", "X was very kind" make X a person', async () => {
    expect(await tag('Itziar was late again this morning.')).toBe('[PERSON] was late again this morning.');
    expect(await tag('Wubet seems happy with the new flat.')).toBe('[PERSON] seems happy with the new flat.');
    expect(await tag('Zerihun was very kind to us.')).toBe('[PERSON] was very kind to us.');
  });

  it('everyday words and states said of things stay', async () => {
    expect(await tag('Breakfast was late again this morning.')).toBe('Breakfast was late again this morning.');
    expect(await tag('Parking is free after six.')).toBe('Parking is free after six.');
  });
});

describe('redactPII: a name with a nationality-like ending before a function word (issue 26, round 15)', () => {
  it('"remind X about", "tell X to" read X as a name, not an adjective', async () => {
    expect(await tag('I will remind Thiruvalluvan about the invoice.')).toBe(
      'I will remind [PERSON] about the invoice.',
    );
  });

  it('an adjective before its noun stays', async () => {
    expect(await tag('She teaches Gujarati grammar.')).toBe('She teaches Gujarati grammar.');
    expect(await tag('We heard the Kashubian dialect.')).toBe('We heard the Kashubian dialect.');
  });
});
