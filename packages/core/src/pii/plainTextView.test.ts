import { beforeAll, describe, expect, it } from 'vitest';
import { loadGazetteers } from './loadGazetteers.js';
import { mapToSource, plainTextView } from './plainTextView.js';
import { redactPII } from './redactPII.js';

describe('plainTextView', () => {
  it('restores hard breaks, drops escapes, <br> and blockquote markers, and maps offsets back', () => {
    const md = '> 12 Elm Row\\\n> Hove\\\n\\> 150\\. sold<br/>Next';
    const view = plainTextView(md);
    expect(view.text).toBe('12 Elm Row\nHove\n> 150. sold\nNext');
    const at = view.text.indexOf('Hove');
    expect(md.slice(...mapToSource(view, at, at + 4))).toBe('Hove');
    const esc = view.text.indexOf('150.');
    // An escaped character maps back with its backslash.
    expect(md.slice(...mapToSource(view, esc, esc + 4))).toBe('150\\.');
    for (const k of view.syntaxOffsets) expect(['>', ' ', '\\', '<', 'b', 'r', '/']).toContain(md[k]);
  });

  it('a markdown without such syntax is its own view', () => {
    const view = plainTextView('Plain text, a > b, and 3 < 4.');
    expect(view.changed).toBe(false);
    expect(view.text).toBe('Plain text, a > b, and 3 < 4.');
  });
});

describe('redactPII on the plain-text view', () => {
  // The name and place lists load once per process; slow on a busy box.
  beforeAll(() => loadGazetteers(), 120_000);

  it('an address block written with hard breaks is redacted to its last line; the breaks survive', async () => {
    const md =
      'Ship the parcel to:\\\nOtto Brandvold\\\n7 Ferry Wharf Road\\\nApt 12\\\nDunmore, Ohio 43215\\\nUnited ' +
      'States\n\nThanks.';
    const { text } = await redactPII(md, true);
    for (const v of ['Otto', 'Brandvold', 'Ferry Wharf', 'Dunmore', 'Ohio', '43215', 'United States'])
      expect(text).not.toContain(v);
    expect(text.match(/\\\n/g)).toHaveLength(5);
    expect(text).toContain('Ship the parcel to:');
    expect(text).toContain('Thanks.');
  });

  it('an escaped marker inside a quoted address does not cut it; markers stay', async () => {
    const md = '> our depot is at 9 Quarry Lane\\\n> Kettering NN16 8BX\n\nbye';
    const { text } = await redactPII(md, true);
    expect(text).not.toMatch(/Kettering|NN16|8BX|Quarry/);
    expect(text.startsWith('> our depot is at ')).toBe(true);
    expect(text).toContain('\\\n> ');
  });
});
