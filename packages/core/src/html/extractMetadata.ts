// Page metadata, read from the parsed document before cleaning drops <head>. Well-known Open Graph, article and
// Dublin Core keys get the camelCase names clients know (ogTitle, publishedTime, dcTermsCreated...); every other
// <meta name|property|itemprop content> keeps its own name. A key seen twice with different values becomes an array.
import { createUrlResolver } from './createUrlResolver.js';
import type { PageMetadata } from './metadata.js';
import { walkElements } from './walkElements.js';
import { WALK_CONTINUE, WALK_SKIP_CHILDREN } from './walkNodes.js';

/** Keys that clients expect as arrays even when the page has one value. */
const ALWAYS_ARRAY_KEYS = new Set(['ogLocaleAlternate']);
/** article:* keys whose camelCase name drops the prefix (the names the reference service uses). */
const ARTICLE_ALIASES: Record<string, string> = { published_time: 'publishedTime', modified_time: 'modifiedTime' };
/** Plain names that are matched case-insensitively and stored lower-case. */
const CASE_FOLDED_NAMES = new Set(['description', 'keywords', 'author', 'robots', 'viewport', 'generator']);
/** rel tokens that name a favicon, best first. */
const ICON_RELS = ['icon', 'shortcut icon', 'apple-touch-icon', 'apple-touch-icon-precomposed', 'mask-icon'];

export interface ExtractMetadataOptions {
  /** Base for the favicon URL (see findBaseUrl). */
  baseUrl?: string;
  /**
   * Called with every element of the document in document order (inside <svg> too, which the metadata skips), so
   * a caller that needs a whole-document read (the main-content hints) shares this walk instead of making another.
   */
  onElement?: (element: Element, depth: number) => void;
}

/** Reads title, description, keywords, language, favicon and every <meta> of the document. */
export function extractMetadata(document: Document, options: ExtractMetadataOptions = {}): PageMetadata {
  const values = new Map<string, string[]>();
  let title: string | undefined;
  const icons: Array<{ rank: number; href: string }> = [];

  const onElement = options.onElement;
  /** Depth of the <svg> whose subtree is walked for onElement only (0: none). */
  let svgDepth = 0;
  if (onElement !== undefined) onElement(document.documentElement, 0);
  walkElements(document.documentElement, (element, depth) => {
    if (onElement !== undefined) {
      onElement(element, depth);
      if (svgDepth !== 0) {
        if (depth > svgDepth) return WALK_CONTINUE;
        svgDepth = 0;
      }
    }
    switch (element.localName) {
      case 'svg':
        // <title> inside SVG is an image caption, not the page title.
        if (onElement === undefined) return WALK_SKIP_CHILDREN;
        svgDepth = depth;
        return WALK_CONTINUE;
      case 'title':
        title ??= collapseWhitespace(element.textContent ?? '');
        return WALK_SKIP_CHILDREN;
      case 'meta':
        readMeta(element, values);
        return WALK_SKIP_CHILDREN;
      case 'link':
        readIcon(element, icons);
        return WALK_SKIP_CHILDREN;
      default:
        return WALK_CONTINUE;
    }
  });

  return assembleMetadata(document, title, icons, values, options.baseUrl);
}

/** A <meta name|property|itemprop content>: its value under its key (a value already there is not repeated). */
function readMeta(element: Element, values: Map<string, string[]>): void {
  const name = element.getAttribute('name') ?? element.getAttribute('property') ?? element.getAttribute('itemprop');
  if (!name) return;
  const key = metadataKey(name);
  const text = element.getAttribute('content')?.trim();
  if (!key || !text) return;
  const list = values.get(key);
  if (!list) values.set(key, [text]);
  else if (!list.includes(text)) list.push(text);
}

/** A <link> naming a favicon, ranked by its rel (ICON_RELS order; any other rel with `icon` ranks last). */
function readIcon(element: Element, icons: Array<{ rank: number; href: string }>): void {
  const rel = collapseWhitespace(element.getAttribute('rel') ?? '').toLowerCase();
  const rank = ICON_RELS.indexOf(rel);
  const href = element.getAttribute('href');
  if (href && (rank !== -1 || rel.split(' ').includes('icon')))
    icons.push({ rank: rank === -1 ? ICON_RELS.length : rank, href });
}

/** The metadata object: title, language and favicon first, then every meta key (one value, or an array). */
function assembleMetadata(
  document: Document,
  title: string | undefined,
  icons: Array<{ rank: number; href: string }>,
  values: Map<string, string[]>,
  baseUrl: string | undefined,
): PageMetadata {
  const metadata: Record<string, unknown> = {};
  if (title) metadata.title = title;
  const language = document.documentElement.getAttribute('lang')?.trim();
  if (language) metadata.language = language;
  const icon = icons.sort((a, b) => a.rank - b.rank)[0];
  if (icon) metadata.favicon = createUrlResolver(baseUrl)(icon.href);
  const entries: Array<[string, unknown]> = [];
  for (const [key, list] of values) {
    const existing = metadata[key];
    const merged = typeof existing === 'string' ? [existing, ...list.filter((v) => v !== existing)] : list;
    entries.push([key, ALWAYS_ARRAY_KEYS.has(key) || merged.length > 1 ? merged : merged[0]]);
  }
  // fromEntries defines own properties, so a page's <meta name="__proto__"> is just a key.
  return { ...metadata, ...Object.fromEntries(entries) } as PageMetadata;
}

/** The metadata key for a meta name/property/itemprop. */
export function metadataKey(raw: string): string {
  const name = raw.trim();
  const lower = name.toLowerCase();
  if (CASE_FOLDED_NAMES.has(lower)) return lower;
  if (lower.startsWith('og:')) return camelCase(['og', ...lower.slice(3).split(/[:._-]+/)]);
  if (lower.startsWith('article:')) {
    const rest = lower.slice(8);
    // Own keys only: <meta property="article:constructor"> is a plain key, not Object.prototype.constructor.
    return (
      (Object.hasOwn(ARTICLE_ALIASES, rest) ? ARTICLE_ALIASES[rest] : undefined) ??
      camelCase(['article', ...rest.split(/[:._-]+/)])
    );
  }
  const dublinCore = /^(dcterms|dc)[.:](.+)$/.exec(lower);
  if (dublinCore)
    return camelCase([dublinCore[1] === 'dcterms' ? 'dcTerms' : 'dc', ...(dublinCore[2] ?? '').split(/[:._-]+/)]);
  return name;
}

function camelCase(parts: string[]): string {
  return parts
    .filter(Boolean)
    .map((part, i) => (i === 0 ? part : part.charAt(0).toUpperCase() + part.slice(1)))
    .join('');
}

function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
