import { createUrlResolver, type UrlResolver } from '../html/createUrlResolver.js';
import { allNodes, hasType, nodesOf, textOf, valuesOf, asText, type SchemaNode } from './schemaNode.js';

/** Breadcrumb entries that name the site, not a category. */
const HOME_CRUMB = /^(home|start|startseite|accueil|inicio|home page|homepage)$/i;
const CRUMB_SEPARATOR = ' > ';

/** What a page says about itself outside schema.org: meta tags, canonical link, breadcrumbs. */
export interface PageFacts {
  url: string;
  resolve: UrlResolver;
  /** First value of a <meta property|name> (case-insensitive key). */
  meta(key: string): string | undefined;
  metaAll(key: string): string[];
  canonical: string | undefined;
}

/** Product and menu extraction of one page read the same facts; kept per document object, gone with it. */
const remembered = new WeakMap<Document, PageFacts & { baseUrl: string }>();

export function readPageFacts(document: Document, url: string, baseUrl = url): PageFacts {
  const known = remembered.get(document);
  if (known && known.url === url && known.baseUrl === baseUrl) return known;
  const facts = readFacts(document, url, baseUrl);
  remembered.set(document, { ...facts, baseUrl });
  return facts;
}

function readFacts(document: Document, url: string, baseUrl: string): PageFacts {
  const resolve = createUrlResolver(baseUrl);
  const metas = new Map<string, string[]>();
  for (const meta of Array.from(document.querySelectorAll('meta'))) {
    const key = (meta.getAttribute('property') ?? meta.getAttribute('name') ?? '').trim().toLowerCase();
    const content = meta.getAttribute('content');
    if (!key || content === null || content.trim() === '') continue;
    const list = metas.get(key) ?? [];
    list.push(content.replace(/\s+/g, ' ').trim());
    metas.set(key, list);
  }
  const canonicalHref = document.querySelector('link[rel~="canonical"]')?.getAttribute('href');
  return {
    url,
    resolve,
    meta: (key) => metas.get(key.toLowerCase())?.[0],
    metaAll: (key) => metas.get(key.toLowerCase()) ?? [],
    canonical: canonicalHref ? resolve(canonicalHref) : undefined,
  };
}

const BREADCRUMB_LIST = new Set(['BreadcrumbList']);

/**
 * The category path from schema.org BreadcrumbList (by position), else from breadcrumb markup; the leading "Home"
 * and a trailing crumb naming the product itself are dropped. Undefined when the page has no breadcrumb.
 */
export function breadcrumbPath(
  document: Document,
  nodes: readonly SchemaNode[],
  productTitle: string,
): string | undefined {
  for (const list of allNodes(nodes).filter((n) => hasType(n, BREADCRUMB_LIST))) {
    const entries = nodesOf(list, 'itemListElement')
      .map((item, index) => ({
        position: Number(valuesOf(item, 'position')[0] ?? index + 1),
        name: textOf(item, 'name') ?? crumbItemName(item),
      }))
      .filter((e): e is { position: number; name: string } => e.name !== undefined)
      .sort((a, b) => a.position - b.position)
      .map((e) => e.name);
    const path = tidyCrumbs(entries, productTitle);
    if (path) return path;
  }
  const container = document.querySelector(
    'nav[aria-label*="readcrumb" i], [class*="breadcrumb" i], [id*="breadcrumb" i]',
  );
  if (!container) return undefined;
  const links = Array.from(container.querySelectorAll('li, a')).filter(
    (el) => el.localName === 'a' || !el.querySelector('a'),
  );
  return tidyCrumbs(
    links.map((el) => (el.textContent ?? '').replace(/\s+/g, ' ').trim()).filter(Boolean),
    productTitle,
  );
}

function crumbItemName(item: SchemaNode): string | undefined {
  for (const value of valuesOf(item, 'item')) {
    if (typeof value === 'object' && value !== null) {
      const name = textOf(value as SchemaNode, 'name');
      if (name) return name;
    }
  }
  return undefined;
}

function tidyCrumbs(names: string[], productTitle: string): string | undefined {
  const crumbs = names.map((n) => asText(n)).filter((n): n is string => n !== undefined);
  while (crumbs.length > 0 && HOME_CRUMB.test(crumbs[0]!)) crumbs.shift();
  if (crumbs.length > 0 && crumbs[crumbs.length - 1]!.toLowerCase() === productTitle.toLowerCase()) crumbs.pop();
  return crumbs.length > 0 ? crumbs.join(CRUMB_SEPARATOR) : undefined;
}
