import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { buildDocument } from '../html/buildDocument.js';
import { Conversion } from './conversion.js';
import { walkTree } from './walkTree.js';

function convert(root: Node): string {
  const c = new Conversion({ keepEmptyLinks: true });
  walkTree(c, root);
  c.flush();
  return c.blocks.toString();
}

/**
 * The link walk (element and fragment roots) against the getter walk (document roots): a document without a doctype
 * holds only <html>, so both see the same nodes.
 */
function bothWalks(html: string, build = false): [links: string, getters: string] {
  const document = build ? (buildDocument(html) as unknown as Document) : parseHTML(html).document;
  return [convert(document.documentElement), convert(document)];
}

const PIECES = [
  '<p>text &amp; more</p>',
  'a &ouml; b',
  '<ul><li>one</li> <li>two <ul><li>x</li></ul></li></ul>',
  '<table><tr><td>a</td> <td>b</td></tr></table>',
  '<div class="c" id="i" data-x="1">',
  '</div>',
  '<!-- note -->',
  '<script>skip()</script>',
  '<style>p{}</style>',
  '<pre><code>x  y</code></pre>',
  '<a href="/u">link</a>',
  '<img src="i.png" alt="pic">',
  '<br>',
  '<span></span>',
  '<em>e</em><strong>s</strong>',
  '<h2>title</h2>',
  '<blockquote><p>q</p></blockquote>',
  '<ol start="3"><li>n</li></ol>',
];

describe('walkTree over linkedom links', () => {
  it('converts like the getter walk on seeded random mixes, from linkedom and from the builder', () => {
    let seed = 7;
    const random = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    for (let i = 0; i < 200; i++) {
      let body = '';
      for (let k = random(30); k >= 0; k--) body += PIECES[random(PIECES.length)];
      const html = `<html><head><title>t</title></head><body>${body}</body></html>`;
      const [links, getters] = bothWalks(html);
      expect(links).toBe(getters);
      expect(bothWalks(html, true)[0]).toBe(getters);
    }
  });

  it('stops at the end of a subtree root and skips its attributes', () => {
    const { document } = parseHTML('<html><body><div id="a" class="b"><p>in</p></div><p>after</p></body></html>');
    expect(convert(document.getElementById('a') as Element)).toBe('in');
  });

  it('walks a fragment root', () => {
    const { document } = parseHTML('<html><body></body></html>');
    const fragment = document.createDocumentFragment();
    const item = document.createElement('p');
    item.textContent = 'one';
    fragment.append(item, document.createTextNode('two'));
    expect(convert(fragment)).toBe('one\n\ntwo');
  });

  it('walks 100,000 nested elements without recursion', () => {
    const html = `<html><body>${'<div>'.repeat(100_000)}deep${'</div>'.repeat(100_000)}</body></html>`;
    const [links, getters] = bothWalks(html, true);
    expect(links).toBe('deep');
    expect(links).toBe(getters);
  });
});
