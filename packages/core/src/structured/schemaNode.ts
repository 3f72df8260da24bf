// schema.org data from JSON-LD, microdata and RDFa, held in one JSON-LD-like shape so one reader serves all three.

/** A schema.org thing: `@type` plus properties whose values are strings, numbers, booleans or nested things. */
export type SchemaNode = Record<string, unknown>;

export function isNode(value: unknown): value is SchemaNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `Product`, `schema:Product`, `http://schema.org/Product` and `["Product", "Thing"]` all name Product. */
export function typesOf(node: SchemaNode): string[] {
  const raw = node['@type'] ?? node.type;
  const list = Array.isArray(raw) ? raw : raw === undefined ? [] : [raw];
  return list.filter((t): t is string => typeof t === 'string').map(shortType);
}

export function shortType(type: string): string {
  const trimmed = type.trim().replace(/\/$/, '');
  const cut = Math.max(trimmed.lastIndexOf('/'), trimmed.lastIndexOf('#'), trimmed.lastIndexOf(':'));
  return cut >= 0 ? trimmed.slice(cut + 1) : trimmed;
}

export function hasType(node: SchemaNode, types: ReadonlySet<string>): boolean {
  return typesOf(node).some((t) => types.has(t));
}

/** Every value of a property, arrays flattened; `schema:name` and full-IRI keys count as `name`. */
export function valuesOf(node: SchemaNode, prop: string): unknown[] {
  const out: unknown[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (key !== prop && shortType(key) !== prop) continue;
    if (Array.isArray(value)) out.push(...value.flat(4));
    else if (value !== undefined && value !== null) out.push(value);
  }
  return out;
}

export function nodesOf(node: SchemaNode, prop: string): SchemaNode[] {
  return valuesOf(node, prop).filter(isNode);
}

/** The first non-empty text of a property; a nested thing gives its name, a JSON-LD value object its @value. */
export function textOf(node: SchemaNode, prop: string): string | undefined {
  for (const value of valuesOf(node, prop)) {
    const text = asText(value);
    if (text) return text;
  }
  return undefined;
}

export function asText(value: unknown): string | undefined {
  if (typeof value === 'string') {
    const text = value.replace(/\s+/g, ' ').trim();
    return text === '' ? undefined : decodeEntities(text);
  }
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  // Microdata and RDFa give every property as a list.
  if (Array.isArray(value)) {
    for (const v of value) {
      const text = asText(v);
      if (text) return text;
    }
    return undefined;
  }
  if (isNode(value)) return asText(value['@value']) ?? asText(value.name) ?? asText(value['@id']);
  return undefined;
}

/** JSON-LD written by templates often carries HTML entities (`&amp;`, `&#39;`) that no parser decoded. */
function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos|nbsp);/gi, (whole, code: string) => {
    const lower = code.toLowerCase();
    if (lower.startsWith('#x')) return safeCodePoint(parseInt(lower.slice(2), 16)) ?? whole;
    if (lower.startsWith('#')) return safeCodePoint(parseInt(lower.slice(1), 10)) ?? whole;
    return ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' } as Record<string, string>)[lower] ?? whole;
  });
}

function safeCodePoint(code: number): string | undefined {
  return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : undefined;
}

/** Every node in the forest (nested ones included), each once, in document order. */
export function allNodes(roots: readonly SchemaNode[]): SchemaNode[] {
  const seen = new Set<SchemaNode>();
  const out: SchemaNode[] = [];
  const visit = (value: unknown, depth: number) => {
    if (depth > MAX_NODE_DEPTH) return;
    if (Array.isArray(value)) {
      for (const v of value) visit(v, depth + 1);
      return;
    }
    if (!isNode(value) || seen.has(value)) return;
    seen.add(value);
    out.push(value);
    for (const v of Object.values(value)) visit(v, depth + 1);
  };
  for (const root of roots) visit(root, 0);
  return out;
}

/** Structured data is a few levels deep; a bound keeps a pathological page from costing a deep walk. */
const MAX_NODE_DEPTH = 64;
