import { describe, expect, it } from 'vitest';
import { buildDocument } from './buildDocument.js';
import { parseHtml } from './parseHtml.js';
import { WALK_CONTINUE, WALK_REMOVE, WALK_SKIP_CHILDREN, walkNodes, type WalkAction } from './walkNodes.js';

const names = (root: Node, visit: (node: Node) => 0 | 1 | 2 = () => WALK_CONTINUE) => {
  const seen: string[] = [];
  walkNodes(root, (node, depth) => {
    seen.push(`${node.nodeType === 1 ? (node as Element).localName : (node.textContent ?? '').trim() || '#'}@${depth}`);
    return visit(node);
  });
  return seen;
};

describe('walkNodes', () => {
  const html = '<div><p>a<b>b</b></p><ul><li>c</li></ul></div><span>d</span>';

  it('visits every descendant in document order with its depth', () => {
    expect(names(parseHtml(html).body)).toEqual([
      'div@1',
      'p@2',
      'a@3',
      'b@3',
      'b@4',
      'ul@2',
      'li@3',
      'c@4',
      'span@1',
      'd@2',
    ]);
  });

  it('skips children on request', () => {
    const visit = (n: Node) => ((n as Element).localName === 'p' ? WALK_SKIP_CHILDREN : WALK_CONTINUE);
    expect(names(parseHtml(html).body, visit)).toEqual(['div@1', 'p@2', 'ul@2', 'li@3', 'c@4', 'span@1', 'd@2']);
  });

  it('removes nodes on request and carries on after them, even at the end of a subtree', () => {
    const body = parseHtml(html).body;
    const visit = (n: Node) => (['b', 'ul'].includes((n as Element).localName) ? WALK_REMOVE : WALK_CONTINUE);
    expect(names(body, visit)).toEqual(['div@1', 'p@2', 'a@3', 'b@3', 'ul@2', 'span@1', 'd@2']);
    expect(body.innerHTML).toBe('<div><p>a</p></div><span>d</span>');
  });

  it('walks 100,000 siblings and stays inside the root', () => {
    const document = parseHtml(`<main>${'<i>x</i>'.repeat(100_000)}</main><footer>after</footer>`);
    let count = 0;
    walkNodes(document.querySelector('main')!, () => {
      count++;
    });
    expect(count).toBe(200_000);
  });

  it('never hands out attributes, and walks what the visitor adds below and after the node it visits', () => {
    const document = parseHtml('<div id="a" class="b"><p title="t">x</p></div><span>y</span>');
    const seen: string[] = [];
    walkNodes(document.body, (node, depth) => {
      seen.push(`${node.nodeType === 1 ? (node as Element).localName : node.nodeType}@${depth}`);
      const element = node as Element;
      if (element.localName === 'p') {
        element.setAttribute('data-x', '1');
        element.appendChild(document.createElement('em'));
        element.after(document.createElement('u'));
      }
      return WALK_CONTINUE;
    });
    expect(seen).toEqual(['div@1', 'p@2', '3@3', 'em@3', 'u@2', 'span@1', '3@2']);
  });

  it('walks like the public getters on seeded random mixes, skipping and removing as asked', () => {
    let seed = 11;
    const random = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    // skips <ul> subtrees, removes comments, <span>s and "drop" texts: every path of the walk
    const visit = (node: Node): WalkAction => {
      if (node.nodeType === 8 || (node as Element).localName === 'span' || node.textContent === 'drop')
        return WALK_REMOVE;
      return (node as Element).localName === 'ul' ? WALK_SKIP_CHILDREN : WALK_CONTINUE;
    };
    for (let i = 0; i < 200; i++) {
      let body = '';
      for (let k = random(30); k >= 0; k--) body += PIECES[random(PIECES.length)];
      const html = `<html><head><title>t</title></head><body>${body}</body></html>`;
      const chain = buildDocument(html);
      const getters = buildDocument(html);
      const seen: string[] = [];
      const seenByGetters: string[] = [];
      walkNodes(chain.documentElement, (node, depth) => {
        seen.push(`${node.nodeName}@${depth}`);
        return visit(node);
      });
      getterWalk(getters.documentElement, (node, depth) => {
        seenByGetters.push(`${node.nodeName}@${depth}`);
        return visit(node);
      });
      expect(seen).toEqual(seenByGetters);
      expect(chain.documentElement.outerHTML).toBe(getters.documentElement.outerHTML);
    }
  });
});

const PIECES = [
  '<p>text &amp; more</p>',
  '<ul><li>one</li> <li>two <ul><li>x</li></ul></li></ul>',
  '<div class="c" id="i" data-x="1">',
  '</div>',
  '<!-- note -->',
  '<span>s<b>b</b></span>',
  '<em>drop</em>',
  '<table><tr><td>a</td> <td>b</td></tr></table>',
  '<svg><title>t</title><path d="M0"/></svg>',
  'drop',
  '<br>',
];

/** walkNodes as it was written with linkedom's public getters (the reference the NEXT-chain walk must match). */
function getterWalk(root: Node, visit: (node: Node, depth: number) => WalkAction): void {
  let node: Node | null = root.firstChild;
  let depth = 1;
  while (node) {
    const action = visit(node, depth);
    if (action === WALK_CONTINUE && node.firstChild) {
      node = node.firstChild;
      depth++;
      continue;
    }
    const current: Node = node;
    let next: Node | null = null;
    for (let at: Node | null = node; at && at !== root; at = at.parentNode, depth--) {
      next = at.nextSibling;
      if (next) break;
    }
    if (action === WALK_REMOVE) (current as ChildNode).remove();
    node = next;
  }
}
