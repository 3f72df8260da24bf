import { beforeAll, describe, expect, it } from 'vitest';
import { loadGazetteers } from './loadGazetteers.js';
import { redactPII } from './redactPII.js';

// The name and place lists load once per process (a few hundred ms; much more on a busy CI box).
beforeAll(() => loadGazetteers(), 120_000);

const tag = async (text: string) => (await redactPII(text, { mode: 'accurate' })).text;

describe('redactPII: person cues from labels, letters and reporting (issue 26)', () => {
  it('a person field label names the whole run after it; the label itself is no speaker', async () => {
    expect(await tag('Patient: Grace Park\nDate of visit: 3 March')).toBe('Patient: [PERSON]\nDate of visit: 3 March');
    expect(await tag('Attendees: Chiamaka Nowak, Ivy Girma and Amani Kang.')).toBe(
      'Attendees: [PERSON], [PERSON] and [PERSON].',
    );
    // Everyday words after a label stay.
    expect(await tag('To: All Staff\nSubject: fire drill')).toBe('To: All Staff\nSubject: fire drill');
  });

  it('a name alone on the line after a closing signs the letter; the closing stays', async () => {
    expect(await tag('Dear Min-jun,\n\nthe keys are with the caretaker.\n\nBest,\nAoife')).toBe(
      'Dear [PERSON],\n\nthe keys are with the caretaker.\n\nBest,\n[PERSON]',
    );
  });

  it('a reported speaker of everyday words ("said Grace Fisher")', async () => {
    expect(await tag('"We did not expect this," said Grace Fisher, who runs the fair.')).toBe(
      '"We did not expect this," said [PERSON], who runs the fair.',
    );
  });

  it('a kinship noun outweighs a demonym-like ending', async () => {
    expect(await tag('My neighbour Zawadi waters the plants.')).toBe('My neighbour [PERSON] waters the plants.');
  });

  it('a lowercase name after a greeting and before a comma', async () => {
    expect(await tag('hey ciarán, are you coming to the picnic on sunday?')).toBe(
      'hey [PERSON], are you coming to the picnic on sunday?',
    );
    expect(await tag('hey there, are you coming to the picnic on sunday?')).toBe(
      'hey there, are you coming to the picnic on sunday?',
    );
  });
});
