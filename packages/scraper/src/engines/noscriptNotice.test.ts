import { describe, expect, it } from 'vitest';
import { hasNoscriptNotice } from './noscriptNotice.js';

/** The regex hasNoscriptNotice reads as (its reference): quadratic on hostile pages, so small inputs only. */
const NOSCRIPT_ENABLE_JS = new RegExp(
  String.raw`<noscript\b[^>]*>[\s\S]{0,600}?(enable|turn on|activate|requires?` +
    String.raw`|need)[\s\S]{0,80}?javascript[\s\S]{0,600}?<\/noscript>`,
  'i',
);

describe('hasNoscriptNotice', () => {
  it('finds a notice asking for JavaScript, not a tracking pixel', () => {
    expect(hasNoscriptNotice('<noscript class=a>You need to enable JavaScript.</noscript>')).toBe(true);
    expect(hasNoscriptNotice('<NOSCRIPT>Please turn on JAVASCRIPT</NoScript>')).toBe(true);
    expect(hasNoscriptNotice('<noscript><img src="/pixel.gif"></noscript>')).toBe(false);
    expect(hasNoscriptNotice('<noscripts>enable javascript</noscript>')).toBe(false);
  });

  it('agrees with the regex on generated bodies', () => {
    const pieces = [
      '<noscript',
      '<NOSCRIPT',
      '<noscripts',
      '>',
      ' ',
      'enable',
      'need',
      'requires',
      'javascript',
      'JavaScript',
      '</noscript>',
      '</NOSCRIPT>',
      'x',
      'word '.repeat(40),
      '<p>',
      '<',
    ];
    let seed = 9;
    const next = () => (seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 1);
    for (let page = 0; page < 5_000; page++) {
      const body = Array.from({ length: 1 + (next() % 16) }, () => pieces[next() % pieces.length]).join('');
      expect(hasNoscriptNotice(body), JSON.stringify(body)).toBe(NOSCRIPT_ENABLE_JS.test(body));
    }
  });

  it('reads openings inside one long tag in linear time', () => {
    expect(hasNoscriptNotice(`<body><x ${'<noscript'.repeat(200_000)}>`)).toBe(false);
  });
});
