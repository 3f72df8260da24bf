// Round 22 rules (issue 26), each with the sentences it was written for and the traps that must stay: a word in no
// list before a modal that the text names only once, the one called at a number or asked for by name, a short text
// in capitals, a brand made from an everyday word, and a four-digit postcode after a town no list holds.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadGazetteers } from './loadGazetteers.js';
import { loneModalSubject } from './loneModalSubject.js';
import { askedForByName, calledOnNumber } from './personCalledOn.js';
import { redact, word } from './personTests.fixture.js';

beforeAll(() => loadGazetteers(), 300_000);

describe('loneModalSubject: a word spelled as a name, named once in the text', () => {
  it('once, a capital and lowercase letters: yes; repeated, a plural or an abbreviation: no', () => {
    const once = word('Ngaio should sign here before noon.', 'Ngaio');
    expect(loneModalSubject(once.tokens, once.t, once.t.index + 2)).toBe(true);
    const twice = word('Kubectl will print the status. Get Kubectl here.', 'Kubectl');
    expect(loneModalSubject(twice.tokens, twice.t, twice.t.index + 2)).toBe(false);
    const plural = word('Homebuyers should check the roof.', 'Homebuyers');
    expect(loneModalSubject(plural.tokens, plural.t, plural.t.index + 2)).toBe(false);
    const abbr = word('VASPs must collect the sender details.', 'VASPs');
    expect(loneModalSubject(abbr.tokens, abbr.t, abbr.t.index + 2)).toBe(false);
    const tool = word('Ventoy will let you boot several images.', 'Ventoy');
    expect(loneModalSubject(tool.tokens, tool.t, tool.t.index + 2)).toBe(false);
  });

  it('through redactPII the unlisted subject of a modal goes; a product the page names again stays', async () => {
    expect(await redact('Ngaio should sign here before noon.')).toBe('[PERSON] should sign here before noon.');
    expect(await redact('Your order is ready. Tamati will drop it off at six.')).toBe(
      'Your order is ready. [PERSON] will drop it off at six.',
    );
    const page = 'Kubectl will print the pod status. Install Kubectl first.';
    expect(await redact(page)).toBe(page);
  });
});

describe('the one called at a number, or asked for by name', () => {
  it('calledOnNumber and askedForByName: the token shapes', () => {
    const call = word('Call Tamati on 021 555 1234.', 'Tamati');
    expect(calledOnNumber(call.tokens, call.t, call.t)).toBe(true);
    const api = word("Call Stripe's API twice.", 'Stripe');
    expect(calledOnNumber(api.tokens, api.t, api.t)).toBe(false);
    const ask = word('Ask for Wiremu at the front desk.', 'Wiremu');
    expect(askedForByName(ask.tokens, ask.t, ask.t)).toBe(true);
    const about = word('Ask for Wiremu Tools pricing.', 'Wiremu');
    expect(askedForByName(about.tokens, about.t, about.t)).toBe(false);
  });

  it('through redactPII, in mixed case and in capitals; services and brands made from a word stay', async () => {
    expect(await redact('Call Tamati on 021 555 1234.')).toBe('Call [PERSON] on [PHONE].');
    expect(await redact('CALL TAMATI ON 021 555 1234 AFTER FIVE')).toBe('CALL [PERSON] ON [PHONE] AFTER FIVE');
    expect(await redact('Ask for Wiremu at the front desk.')).toBe('Ask for [PERSON] at the front desk.');
    expect(await redact('TO BOOK CALL TICKETEK ON 132 849 TODAY')).toBe('TO BOOK CALL TICKETEK ON 132 849 TODAY');
    expect(await redact('Call Healthline on 0800 611 116 any time.')).toMatch(/^Call Healthline on /);
  });
});

describe('a short text in capitals is read in capitals', () => {
  it('"ASK FOR WIREMU" of three words; "FREE PARKING" stays', async () => {
    expect(await redact('ASK FOR WIREMU')).toBe('ASK FOR [PERSON]');
    expect(await redact('FREE PARKING')).toBe('FREE PARKING');
    expect(await redact('CALL HEALTHLINE')).toBe('CALL HEALTHLINE');
  });
});

describe('a four-digit postcode after a town no list holds', () => {
  it('after a place preposition, the clause going on; a year-like number stays', async () => {
    expect(await redact('We drove from Opononi 0473 to the coast.')).toMatch(/^We drove from \[\w+\] \[ADDRESS\] to /);
    expect(await redact('Office hours in Dargaville 0310 are nine to five.')).not.toMatch(/0310/);
    expect(await redact('In Kaitaia 2019 was a dry year.')).toMatch(/2019/);
  });
});
