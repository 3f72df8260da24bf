// Finds the element that holds a page's main content (first working version: semantic landmarks + chrome removal).

/** Hints gathered from the page before cleaning removes <script type="application/ld+json"> and og:type meta. */
export interface ContentHints {
  /** Lower-cased schema.org @type values found in JSON-LD (e.g. "article", "product", "discussionforumposting"). */
  jsonLdTypes: string[];
  /** Lower-cased og:type value, if any. */
  ogType?: string;
}

export interface ExtractMainContentOptions {
  url?: string;
  hints?: ContentHints;
}

const LANDMARK_SELECTORS = ['main', '[role="main"]', 'article', '#main', '#content'];
const CHROME_SELECTOR = 'nav, header, footer, aside, [role="navigation"], [role="banner"], [role="contentinfo"], [role="complementary"]';

/** Reads JSON-LD @type values and og:type; call before the cleaner drops scripts and <head>. */
export function collectContentHints(document: Document): ContentHints {
  const types = new Set<string>();
  for (const script of Array.from(document.querySelectorAll('script[type="application/ld+json"]'))) {
    try {
      const stack: unknown[] = [JSON.parse(script.textContent ?? '')];
      while (stack.length > 0) {
        const value = stack.pop();
        if (Array.isArray(value)) stack.push(...value);
        else if (value && typeof value === 'object') {
          const record = value as Record<string, unknown>;
          const type = record['@type'];
          for (const t of Array.isArray(type) ? type : [type]) if (typeof t === 'string') types.add(t.toLowerCase());
          for (const v of Object.values(record)) if (v && typeof v === 'object') stack.push(v);
        }
      }
    } catch {
      // Broken JSON-LD is common; it simply gives no hint.
    }
  }
  const og = document.querySelector('meta[property="og:type"]')?.getAttribute('content')?.trim().toLowerCase();
  return og ? { jsonLdTypes: [...types], ogType: og } : { jsonLdTypes: [...types] };
}

export function extractMainContent(document: Document, _options: ExtractMainContentOptions = {}): Element {
  const body = (document.body ?? document.documentElement) as Element;
  let root: Element = body;
  for (const selector of LANDMARK_SELECTORS) {
    const found = body.querySelector(selector);
    if (found && (found.textContent ?? '').trim().length > 0) {
      root = found;
      break;
    }
  }
  const clone = root.cloneNode(true) as Element;
  for (const chrome of Array.from(clone.querySelectorAll(CHROME_SELECTOR))) chrome.remove();
  if ((clone.textContent ?? '').trim().length > 0) return clone;
  return (root.textContent ?? '').trim().length > 0 ? root : body;
}
