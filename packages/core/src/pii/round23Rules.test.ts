// Round 23 rules (issue 26), each with the sentences it was written for and the traps that must stay: a first name
// that is a rarer everyday word in a person's slot (in capitals too), a word spelled as no listed name is (a tool),
// a place label before a town and its postcode, and a sign-off and a name on one line.
import { beforeAll, describe, expect, it } from 'vitest';
import { detectLabelledTownPostcodes } from './labelledTownPostcodes.js';
import { loadGazetteers } from './loadGazetteers.js';
import { spelledAsNoName } from './nameClusters.js';
import { redact } from './personTests.fixture.js';

beforeAll(() => loadGazetteers(), 300_000);

describe('a first name that is an everyday word only in SCOWL 35, in a person slot', () => {
  it('the subject of a modal or called by name, in mixed case and in capitals', async () => {
    expect(await redact('Maria will pick you up at the gate.')).toBe('[PERSON] will pick you up at the gate.');
    expect(await redact('CALL MARIA')).toBe('CALL [PERSON]');
    expect(await redact('MARIA WILL PICK YOU UP AT THE GATE')).toBe('[PERSON] WILL PICK YOU UP AT THE GATE');
  });

  it('a basic everyday word, and a word the text names again, stay', async () => {
    for (const t of ['HELP WILL ARRIVE SOON', 'CALL NOW', 'Hope will carry us through.', 'Parking will cost you.'])
      expect(await redact(t)).toBe(t);
    const brand = 'Victor came out with their version. Victor also sells mats.';
    expect(await redact(brand)).toBe(brand);
  });
});

describe('spelledAsNoName: clusters no listed name opens or ends with', () => {
  it('tools and abbreviations yes; names in no list, Māori, Zulu and Polish spellings no', async () => {
    const g = await loadGazetteers();
    for (const w of ['kubectl', 'rsync', 'npm', 'systemctl', 'gcc']) expect(spelledAsNoName(w, g)).toBe(true);
    for (const w of ['ngaio', 'whetu', 'ndlovu', 'kaczmarek', 'oyelaran', 'wairimu'])
      expect(spelledAsNoName(w, g)).toBe(false);
  });

  it('through redactPII a tool before a modal stays, a person in its slot goes', async () => {
    expect(await redact('Kubectl will print the pod status.')).toBe('Kubectl will print the pod status.');
    expect(await redact('Rsync can copy only the changed files.')).toBe('Rsync can copy only the changed files.');
    expect(await redact('Wairimu will restart the session after lunch.')).toBe(
      '[PERSON] will restart the session after lunch.',
    );
  });
});

describe('a place label, a town no list holds and its postcode', () => {
  it('found after a place label; a product label stays', async () => {
    const g = await loadGazetteers();
    expect(detectLabelledTownPostcodes('Depot: Kaitaia 0410', g)).toHaveLength(1);
    expect(detectLabelledTownPostcodes('Pickup point: Opononi 0473', g)).toHaveLength(1);
    expect(detectLabelledTownPostcodes('Model: Falcon 9000', g)).toHaveLength(0);
    expect(detectLabelledTownPostcodes('Release: Jammy 2204', g)).toHaveLength(0);
    expect(await redact('Store: Kaikohe 0405')).toBe('Store: [ADDRESS]');
  });
});

describe('a sign-off and a name on one line', () => {
  it('the name goes, the closing word stays', async () => {
    expect(await redact('Cheers, Losana')).toBe('Cheers, [PERSON]');
    expect(await redact('Best, Aroha.')).toBe('Best, [PERSON].');
    expect(await redact('Regards, The Team')).toBe('Regards, The Team');
  });
});
