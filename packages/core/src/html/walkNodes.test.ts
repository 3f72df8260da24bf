import { describe, expect, it } from 'vitest';
import { parseHtml } from './parseHtml.js';
import { WALK_CONTINUE, WALK_REMOVE, WALK_SKIP_CHILDREN, walkNodes } from './walkNodes.js';

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
});
