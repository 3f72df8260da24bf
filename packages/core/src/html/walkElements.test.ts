import { describe, expect, it } from 'vitest';
import { parseHtml } from './parseHtml.js';
import { walkElements } from './walkElements.js';
import { WALK_CONTINUE, WALK_SKIP_CHILDREN, walkNodes } from './walkNodes.js';

const visitElements = (root: Element, skip = '') => {
  const seen: string[] = [];
  walkElements(root, (element, depth) => {
    seen.push(`${element.localName}@${depth}`);
    return element.localName === skip ? WALK_SKIP_CHILDREN : WALK_CONTINUE;
  });
  return seen;
};

describe('walkElements', () => {
  const html = '<div>x<p>a<b>b</b><!-- c --></p><ul><li>c</li></ul></div>tail<span>d<i></i></span>';

  it('visits every element in document order with its depth, and no text or comment', () => {
    expect(visitElements(parseHtml(html).body)).toEqual(['div@1', 'p@2', 'b@3', 'ul@2', 'li@3', 'span@1', 'i@2']);
  });

  it('skips the children of an element when asked, and stays inside the root', () => {
    const body = parseHtml(html).body;
    expect(visitElements(body, 'p')).toEqual(['div@1', 'p@2', 'ul@2', 'li@3', 'span@1', 'i@2']);
    expect(visitElements(body.querySelector('ul') as Element)).toEqual(['li@1']);
  });

  it('agrees with walkNodes on the elements and their depths', () => {
    const body = parseHtml(html).body;
    const fromNodes: string[] = [];
    walkNodes(body, (node, depth) => {
      if (node.nodeType === 1) fromNodes.push(`${(node as Element).localName}@${depth}`);
    });
    expect(visitElements(body)).toEqual(fromNodes);
  });

  it('walks a 10,000-deep tree without recursion', () => {
    let deepest = 0;
    walkElements(parseHtml('<div>'.repeat(10_000)).body, (_, depth) => {
      deepest = Math.max(deepest, depth);
    });
    expect(deepest).toBeGreaterThan(500);
  });

  it('visits what the getters visit on a whole parsed page, with children skipped', () => {
    const html =
      '<!doctype html><html><head><title>t</title><meta name="a"></head><body><div id="x"><p>a<b>b</b></p>' +
      '<svg><title>c</title><g><path d="M0"/></g></svg><ul><li>c</li></ul></div><!-- n --><span>d<i></i></span>';
    const document = parseHtml(html);
    const byGetters: string[] = [];
    // the same walk through the public getters: firstElementChild, nextElementSibling, parentElement
    let element = document.documentElement.firstElementChild;
    let depth = 1;
    while (element) {
      byGetters.push(`${element.localName}@${depth}`);
      const child = element.localName === 'svg' ? null : element.firstElementChild;
      if (child) {
        element = child;
        depth++;
        continue;
      }
      let next: Element | null = null;
      for (let at: Element | null = element; at && at !== document.documentElement; at = at.parentElement, depth--) {
        next = at.nextElementSibling;
        if (next) break;
      }
      element = next;
    }
    expect(visitElements(document.documentElement, 'svg')).toEqual(byGetters);
    expect(byGetters).toContain('span@2');
  });
});
