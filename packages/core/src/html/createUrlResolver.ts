// Every URL attribute of a page resolves against the same base, and pages repeat the same hrefs (nav, icons),
// so one memoising resolver per page saves most URL parses.

/** Turns an attribute value into an absolute URL; a value that cannot be resolved comes back trimmed but unchanged. */
export type UrlResolver = (value: string) => string;

/** Creates a resolver against `baseUrl`; without a usable base, values are only trimmed. */
export function createUrlResolver(baseUrl: string | URL | undefined): UrlResolver {
  const base = toUrl(baseUrl);
  const cache = new Map<string, string>();
  return (value: string) => {
    let resolved = cache.get(value);
    if (resolved === undefined) {
      resolved = resolveOne(value, base);
      cache.set(value, resolved);
    }
    return resolved;
  };
}

function resolveOne(value: string, base: URL | undefined): string {
  const trimmed = value.trim();
  if (trimmed === '') return trimmed;
  try {
    return new URL(trimmed, base).href;
  } catch {
    return trimmed;
  }
}

function toUrl(value: string | URL | undefined): URL | undefined {
  if (value === undefined || value === '') return undefined;
  if (value instanceof URL) return value;
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}

/**
 * The document's base URL: the first <base href> in <head> joined onto the page URL (only the first counts),
 * else the page URL itself. Returns undefined when neither gives an absolute URL.
 */
export function findBaseUrl(document: Document, pageUrl: string | undefined): string | undefined {
  const page = toUrl(pageUrl);
  // Only <head> is searched: a <base> belongs there (parseHtml files leading head elements there), and looking
  // through the whole body for one would cost a full walk on every page.
  const head = document.documentElement.firstElementChild;
  const baseElement =
    head?.localName === 'head'
      ? Array.from(head.getElementsByTagName('base')).find((el) => el.hasAttribute('href'))
      : undefined;
  const base = baseElement?.getAttribute('href')?.trim();
  if (base) {
    try {
      const joined = new URL(base, page);
      // A javascript: or data: base would make every link unusable; browsers ignore such bases too.
      if (joined.protocol === 'http:' || joined.protocol === 'https:' || joined.protocol === 'file:')
        return joined.href;
    } catch {
      // An unparsable <base href> is ignored, as browsers do.
    }
  }
  return page?.href;
}
