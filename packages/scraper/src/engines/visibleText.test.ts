import { describe, expect, it } from 'vitest';
import { judgeClientRendered } from './looksClientRendered.js';
import { visibleText } from './visibleText.js';

/** The regex chain visibleText reads as (its reference): quadratic on hostile pages, so small inputs only. */
const chain = (body: string) =>
  body
    .replace(/<(script|style|noscript|template|svg)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;|&#160;/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim();

describe('visibleText', () => {
  it('drops hidden elements, comments and tags, and collapses spaces', () => {
    const body =
      '<body> <h1>Tide  report</h1><script>var a = "<p>no</p>";</script ><STYLE>p{}</style>' +
      '<!-- gone --><p>High&nbsp;water&#160;at\n noon &amp; later</p><svg><text>x</text></svg></body>';
    expect(visibleText(body)).toBe('Tide report High water at noon &amp; later');
    expect(visibleText(body)).toBe(chain(body));
  });

  it('keeps what the chain keeps: an opening without a closing, a bare < or &, a cut tag', () => {
    for (const body of ['a <script> b', 'a < b > c', 'a <> b', 'x &nbsp y &NBSP; z', '<!-- a', 'a <div title="b']) {
      expect(visibleText(body), body).toBe(chain(body));
    }
  });

  it('reads comments, tags and entities that run over a dropped hidden element as the chain does', () => {
    // The steps pass on the stretches they keep; what the chain's later regexes match across a dropped element
    // (the space left in its place included) must match across two stretches.
    for (const body of [
      'a <!-- x <script>y</script> z --> b',
      'a <!-- <style>--></style> --> b',
      'a <div <script>x</script> title="t"> b',
      'a <<script>x</script>> b',
      'a <script>x</script>> b',
      'a &nb<script>x</script>sp; b',
      'a <!--<svg>x</svg>--><!-- c --> d',
      '<script>a</script><script>b</script>c<!--',
      'x <<!-- c -->p> y',
    ]) {
      expect(visibleText(body), body).toBe(chain(body));
      expect(visibleText(body, 3), body).toBe(chain(body).slice(0, 3));
    }
  });

  it('agrees with the regex chain on generated pages, and its cut text is a prefix of the whole', () => {
    // Pieces around every rule: openings and closings of each kind in any case, entities, spaces of every kind.
    const pieces = [
      '<script>',
      '</script>',
      '</SCRIPT >',
      '<script',
      '<scripts>',
      '<style a="1">',
      '</style>',
      '<noscript>',
      '</noscript>',
      '<template>',
      '</template>',
      '<svg>',
      '</svg>',
      '<Svg:x>',
      '<!--',
      '-->',
      '<!-->',
      '<p>',
      '</p>',
      '<',
      '>',
      '<>',
      '&nbsp;',
      '&NbSp;',
      '&#160;',
      '&nbsp',
      '&',
      ' ',
      '\n',
      '\t',
      '\u00a0',
      '\u2003',
      '\ufeff',
      'word',
      'é',
      'İ',
      'x',
      '_',
      '</',
      '<div id="a">',
    ];
    let seed = 11;
    const next = () => (seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 1);
    for (let page = 0; page < 2_000; page++) {
      const body = Array.from({ length: 1 + (next() % 24) }, () => pieces[next() % pieces.length]).join('');
      const whole = chain(body);
      expect(visibleText(body), JSON.stringify(body)).toBe(whole);
      const max = next() % 12;
      expect(visibleText(body, max), JSON.stringify(body)).toBe(whole.slice(0, max));
    }
  });

  it('reads hostile pages in linear time (the chain rescanned the rest of the page from each opening)', () => {
    // Each of these held the event loop for hours at 2 MB through the regex chain; here they take milliseconds.
    for (const opening of ['<a', '<script', '<!--', '<style>', '<svg ']) {
      const body = `<body>${opening.repeat(Math.floor(2_000_000 / opening.length))}`;
      expect(visibleText(body, 1_000).length).toBeLessThanOrEqual(1_000);
    }
  });

  it('the client-rendered judge stays linear on bare script openings', () => {
    const body = `<body><x ${'<script>'.repeat(250_000)}>`;
    expect(judgeClientRendered(body).clientRendered).toBe(false);
    expect(judgeClientRendered(`<body>${'<script src=a>'.repeat(140_000)}</script>`).reason).toBe('script-heavy-empty');
  });
});
