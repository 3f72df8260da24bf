import type { UrlResolver } from '../html/createUrlResolver.js';
import type { SchemaNode } from './schemaNode.js';

/** Elements whose microdata value is a URL attribute (HTML Living Standard, "values" of itemprop). */
const URL_ATTRIBUTE: Record<string, string> = {
  a: 'href',
  area: 'href',
  link: 'href',
  img: 'src',
  audio: 'src',
  video: 'src',
  source: 'src',
  embed: 'src',
  iframe: 'src',
  track: 'src',
  object: 'data',
};

/**
 * The microdata items of a page (`itemscope`/`itemtype`/`itemprop`) as JSON-LD-like nodes: each property an array of
 * values, nested items as nested nodes. Only top-level items are returned; nested ones hang off their parents.
 */
export function readMicrodata(document: Document, resolve: UrlResolver): SchemaNode[] {
  const items: SchemaNode[] = [];
  for (const element of Array.from(document.querySelectorAll('[itemscope]'))) {
    if (element.hasAttribute('itemprop')) continue;
    items.push(readItem(element, resolve));
  }
  return items;
}

function readItem(scope: Element, resolve: UrlResolver): SchemaNode {
  const node: SchemaNode = {};
  const types = (scope.getAttribute('itemtype') ?? '').split(/\s+/).filter(Boolean);
  if (types.length > 0) node['@type'] = types;
  const id = scope.getAttribute('itemid');
  if (id) node['@id'] = id;
  collectProperties(scope, node, resolve);
  return node;
}

/** Walks the scope's subtree; a nested itemscope is a value of its itemprop and its own subtree belongs to it. */
function collectProperties(parent: Element, node: SchemaNode, resolve: UrlResolver): void {
  for (const child of Array.from(parent.children)) {
    const names = (child.getAttribute('itemprop') ?? '').split(/\s+/).filter(Boolean);
    const isScope = child.hasAttribute('itemscope');
    if (names.length > 0) {
      const value = isScope ? readItem(child, resolve) : propertyValue(child, resolve);
      for (const name of names) {
        // Own properties only, defined not assigned: itemprop="constructor" or "__proto__" is a plain property name.
        const list = Object.hasOwn(node, name) ? (node[name] as unknown[]) : [];
        list.push(value);
        Object.defineProperty(node, name, { value: list, enumerable: true, writable: true, configurable: true });
      }
    }
    if (!isScope) collectProperties(child, node, resolve);
  }
}

function propertyValue(element: Element, resolve: UrlResolver): string {
  const tag = element.localName;
  if (tag === 'meta') return element.getAttribute('content') ?? '';
  const urlAttribute = Object.hasOwn(URL_ATTRIBUTE, tag) ? URL_ATTRIBUTE[tag] : undefined;
  if (urlAttribute) {
    const value = element.getAttribute(urlAttribute);
    // <a itemprop="availability" href="https://schema.org/InStock"> is common; a missing href falls back to text.
    if (value) return resolve(value);
  }
  if (tag === 'data' || tag === 'meter') return element.getAttribute('value') ?? '';
  if (tag === 'time' && element.hasAttribute('datetime')) return element.getAttribute('datetime') ?? '';
  // Shops put the machine value in `content` and the display text inside (<span itemprop="price"
  // content="19.99">$19.99</span>).
  const content = element.getAttribute('content');
  if (content !== null) return content;
  return (element.textContent ?? '').replace(/\s+/g, ' ').trim();
}
