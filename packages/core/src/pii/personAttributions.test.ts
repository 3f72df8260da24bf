import { beforeAll, describe, expect, it } from 'vitest';
import { loadGazetteers } from './loadGazetteers.js';
import { afterThingName, ageBeside, quotationSpeaker } from './personAttributions.js';
import { redactPII } from './redactPII.js';
import { tokenizeText } from './tokenizeText.js';

// Round 9 of the person rules (issue 26): sentence shapes that name a person, each beside a trap that must stay.
beforeAll(() => loadGazetteers(), 120_000);

const tag = async (text: string) => (await redactPII(text, { mode: 'accurate' })).text;
/** The tokens of `text` and the first and last token of `run` in it. */
function at(text: string, run: string) {
  const tokens = tokenizeText(text);
  const start = text.indexOf(run);
  const first = tokens.find((t) => t.start === start)!;
  const last = tokens.filter((t) => t.end <= start + run.length).at(-1)!;
  return { tokens, first, last };
}

describe('personAttributions token tests', () => {
  it('the speaker slot after a quotation, in either order', () => {
    const d = at('“Too late now,” Halloran muttered.', 'Halloran');
    expect(quotationSpeaker(d.tokens, d.first, d.last)).toBe('direct');
    const i = at('"Go on," urged Priyamvada.', 'Priyamvada');
    expect(quotationSpeaker(i.tokens, i.first, i.last)).toBe('inverted');
    // (an article before the speaker: a thing; two words after the run: no attribution)
    const t = at('“Sold out,” the Website noted.', 'Website');
    expect(quotationSpeaker(t.tokens, t.first, t.last)).toBeUndefined();
    const u = at('"Yes," Italian officials said.', 'Italian');
    expect(quotationSpeaker(u.tokens, u.first, u.last)).toBeUndefined();
  });

  it('an age beside a name, not a list of counts', () => {
    const a = at('Brooks, 52, coaches the under-tens.', 'Brooks');
    expect(ageBeside(a.tokens, a.first, a.last)).toBe(true);
    const b = at('Aged 47, Desislava opened a bakery.', 'Desislava');
    expect(ageBeside(b.tokens, b.first, b.last)).toBe(true);
    const c = at('Apples, 12, and Pears, 8, were left.', 'Pears');
    expect(ageBeside(c.tokens, c.first, c.last)).toBe(false);
    const d = at('Paris, 2024, was great.', 'Paris');
    expect(ageBeside(d.tokens, d.first, d.last)).toBe(false);
  });

  it('a thing noun before "name:"', () => {
    const a = at('Product name: Galaxy Note', 'Galaxy');
    expect(afterThingName(a.tokens, a.first)).toBe(true);
    const b = at('Full name: Oriane Duchêne', 'Oriane');
    expect(afterThingName(b.tokens, b.first)).toBe(false);
  });
});

describe('redactPII: person rules of round 9 (issue 26)', () => {
  it('the speaker after a quotation; a company in the direct order stays', async () => {
    expect(await tag('“Go on,” urged Priyamvada.')).toBe('“Go on,” urged [PERSON].');
    expect(await tag('"It was a mistake," noted Ferreira-Lopes.')).toBe('"It was a mistake," noted [PERSON].');
    expect(await tag('“Too late now,” Halloran muttered.')).toBe('“Too late now,” [PERSON] muttered.');
    expect(await tag('"Update now," Microsoft added.')).toBe('"Update now," Microsoft added.');
  });

  it('an everyday-word name with an age; counts in a list stay', async () => {
    expect(await tag('Brooks, 52, coaches the under-tens.')).toBe('[PERSON], 52, coaches the under-tens.');
    expect(await tag('Aged 47, Desislava opened her own bakery.')).toBe('Aged 47, [PERSON] opened her own bakery.');
    expect(await tag('Apples, 12, and Pears, 8, were left.')).toBe('Apples, 12, and Pears, 8, were left.');
  });

  it('initials written together; abbreviations stay', async () => {
    expect(await tag('A.K. Ramanujan taught there for years.')).toBe('[PERSON] taught there for years.');
    expect(await tag('The U.S. Army built the road.')).toBe('The U.S. Army built the road.');
    expect(await tag('See D.C. Comics for details.')).toBe('See D.C. Comics for details.');
  });

  it('a thing’s name after "name:", and a field with a number is no speaker', async () => {
    expect(await tag('Product name: Galaxy Note')).toBe('Product name: Galaxy Note');
    expect(await tag('Name: Standard Room\nRate: 90 EUR')).toBe('Name: Standard Room\nRate: 90 EUR');
    expect(await tag('Name: yaw boateng')).toBe('Name: [PERSON]');
    expect(await tag('Rose: 5 more minutes!')).toBe('[PERSON]: 5 more minutes!');
  });

  it('grandad and granny as titles', async () => {
    expect(await tag('Grandad Rain tells the best stories.')).toBe('Grandad [PERSON] tells the best stories.');
    expect(await tag('Rain fell all night.')).toBe('Rain fell all night.');
  });
});
