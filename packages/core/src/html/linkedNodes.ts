// linkedom keeps a tree as one doubly linked list in document order: an element is followed by its attributes, its
// descendants and an end marker. Walking that list is a pointer step per node, where firstElementChild,
// nextElementSibling and parentElement each re-scan siblings and attributes. The list's keys are private symbols;
// they are looked up once by name on a parsed node. Any other DOM gets null and the callers walk it the usual way.

/** The list's keys: a node's successor, and an element's (or document's) end marker. */
export interface LinkedKeys {
  readonly next: symbol;
  readonly end: symbol;
}

/** A node seen as a list cell: its nodeType and its symbol-keyed links. */
export interface Linked {
  readonly nodeType: number;
  readonly [key: symbol]: Linked;
}

/** linkedom's end marker's nodeType. */
export const NODE_END = -1;

let found: LinkedKeys | null = null;

/** The keys when `root` is a linkedom parent node (element, document, fragment), else null. */
export function linkedKeys(root: object): LinkedKeys | null {
  if (found) return (root as Record<symbol, unknown>)[found.end] ? found : null;
  const symbols = Object.getOwnPropertySymbols(root);
  const next = symbols.find((symbol) => symbol.description === 'next');
  const end = symbols.find((symbol) => symbol.description === 'end');
  if (!next || !end || !(root as Record<symbol, unknown>)[end]) return null;
  found = { next, end };
  return found;
}
