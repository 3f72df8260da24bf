// The `links` format: the links a reader of the cleaned page could follow, each once.
import { walkElements } from './walkElements.js';
import { WALK_CONTINUE } from './walkNodes.js';

/** Schemes that run code instead of naming a resource. */
const DROPPED_PROTOCOLS = new Set(['javascript:', 'vbscript:']);

export interface ExtractLinksOptions {
  /** The page URL: links to it (or to the base URL) that add only a #fragment are in-page anchors and are dropped. */
  url?: string;
  /** Base for relative hrefs (see findBaseUrl); defaults to `url`. */
  baseUrl?: string;
}

/**
 * Every a[href] / area[href] under `root`, absolute, without credentials, de-duplicated in first-seen order;
 * `#`-only, in-page anchors, javascript: and unresolvable hrefs are dropped, mailto: and other schemes kept.
 */
export function extractLinks(root: Element | Document, options: ExtractLinksOptions = {}): string[] {
  const base = parseUrl(options.baseUrl ?? options.url);
  const page = parseUrl(options.url);
  // `#x` resolves against <base href>, so an in-page anchor can look like a link to the base document.
  const samePage = new Set([page, base].filter((u): u is URL => u !== undefined).map(withoutHash));
  const seen = new Set<string>();
  const links: string[] = [];
  walkElements(root, (element) => {
    const tag = element.localName;
    if (tag !== 'a' && tag !== 'area') return WALK_CONTINUE;
    const link = normalizeLink(element.getAttribute('href'), base, samePage);
    if (link !== undefined && !seen.has(link)) {
      seen.add(link);
      links.push(link);
    }
    return WALK_CONTINUE;
  });
  return links;
}

function normalizeLink(href: string | null, base: URL | undefined, samePage: ReadonlySet<string>): string | undefined {
  const raw = href?.trim();
  if (!raw || raw.startsWith('#')) return undefined;
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    return undefined;
  }
  if (DROPPED_PROTOCOLS.has(url.protocol)) return undefined;
  // Cleaning already made `#top` absolute, so an in-page anchor shows up as the page URL plus a fragment.
  if (url.href.includes('#') && samePage.has(withoutHash(url))) return undefined;
  if (url.username || url.password) {
    url.username = '';
    url.password = '';
  }
  return url.href;
}

function withoutHash(url: URL): string {
  const href = url.href;
  const hash = href.indexOf('#');
  return hash === -1 ? href : href.slice(0, hash);
}

function parseUrl(value: string | undefined): URL | undefined {
  if (!value) return undefined;
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}
