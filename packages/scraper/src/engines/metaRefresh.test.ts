import { describe, expect, it } from 'vitest';
import { hasMetaRefresh } from './metaRefresh.js';

/** The regex hasMetaRefresh reads as (its reference): bounded, but 400 steps per opening on hostile pages. */
const META_REFRESH = /<meta\b[^>]{0,400}http-equiv\s{0,8}=\s{0,8}["']?refresh/i;

describe('hasMetaRefresh', () => {
  it('finds a refresh in the meta tag, not elsewhere', () => {
    expect(hasMetaRefresh('<meta http-equiv="refresh" content="0;url=/a">')).toBe(true);
    expect(hasMetaRefresh('<META content=0 HTTP-EQUIV = Refresh>')).toBe(true);
    expect(hasMetaRefresh('<meta charset=utf-8><p>http-equiv="refresh"</p>')).toBe(false);
    expect(hasMetaRefresh('<metadata http-equiv="refresh">')).toBe(false);
    expect(hasMetaRefresh(`<meta ${'a'.repeat(401)}http-equiv=refresh>`)).toBe(false);
    expect(hasMetaRefresh(`<meta ${'a'.repeat(399)}http-equiv=refresh>`)).toBe(true);
  });

  it('agrees with the regex on generated pages', () => {
    const pieces = [
      '<meta',
      '<META ',
      '<metas',
      '<meta ',
      '>',
      ' ',
      '\n',
      'http-equiv',
      'HTTP-EQUIV',
      '=',
      ' = ',
      '"',
      "'",
      'refresh',
      'Refresh',
      'http-equiv="refresh"',
      'x',
      'word '.repeat(30),
      'y'.repeat(390),
      '<p>',
      '<',
    ];
    let seed = 11;
    const next = () => (seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 1);
    for (let page = 0; page < 20_000; page++) {
      const html = Array.from({ length: 1 + (next() % 16) }, () => pieces[next() % pieces.length]).join('');
      expect(hasMetaRefresh(html), JSON.stringify(html)).toBe(META_REFRESH.test(html));
    }
  });

  it('reads many openings and attributes in linear time', () => {
    expect(hasMetaRefresh('<meta '.repeat(400_000))).toBe(false);
    expect(hasMetaRefresh(`<meta ${'http-equiv=x '.repeat(200_000)}`)).toBe(false);
    expect(hasMetaRefresh(`${'<meta >http-equiv=refresh '.repeat(100_000)}`)).toBe(false);
  });
});
