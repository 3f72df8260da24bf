import { describe, expect, it } from 'vitest';
import { parseHTML } from 'linkedom';
import { treeRows as rows } from '@scrape/test-support/treeRows';
import { buildDocument } from './buildDocument.js';

function expectSameTree(html: string): void {
  const theirs = (parseHTML(html) as unknown as { document: Document }).document;
  const ours = buildDocument(html);
  expect(rows(ours), html).toEqual(rows(theirs));
  expect(ours.toString(), html).toBe(theirs.toString());
}

/** The depth of the deepest element (a child of the document is 1), by the public getters. */
function deepestElement(document: Document): number {
  let deepest = 0;
  const visit = (node: ParentNode, depth: number): void => {
    for (let child = node.firstElementChild; child; child = child.nextElementSibling) {
      deepest = Math.max(deepest, depth);
      visit(child, depth + 1);
    }
  };
  visit(document, 1);
  return deepest;
}

/** `count` attributes named prefix0, prefix1, … */
const names = (prefix: string, count: number): string =>
  Array.from({ length: count }, (_, i) => `${prefix}${i}`).join(' ');

/** Markup where htmlparser2's and linkedom's rules decide the shape of the tree. */
const CASES = [
  '',
  'plain text',
  '<!DOCTYPE html><html><head><title>A &amp; B</title></head><body><p>x</p></body></html>',
  '<!-- first --><!doctype html><p>doctype after a comment',
  '<!doctype html><!doctype html><p>two doctypes',
  '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd">',
  '<!doctype><p>bad doctype</p>',
  '<?xml version="1.0"?><p>instruction</p>',
  '<p>one<p>two<div>three</div><li>a<li>b</li>',
  '<table><tr><td>1<td>2<tr><th>3</table><tbody><tfoot>',
  '<dl><dt>a<dd>b<dt>c</dl><ruby>x<rt>y<rp>z</ruby>',
  '<select><option>a<option>b<optgroup><option>c</select><input><button>x<textarea>y</textarea>',
  '</p><p>stray end p</p></br><br/></img></div>',
  '<div><span><b>unclosed</div>after',
  '<h1>a<h2>b<p>c<h3>d',
  '<img src=x alt="a &amp; b" data-x=\'q\' hidden><input value=a&lt;b>',
  '<a href="?a=1&b=2&amp;c=3" class="x y" class="dup" id=i ID=j>link</a>',
  '<div 1="one" 0="zero" a="a" 10="ten" __proto__="p" constructor="c">order</div>',
  `<div ${Array.from({ length: 40 }, (_, i) => `a${i % 30}="${i}"`).join(' ')}>many attributes</div>`,
  // the next tags reuse names of the one before (past the scan limit) and have fewer: nothing carries over
  `<div ${names('a', 20)}><p ${names('b', 17)} a3=3 a19=y>x</p><i 2=two b>i</i></div>`,
  '<svg viewBox="0 0 1 1"><path d="M0"/><g><circle r="1"/></g><foreignObject><div>x</div></foreignObject></svg><p/>',
  '<svg><svg><rect/></svg><title>t</title></svg><math><mi/><mo>+</mo></math>',
  '<SVG><Rect/></SVG><DIV CLASS="Up">caps</DIV>',
  '<script>if (a < b && c > d) document.write("</div>")</script><style>p>a{}</style>',
  '<script><!-- </script> --></script><title>t &lt; u</title><textarea><b>raw</b></textarea><xmp><i></xmp>',
  '<p>&nbsp;&copy &#169; &#xA9; &notit; &amp &unknown; &#0; &#x110000;</p>',
  '<a title="&quot;q&quot; &amp &notin; &lt">entities in values</a>',
  '<![CDATA[ data ]]><p><!---->empty<!--->short<!-- a -- b --></p><!x>',
  '<div><p>unterminated',
  '<div class="a',
  '<p>text</p ><p>x</p\n>< p>not a tag</p>a<b',
  '<head><link rel=x><script>1</script></head><body a=1><body b=2>twice</body>',
  '<template><p>in template</p></template><noscript><img src=n></noscript>',
  '<custom-element is="x-y"><x-y>custom</x-y></custom-element>',
  '<p>&#128512; emoji &#xD83D; half</p><span title="&#128512;">e</span>',
];

describe('buildDocument', () => {
  it("gives linkedom's tree, node for node, on markup that exercises the parser's rules", () => {
    for (const html of CASES) expectSameTree(html);
  });

  it('gives the same tree on pseudo-random mixes of those pieces (seeded)', () => {
    const pieces = CASES.flatMap((html) => html.split(/(?=<)/)).filter(Boolean);
    let seed = 42;
    const random = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    for (let round = 0; round < 300; round++) {
      const length = 1 + random(12);
      expectSameTree(Array.from({ length }, () => pieces[random(pieces.length)]).join(''));
    }
  });

  // parseHtml skips the depth-capping walk when this depth is far below the cap: it must be the tree's own depth.
  it('reports the depth of the deepest element it built, on every case and on random mixes', () => {
    const pieces = CASES.flatMap((html) => html.split(/(?=<)/)).filter(Boolean);
    let seed = 7;
    const random = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const mixes = Array.from({ length: 200 }, () =>
      Array.from({ length: 1 + random(12) }, () => pieces[random(pieces.length)]).join(''),
    );
    const nested = '<div><p>a<span><b>' + '<i>'.repeat(30) + 'x</div><ul><li><ol><li><em>y';
    for (const html of [...CASES, ...mixes, nested]) {
      const facts = { depth: -1 };
      const document = buildDocument(html, facts);
      expect(facts.depth, html).toBe(deepestElement(document));
    }
    expect(deepestElement(buildDocument(nested))).toBe(34);
  });

  it('keeps the first of repeated attributes and the key order on a tag with 50,000 of them', () => {
    const numbered = Array.from({ length: 25_000 }, (_, i) => `${24_999 - i}="n"`).join(' ');
    const repeated = Array.from({ length: 25_000 }, (_, i) => `a${i % 100}="${i}"`).join(' ');
    const element = buildDocument(`<div ${repeated} ${numbered}>x</div>`).querySelector('div') as Element;
    expect(element.attributes.length).toBe(25_100);
    expect(element.attributes[0]?.name).toBe('0');
    expect(element.getAttribute('a99')).toBe('99');
  });
});
