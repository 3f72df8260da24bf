import { beforeAll, describe, expect, it } from 'vitest';
import { CoreError } from '../errors.js';
import { loadGazetteers } from './loadGazetteers.js';

// The name and place lists load once per process (a few hundred ms; much more on a busy CI box).
beforeAll(() => loadGazetteers(), 120_000);
import { redactPII } from './redactPII.js';
import type { PiiEntity, RedactPIIOptions } from './piiTypes.js';

async function tag(text: string, options: RedactPIIOptions | true = true): Promise<string> {
  return (await redactPII(text, options)).text;
}
const fast = (entities?: PiiEntity[]): RedactPIIOptions => ({ mode: 'fast', ...(entities ? { entities } : {}) });

describe('redactPII: patterns and validators (fast mode)', () => {
  it('EMAIL', async () => {
    expect(await tag('Write to ann.lee+news@mail.example.org today.', fast())).toBe('Write to [EMAIL] today.');
    expect(await tag('Not an address: user@localhost or a@b', fast())).toBe('Not an address: user@localhost or a@b');
  });

  it('PHONE: international numbers by libphonenumber, national ones by shape or context', async () => {
    expect(await tag('Call +41 (0)96 471 07 95 or +1-604-696-5272x565.', fast())).toBe('Call [PHONE] or [PHONE].');
    expect(await tag('Office (602)272-9781, mobile: 0490 75 40 81', fast())).toBe('Office [PHONE], mobile: [PHONE]');
    expect(await tag('Please call me at 467 3395', fast())).toBe('Please call me at [PHONE]');
    // Years, dates, prices, counts and versions are not phone numbers.
    expect(await tag('In 2019-2020 we sold 1,250,000 units at 12.99 on 2021-03-04, v1.2.3.', fast())).toBe(
      'In 2019-2020 we sold 1,250,000 units at 12.99 on 2021-03-04, v1.2.3.',
    );
  });

  it('FINANCIAL: Luhn-valid cards, mod-97 IBANs, account numbers in context', async () => {
    expect(await tag('Card 4111 1111 1111 1111 and 378282246310005.', fast())).toBe(
      'Card [FINANCIAL] and [FINANCIAL].',
    );
    expect(await tag('Order 4111111111111112 shipped.', fast())).toBe('Order 4111111111111112 shipped.');
    expect(await tag('My IBAN is GB82 WEST 1234 5698 7654 32.', fast())).toBe('My IBAN is [FINANCIAL].');
    expect(await tag('IBAN GB83WEST12345698765432 has a bad checksum.', fast())).toBe(
      'IBAN GB83WEST12345698765432 has a bad checksum.',
    );
    expect(await tag('Account number: 12345678, sort code 12-34-56', fast())).toBe(
      'Account number: [FINANCIAL], sort code [FINANCIAL]',
    );
  });

  it('SECRET: vendor prefixes, JWTs and labelled passwords', async () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U';
    expect(await tag(`key sk-proj-abcdefghijklmnopqrstuvwx and ${jwt}`, fast())).toBe('key [SECRET] and [SECRET]');
    expect(await tag('export AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE', fast())).toBe(
      'export AWS_ACCESS_KEY_ID=[SECRET]',
    );
    expect(await tag('token ghp_abcdefghijklmnopqrstuvwxyz0123456789', fast())).toBe('token [SECRET]');
    expect(await tag('password: hunter2!x', fast())).toBe('password: [SECRET]');
    expect(await tag('The password is incorrect.', fast())).toBe('The password is incorrect.');
  });

  it('ID: SSNs by area rules, labelled passports and licences', async () => {
    expect(await tag('SSN 853-37-1694, not 666-12-3456 or 912-12-3456.', fast())).toBe(
      'SSN [ID], not 666-12-3456 or 912-12-3456.',
    );
    expect(await tag("My driver's license number is F162823540116", fast())).toBe("My driver's license number is [ID]");
    expect(await tag('Passport no. X1234567 expires soon', fast())).toBe('Passport no. [ID] expires soon');
  });

  it('IP v4 and v6, not versions or times', async () => {
    expect(await tag('Blocked 41.173.96.26 and 2001:db8::8a2e:370:7334.', fast())).toBe('Blocked [IP] and [IP].');
    expect(await tag('Version 1.2.3 at 12:30:45.', fast())).toBe('Version 1.2.3 at 12:30:45.');
  });

  it('URL_CREDENTIALS: the user:password part, the host stays', async () => {
    expect(await tag('Clone https://bob:s3cr3t@git.example.com/repo.git', fast())).toBe(
      'Clone https://[URL_CREDENTIALS]@git.example.com/repo.git',
    );
  });

  it('DATE_OF_BIRTH only next to birth words', async () => {
    expect(await tag('She was born on 2/8/1935. The shop opened on 3/4/1990.', fast())).toBe(
      'She was born on [DATE_OF_BIRTH]. The shop opened on 3/4/1990.',
    );
    expect(await tag('DOB: March 3, 1971', fast())).toBe('DOB: [DATE_OF_BIRTH]');
  });

  it('redacts only the entities asked for', async () => {
    expect(await tag('ann@example.org, +44 20 7946 0958', fast(['PHONE']))).toBe('ann@example.org, [PHONE]');
  });
});

describe('redactPII: names, places, addresses (accurate mode)', () => {
  it('PERSON from name lists, initials, titles and introductions', async () => {
    expect(await tag('My name is Rubija')).toBe('My name is [PERSON]');
    // A surname that is also a dictionary word, after a known first name, stays part of the name.
    expect(await tag('Contact Jane Doe at the office.')).toBe('Contact [PERSON] at the office.');
    expect(await tag('Faina D. Yefremova wrote the verses.')).toBe('[PERSON] wrote the verses.');
    expect(await tag('Hello, this is Dr. Szabina Gelencsér. Who are you?')).toBe(
      'Hello, this is Dr. [PERSON]. Who are you?',
    );
    expect(await tag("We met Mary and John at Anna's house.")).toBe(
      "We met [PERSON] and [PERSON] at [PERSON]'s house.",
    );
  });

  it('a name seen once is redacted everywhere in the text', async () => {
    expect(await tag('Sung by Bonifacy Kaczmarek in 1977; Kaczmarek later left.')).toBe(
      'Sung by [PERSON] in 1977; [PERSON] later left.',
    );
  });

  it('LOCATION from gazetteers and place prepositions', async () => {
    expect(await tag('I will be travelling to Estonia next week, then back to Amsterdam.')).toBe(
      'I will be travelling to [LOCATION] next week, then back to [LOCATION].',
    );
  });

  it('ADDRESS: street lines, units and the lines below them', async () => {
    expect(await tag('Meet me at 14 Crown Street, Suite 321 after lunch.')).toBe('Meet me at [ADDRESS] after lunch.');
    const block = 'William Hughes\n\n20789 Allika 46\n Suite 501\n Riisa\n\n Estonia 62488';
    expect(await tag(block)).toBe('[PERSON]\n\n[ADDRESS]\n [ADDRESS]\n [ADDRESS]\n\n [ADDRESS]');
    expect(await tag('Please return to PSC 0413, Box 8144\nAPO AA 42323 in case of an issue.')).toBe(
      'Please return to [ADDRESS]\n[ADDRESS] in case of an issue.',
    );
    expect(await tag('ZIP: 3520')).toBe('ZIP: [ADDRESS]');
    expect(await tag('Shipping address: Solbakken 86B\nCity: Køge')).toBe(
      'Shipping address: [ADDRESS]\nCity: [LOCATION]',
    );
    expect(await tag('Szücs Lora lives at Jónás határút 494 with two cats.')).toBe(
      '[PERSON] lives at [ADDRESS] with two cats.',
    );
  });

  it('ORGANIZATION only when asked for', async () => {
    const text = 'I work for Shepherd Ltd. in Oslo.';
    expect(await tag(text)).toBe('I work for Shepherd Ltd. in [LOCATION].');
    expect(await tag(text, { entities: ['ORGANIZATION', 'LOCATION'] })).toBe(
      'I work for [ORGANIZATION] in [LOCATION].',
    );
    const firms =
      'The Exversion Orchestra hired Davis, Reynolds and Williamson; Weeks-Rivas is the brainchild of two friends.';
    expect(await tag(firms, { entities: ['ORGANIZATION'] })).toBe(
      'The [ORGANIZATION] Orchestra hired [ORGANIZATION]; [ORGANIZATION] is the brainchild of two friends.',
    );
  });

  it('does not take model numbers, list items or dimensions for addresses', async () => {
    const text = 'Compare the Samsung Bespoke WH46DBH500EVA3 with 2D and 3D Animation.\n\n14. Bird’s Eye View';
    expect(await tag(text)).toBe(text);
  });

  it('leaves ordinary capitalised prose alone', async () => {
    const prose =
      '# Getting Started\n\nThe Quick Start Guide explains how React components render. Capitalized words like ' +
      'Wisdom and Discipline are often mistaken with names. On Monday the European team shipped Version 2.';
    expect(await tag(prose)).toBe(prose);
  });
});

describe('redactPII: replacement styles', () => {
  const text = 'Mail ann@example.org now';
  it('tag', async () => expect(await tag(text, { mode: 'fast', replaceStyle: 'tag' })).toBe('Mail [EMAIL] now'));
  it('mask keeps the length', async () => {
    const out = await tag(text, { mode: 'fast', replaceStyle: 'mask' });
    expect(out).toBe(`Mail ${'█'.repeat('ann@example.org'.length)} now`);
    expect(out.length).toBe(text.length);
  });
  it('remove', async () => expect(await tag(text, { mode: 'fast', replaceStyle: 'remove' })).toBe('Mail  now'));
  it('entities carry type and input offsets; counts per type', async () => {
    const r = await redactPII('a@example.org b@example.org +44 20 7946 0958', { mode: 'fast' });
    expect(r.entities).toEqual([
      { type: 'EMAIL', start: 0, end: 13 },
      { type: 'EMAIL', start: 14, end: 27 },
      { type: 'PHONE', start: 28, end: 44 },
    ]);
    expect(r.counts).toEqual({ EMAIL: 2, PHONE: 1 });
  });
});

describe('redactPII: markdown structure survives', () => {
  it('links keep working: the text is redacted, a plain URL is kept, a URL with PII is redacted', async () => {
    expect(await tag('See [John Smith](https://example.com/team/john-smith) now.')).toBe(
      'See [[PERSON]](https://example.com/team/john-smith) now.',
    );
    expect(await tag('[Write to us](mailto:ann.lee@example.org)')).toBe('[Write to us](mailto:[EMAIL])');
    expect(await tag('![photo](https://cdn.example.com/a.png?token=abcdef123456)')).toBe(
      '![photo](https://cdn.example.com/a.png?token=[SECRET])',
    );
  });

  it('tables keep their columns in every style', async () => {
    const table =
      '| Name | Email | Phone |\n|---|---|---|\n| Mary Jones | mary@example.org | +1-903-140-4508 |\n| Bob | - | - |';
    for (const replaceStyle of ['tag', 'mask', 'remove'] as const) {
      const out = await tag(table, { replaceStyle });
      const pipes = (s: string) => s.split('\n').map((line) => (line.match(/\|/g) ?? []).length);
      expect(pipes(out)).toEqual(pipes(table));
      expect(out).not.toContain('mary@example.org');
      expect(out).not.toContain('Mary Jones');
    }
  });

  it('code blocks are scanned too', async () => {
    const md =
      '```bash\ncurl -H "Authorization: Bearer abcdef1234567890" https://api.example.com\nexport ' +
      'EMAIL=ann@example.org\n```';
    const out = await tag(md);
    expect(out).toBe(
      '```bash\ncurl -H "Authorization: Bearer [SECRET]" https://api.example.com\nexport EMAIL=[EMAIL]\n```',
    );
  });

  it('a multi-line address keeps its line breaks', async () => {
    const out = await tag('Address:\n5586 Þórunnarstræti 31\nArnsdorf\nGermany', { replaceStyle: 'mask' });
    expect(out.split('\n').length).toBe(4);
    expect(out).toMatch(/^Address:\n[█ ]+\n█+\n█+$/);
  });
});

describe('redactPII: failing closed', () => {
  it('bad options and bad input are typed errors, never a partial result', async () => {
    await expect(redactPII('ann@example.org', { mode: 'fastest' as never })).rejects.toBeInstanceOf(CoreError);
    await expect(redactPII(42 as never)).rejects.toMatchObject({ kind: 'invalid_input' });
  });

  it('empty input is fine', async () => {
    expect(await redactPII('')).toEqual({ text: '', entities: [], counts: {} });
  });
});

describe('redactPII: person names by general rules', () => {
  it('a name after a kinship noun, even one in no name list', async () => {
    expect(await tag('We stayed with my son Tobiah over the holidays.')).toBe(
      'We stayed with my son [PERSON] over the holidays.',
    );
    expect(await tag('Her late grandmother Ebbadine kept bees.')).toBe('Her late grandmother [PERSON] kept bees.');
  });

  it('speaker labels with no space after the colon; role labels stay', async () => {
    const out = await tag('INTERVIEWER:Where did you grow up?\nBRANKO:Near the river.');
    expect(out).toBe('INTERVIEWER:Where did you grow up?\n[PERSON]:Near the river.');
  });

  it('"says X" and a surname modifying a work', async () => {
    expect(await tag('"It was late," says Thandeka, who runs the farm.')).toContain('says [PERSON],');
    expect(await tag('The new Okonkwo novel sold out.')).toBe('The new [PERSON] novel sold out.');
  });

  it('lowercase names after a title or a name label', async () => {
    expect(await tag('please forward this to mr. hargreaves before friday.')).toBe(
      'please forward this to mr. [PERSON] before friday.',
    );
    expect(await tag('name: dagny lindqvist\nrole: volunteer')).toBe('name: [PERSON]\nrole: volunteer');
  });

  it('all-lowercase and ALL-CAPS text: names found, capitalised everyday words kept', async () => {
    expect(await tag('i told marisol that the keys were under the mat.')).toBe(
      'i told [PERSON] that the keys were under the mat.',
    );
    expect(await tag('PLEASE CONTACT FERDINAND OKAFOR ABOUT THE INVOICE.')).toBe(
      'PLEASE CONTACT [PERSON] ABOUT THE INVOICE.',
    );
    expect(await tag('THIS IS A WARNING TO ALL STAFF ABOUT THE FIRE DOOR.')).toBe(
      'THIS IS A WARNING TO ALL STAFF ABOUT THE FIRE DOOR.',
    );
  });
});

describe('redactPII: postcodes outside address blocks, and venues that are no places', () => {
  it('a postcode after a label, in a shape of its own, or next to a city', async () => {
    expect(await tag('My zip code is 94107 and I moved last spring.')).toBe(
      'My zip code is [ADDRESS] and I moved last spring.',
    );
    expect(await tag('The parcel went to Leeds LS6 2QT on Monday.')).toContain('[ADDRESS] on Monday');
    expect(await tag('Send it to Lyon 69003 today.')).not.toContain('69003');
    expect(await tag('The Paris 2024 games were fun.')).toContain('2024 games');
  });

  it('a venue named after a place or person, and a year after a preposition, are kept', async () => {
    expect(await tag('They married at the Riverside Country Club in June.')).toBe(
      'They married at the Riverside Country Club in June.',
    );
    expect(await tag('Dinner at the Ritz Hotel was late.')).toBe('Dinner at the Ritz Hotel was late.');
    expect(await tag('In 2019 Berlin hosted 4000 guests.')).toContain('2019');
    expect(await tag('In 2019 Berlin hosted 4000 guests.')).toContain('hosted 4000 guests');
  });
});
