import { describe, expect, it } from 'vitest';
import { hasEmptyMountPoint } from './emptyMountPoint.js';

/** The regexes hasEmptyMountPoint reads as (its reference): quadratic on hostile pages, so small inputs only. */
const SPA_ROOT = new RegExp(
  String.raw`<(div|main|section|app-root)\b[^>]*\bid\s*=\s*["']?` +
    String.raw`(root|app|__next|__nuxt|__gatsby|svelte|ember-app|main-app)["']?[^>]*>\s*<\/\1>`,
  'i',
);
const ANGULAR_ROOT = /<app-root\b[^>]*>\s*<\/app-root>/i;
const reference = (body: string) => SPA_ROOT.test(body) || ANGULAR_ROOT.test(body);

describe('hasEmptyMountPoint', () => {
  it.each([
    ['<div id="root"></div>', true],
    ['<MAIN ID=app class="x">\n</main>', true],
    ["<section data-x id='__next' >  </SECTION>", true],
    ['<app-root></app-root>', true],
    ['<div id="root"><p>text</p></div>', false],
    ['<div id="header"></div>', false],
    ['<div class="x"></div>', false],
    ['<x <div id="root"></div>', true],
    ['<div id="root"></main>', false],
    ['<divx id="root"></divx>', false],
  ])('%s → %s', (body, expected) => {
    expect(hasEmptyMountPoint(body)).toBe(expected);
    expect(reference(body)).toBe(expected);
  });

  it('agrees with the regexes on generated bodies', () => {
    // Openings, ids, closings and the characters between them, in a fixed pseudo-random mix.
    const pieces = [
      '<div',
      '<DIV',
      '<main',
      '<section',
      '<app-root',
      '<divx',
      '<x',
      ' ',
      '\n',
      'id=',
      ' id="',
      'ID=',
      'xid=',
      '"',
      "'",
      'root',
      'app',
      '__next',
      'ember-app',
      'header',
      '>',
      '</div>',
      '</main>',
      '</section>',
      '</app-root>',
      '</DIV >',
      'text',
      '<',
      '/',
      '=',
    ];
    let seed = 3;
    const next = () => (seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 1);
    for (let page = 0; page < 5_000; page++) {
      const body = Array.from({ length: 1 + (next() % 20) }, () => pieces[next() % pieces.length]).join('');
      expect(hasEmptyMountPoint(body), JSON.stringify(body)).toBe(reference(body));
    }
  });

  it('reads openings inside one long tag in linear time (the regexes read on to the tag end from each)', () => {
    for (const opening of ['<div', '<app-root', '<main id=x ']) {
      const body = `<body><x ${opening.repeat(Math.floor(2_000_000 / opening.length))}>`;
      expect(hasEmptyMountPoint(body)).toBe(false);
    }
  });
});
