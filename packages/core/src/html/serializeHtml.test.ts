import { DOMParser } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { parseHtml } from './parseHtml.js';
import { innerHtml, outerHtml } from './serializeHtml.js';

/** Every root of a parsed page must serialise as linkedom's own getters do. */
function expectLinkedomsBytes(root: Element): void {
  expect(outerHtml(root)).toBe(root.outerHTML);
  expect(innerHtml(root)).toBe(root.innerHTML);
}

/** The markup each of linkedom's serialisation rules turns on. */
const PIECES = [
  '<p class="a" id="b">text</p>',
  '<div id="" class="" style="">empty id, class and style are left out</div>',
  '<input disabled="" hidden value="">',
  '<img src="x.png" alt=\'say "hi"\'><br><hr/>',
  '<a href="/q?a=1&amp;b=<2>">a &amp; b &lt; c &gt; d\u00a0e</a>',
  '<svg viewBox="0 0 1 1"><linearGradient id="g"/><path d="M0"/><title>t</title></svg>',
  '<math><mi>x</mi></math>',
  '<!-- a comment --><span>x</span>',
  '<script>if (a < b && c) {}</script><style>p > a { color: red }</style>',
  '<textarea>a < b</textarea><title>in body</title>',
  '<table><tr><td>1</td></tr></table>',
  '<ul><li>one<li>two</ul>',
  'plain & text',
  '<embed src="x"><wbr><source src="y"><track src="z">',
  '<details open><summary>s</summary>x</details>',
];

/** A seeded mix of pieces, nested in one another (the same pages every run). */
function randomMarkup(seed: number): string {
  let state = seed;
  const next = (n: number) => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state % n;
  };
  let html = '';
  for (let i = 0, count = 1 + next(8); i < count; i++) {
    const piece = PIECES[next(PIECES.length)] as string;
    html +=
      next(3) === 0 ? `<div data-i="${i}">${piece}<section>${PIECES[next(PIECES.length)]}</section></div>` : piece;
  }
  return html;
}

describe('outerHtml / innerHtml', () => {
  it('write each of linkedom serialisation rules byte for byte', () => {
    for (const piece of PIECES) {
      const body = parseHtml(`<body><main>${piece}</main></body>`).body;
      expectLinkedomsBytes(body);
      expectLinkedomsBytes(body.firstElementChild as Element);
    }
  });

  it('equal linkedom on 300 seeded random mixes, for every element of each', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const document = parseHtml(randomMarkup(seed));
      expectLinkedomsBytes(document.documentElement);
      for (const element of Array.from(document.body.querySelectorAll('*'))) expectLinkedomsBytes(element);
    }
  });

  it('equal linkedom after the tree was changed (attributes set, nodes moved and removed)', () => {
    const document = parseHtml('<div id="a"><p>one</p><p>two &amp; three</p><img src="x"></div>');
    const div = document.querySelector('div') as Element;
    div.setAttribute('class', 'k');
    div.setAttribute('title', 'a "quoted" <value>');
    div.appendChild(document.createTextNode('<added> & \u00a0'));
    (div.querySelector('p') as Element).remove();
    div.insertBefore(document.createComment('c'), div.firstChild);
    expectLinkedomsBytes(div);
    expectLinkedomsBytes(document.body);
  });

  it('leave an element of another kind of document to linkedom, which writes it otherwise', () => {
    const xml = new DOMParser().parseFromString('<r><a x="&lt;">b &amp; c</a><e/></r>', 'text/xml');
    const root = xml.documentElement as unknown as Element;
    expect(outerHtml(root)).toBe(root.outerHTML);
    expect(innerHtml(root)).toBe(root.innerHTML);
  });

  it('write an empty element and a lone void element', () => {
    const body = parseHtml('<div></div><br>').body;
    expect(outerHtml(body.firstElementChild as Element)).toBe('<div></div>');
    expect(innerHtml(body.firstElementChild as Element)).toBe('');
    expect(outerHtml(body.lastElementChild as Element)).toBe('<br>');
  });
});
