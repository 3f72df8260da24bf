import type { UrlResolver } from '../html/createUrlResolver.js';
import type { SchemaNode } from './schemaNode.js';

/**
 * RDFa Lite things (`vocab`/`typeof`/`property`/`resource`) as JSON-LD-like nodes, the same shape as microdata.
 * Prefixed names (`schema:Product`, `og:title`) keep only their local part; the schema.org reader does the rest.
 */
export function readRdfa(document: Document, resolve: UrlResolver): SchemaNode[] {
  const items: SchemaNode[] = [];
  for (const element of Array.from(document.querySelectorAll('[typeof]'))) {
    // A typed property value belongs to its parent thing; a typed element without a property stands on its own.
    if (element.hasAttribute('property') && hasTypedAncestor(element)) continue;
    items.push(readThing(element, resolve));
  }
  return items;
}

function hasTypedAncestor(element: Element): boolean {
  for (let p = element.parentElement; p; p = p.parentElement) if (p.hasAttribute('typeof')) return true;
  return false;
}

function readThing(scope: Element, resolve: UrlResolver): SchemaNode {
  const node: SchemaNode = {};
  const types = (scope.getAttribute('typeof') ?? '').split(/\s+/).filter(Boolean);
  if (types.length > 0) node['@type'] = types;
  const id = scope.getAttribute('resource') ?? scope.getAttribute('about');
  if (id) node['@id'] = resolve(id);
  collect(scope, node, resolve);
  return node;
}

function collect(parent: Element, node: SchemaNode, resolve: UrlResolver): void {
  for (const child of Array.from(parent.children)) {
    const names = (child.getAttribute('property') ?? '').split(/\s+/).filter(Boolean);
    const isThing = child.hasAttribute('typeof');
    if (names.length > 0) {
      const value = isThing ? readThing(child, resolve) : propertyValue(child, resolve);
      for (const name of names) {
        // Own properties only, defined not assigned: property="constructor" or "__proto__" is a plain name.
        const list = Object.hasOwn(node, name) ? (node[name] as unknown[]) : [];
        list.push(value);
        Object.defineProperty(node, name, { value: list, enumerable: true, writable: true, configurable: true });
      }
    }
    if (!isThing) collect(child, node, resolve);
  }
}

function propertyValue(element: Element, resolve: UrlResolver): string {
  const content = element.getAttribute('content');
  if (content !== null) return content;
  for (const attribute of ['resource', 'href', 'src']) {
    const value = element.getAttribute(attribute);
    if (value) return resolve(value);
  }
  return (element.textContent ?? '').replace(/\s+/g, ' ').trim();
}
