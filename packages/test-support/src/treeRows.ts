// A fingerprint of a linkedom document's tree, to check that core's tree builder (buildDocument) gives the tree
// linkedom's own parse gives: buildDocument.test.ts on hand-written markup, benchmarks/core-html/sameTree.mjs on
// the WCXB pages. Pure and import-free, so Node (type stripping) loads it for the benchmark as vitest does for tests.

type Node = Record<string | symbol, unknown>;

/** linkedom keeps its links (next, prev, value) under symbols; this finds one by its description. */
const symbolOf = (node: object, description: string): symbol | undefined =>
  Object.getOwnPropertySymbols(node).find((s) => s.description === description);

/**
 * The document's node list (linkedom's `next` links) as comparable rows: type, class, local name, name, value, and
 * the parent, owner element, owner SVG element and previous node as positions in the list (-1: none).
 */
export function treeRows(document: object): string[] {
  const next = symbolOf(document, 'next') as symbol;
  const list: Node[] = [];
  for (let node = document as Node | null; node; node = node[next] as Node | null) list.push(node);
  const position = new Map<unknown, number>(list.map((node, i) => [node, i]));
  return list.map((node) => {
    const value = symbolOf(node, 'value');
    const prev = symbolOf(node, 'prev');
    return [
      node.nodeType,
      (node.constructor as { name?: string } | undefined)?.name,
      node.localName ?? '',
      node.name ?? '',
      value ? node[value] : '',
      position.get(node.parentNode) ?? -1,
      position.get(node.ownerElement) ?? -1,
      position.get(node.ownerSVGElement) ?? -1,
      prev ? (position.get(node[prev]) ?? -1) : -1,
    ].join('\u0001');
  });
}
