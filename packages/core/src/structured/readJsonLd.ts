import { allNodes, isNode, type SchemaNode } from './schemaNode.js';

/** Pages ship megabytes of inline state in script tags; JSON-LD blocks are small, so a huge one is not read. */
const MAX_JSON_LD_CHARS = 2_000_000;

/**
 * The JSON-LD things of a page: every `<script type="application/ld+json">`, arrays and `@graph` unwrapped, and
 * `{"@id": ...}` references replaced by the node they name (so `offers: {"@id": "#offer"}` reads as the offer).
 * A block that is not valid JSON is repaired only for the usual template slips (comments, trailing commas).
 */
export function readJsonLd(document: Document): SchemaNode[] {
  const roots: SchemaNode[] = [];
  for (const script of Array.from(document.querySelectorAll('script'))) {
    const type = (script.getAttribute('type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (type !== 'application/ld+json') continue;
    const text = script.textContent ?? '';
    if (text.length > MAX_JSON_LD_CHARS) continue;
    const parsed = parseLenient(text);
    const list = Array.isArray(parsed) ? parsed : [parsed];
    for (const item of list) {
      if (!isNode(item)) continue;
      const graph = item['@graph'];
      if (Array.isArray(graph)) roots.push(...graph.filter(isNode));
      else roots.push(item);
    }
  }
  return resolveReferences(roots);
}

function parseLenient(text: string): unknown {
  const body = text
    .trim()
    .replace(/^<!--/, '')
    .replace(/-->$/, '')
    .replace(/^\/\/\s*<!\[CDATA\[/, '')
    .replace(/\/\/\s*\]\]>$/, '')
    .trim();
  try {
    return JSON.parse(body);
  } catch {
    // Trailing commas and raw line breaks inside strings are the common hand-written mistakes.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: repairs raw controls in JSON strings
    const repaired = body.replace(/,\s*([}\]])/g, '$1').replace(/[\u0000-\u001f]+/g, ' ');
    try {
      return JSON.parse(repaired);
    } catch {
      return undefined;
    }
  }
}

/** Replaces reference-only objects (`{"@id": x}`) with the full node of that id, one level of indirection per use. */
function resolveReferences(roots: SchemaNode[]): SchemaNode[] {
  const byId = new Map<string, SchemaNode>();
  for (const node of allNodes(roots)) {
    const id = node['@id'];
    if (typeof id === 'string' && Object.keys(node).length > 1 && !byId.has(id)) byId.set(id, node);
  }
  if (byId.size === 0) return roots;
  const swap = (value: unknown): unknown => {
    if (isNode(value) && typeof value['@id'] === 'string' && Object.keys(value).length === 1)
      return byId.get(value['@id']) ?? value;
    return value;
  };
  for (const node of allNodes(roots)) {
    for (const [key, value] of Object.entries(node)) {
      if (key === '@id') continue;
      // Defined, not assigned: a JSON-LD key "__proto__" (an own key after JSON.parse) stays a plain property.
      const swapped = Array.isArray(value) ? value.map(swap) : swap(value);
      Object.defineProperty(node, key, { value: swapped, enumerable: true, writable: true, configurable: true });
    }
  }
  return roots;
}
