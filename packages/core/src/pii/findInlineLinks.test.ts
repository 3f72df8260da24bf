import { describe, expect, it } from 'vitest';
import { findInlineLinks } from './findInlineLinks.js';

/** The parts of each link as text: [link, text, url]. */
const parts = (text: string) =>
  findInlineLinks(text).map((l) => [
    text.slice(l.start, l.end),
    text.slice(l.textStart, l.mid),
    text.slice(l.mid + 2, l.urlEnd),
  ]);

describe('findInlineLinks', () => {
  it('finds links and images with their text and address', () => {
    expect(parts('See [the docs](https://e.x/a) and ![a [b] c](<https://e.x/b c.png> "T").')).toEqual([
      ['[the docs](https://e.x/a)', 'the docs', 'https://e.x/a'],
      ['![a [b] c](<https://e.x/b c.png> "T")', 'a [b] c', '<https://e.x/b c.png>'],
    ]);
    expect(parts("[w](https://e.x/Foo_(bar) 'x' )")).toEqual([
      ["[w](https://e.x/Foo_(bar) 'x' )", 'w', 'https://e.x/Foo_(bar)'],
    ]);
    expect(parts('[a](<b\n>)')).toEqual([]);
    expect(parts('[a\nb](c)')).toEqual([]);
    expect(parts('[a](b\n"t"\n)')).toEqual([['[a](b\n"t"\n)', 'a', 'b']]);
    expect(parts('[[a](b)')).toEqual([['[a](b)', 'a', 'b']]);
  });

  it('reads 20,000 "![](<]" in one pass (quadratic as a regex: every attempt scanned to the end for ">")', () => {
    expect(findInlineLinks('![](<]'.repeat(20_000))).toEqual([]);
    // closed at the very end, the first one is a link whose address holds all the rest
    expect(findInlineLinks(`${'![](<]'.repeat(20_000)}>)`).map((l) => [l.start, l.end])).toEqual([[0, 120_002]]);
  });
});
