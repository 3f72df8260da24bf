// Reads page-type hints that the cleaner throws away (JSON-LD scripts, og:type), so the extractor can use them later.

/** Hints gathered from the page before cleaning removes <script type="application/ld+json"> and og:type meta. */
export interface ContentHints {
  /** Lower-cased schema.org @type values found in JSON-LD (e.g. "article", "product", "discussionforumposting"). */
  jsonLdTypes: string[];
  /** Lower-cased og:type value, if any. */
  ogType?: string;
}

/** JSON-LD blocks can be huge product feeds; walking a bounded number of values keeps this cheap. */
const MAX_JSONLD_VALUES = 5000;

export function collectContentHints(document: Document): ContentHints {
  const types = new Set<string>();
  // getElementsByTagName is one scan of linkedom's node list; a selector with an attribute test costs a
  // css-select match per element on top.
  for (const script of Array.from(document.getElementsByTagName('script'))) {
    if (script.getAttribute('type')?.trim().toLowerCase() !== 'application/ld+json') continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(script.textContent ?? '');
    } catch {
      continue; // broken JSON-LD is common; it simply gives no hint
    }
    const stack: unknown[] = [parsed];
    let seen = 0;
    while (stack.length > 0 && seen++ < MAX_JSONLD_VALUES) {
      const value = stack.pop();
      if (Array.isArray(value)) {
        for (const v of value) stack.push(v);
      } else if (value && typeof value === 'object') {
        const record = value as Record<string, unknown>;
        const type = record['@type'];
        for (const t of Array.isArray(type) ? type : [type]) if (typeof t === 'string') types.add(t.toLowerCase());
        for (const v of Object.values(record)) if (v && typeof v === 'object') stack.push(v);
      }
    }
  }
  let og: string | undefined;
  for (const meta of Array.from(document.getElementsByTagName('meta'))) {
    if (meta.getAttribute('property') !== 'og:type') continue;
    og = meta.getAttribute('content')?.trim().toLowerCase();
    break;
  }
  return og ? { jsonLdTypes: [...types], ogType: og } : { jsonLdTypes: [...types] };
}
