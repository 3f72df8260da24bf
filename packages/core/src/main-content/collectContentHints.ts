// Reads page-type hints that the cleaner throws away (JSON-LD scripts, og:type), so the extractor can use them later.
import { walkElements } from '../html/walkElements.js';
import { WALK_CONTINUE, WALK_SKIP_CHILDREN } from '../html/walkNodes.js';
import { MAX_ARTICLE_BODY_CHARS, MAX_JSONLD_VALUES } from './tunables.js';

/** Hints gathered from the page before cleaning removes <script type="application/ld+json"> and og:type meta. */
export interface ContentHints {
  /** Lower-cased schema.org @type values found in JSON-LD (e.g. "article", "product", "discussionforumposting"). */
  jsonLdTypes: string[];
  /** Lower-cased og:type value, if any. */
  ogType?: string;
  /**
   * The address the page gives itself (`<link rel="canonical">`, else `og:url`), as written. A page read from a
   * mirror, a cache or a local copy keeps it, so its path still says "forum thread" or "question" there.
   */
  canonicalUrl?: string;
  /** Lower-cased schema.org types named by microdata (`itemtype="https://schema.org/DiscussionForumPosting"`) that
   *  say what kind of page this is (see PAGE_MICRODATA_TYPES); boards that write no JSON-LD often write these. */
  microdataTypes?: string[];
  /** The article's text as its JSON-LD gives it (`articleBody`, the longest one), capped: many news pages carry the
   *  whole body there, which tells where the body sits on the page (see findBodyEvidence). */
  articleBody?: string;
}

/** Microdata types kept as hints: only those that name the page's kind. ("Comment" and "Article" items sit inside
 *  pages of every kind: comment sections under stories, teaser cards.) */
const PAGE_MICRODATA_TYPES = new Set(['discussionforumposting', 'qapage']);

/** The carriers of hints are named in the raw HTML; a page without any of the names has no hints to find. */
const HINT_MARKERS = /ld\+json|og:type|og:url|canonical|itemtype/i;

/**
 * Reads the hints in one walk of the document. Pass the raw HTML when you have it: a page that names neither
 * JSON-LD nor og:type is then not walked at all (most pages of some sites).
 */
export function collectContentHints(document: Document, rawHtml?: string): ContentHints {
  if (rawHtml !== undefined && !HINT_MARKERS.test(rawHtml)) return { jsonLdTypes: [] };
  const found: FoundHints = { types: new Set(), microdata: new Set() };
  for (const el of hintCarriers(document)) readCarrier(el, found);
  return hintsOf(found);
}

function hintsOf(found: FoundHints): ContentHints {
  const hints: ContentHints = { jsonLdTypes: [...found.types] };
  if (found.og) hints.ogType = found.og;
  if (found.canonical ?? found.ogUrl) hints.canonicalUrl = found.canonical ?? found.ogUrl;
  if (found.microdata.size > 0) hints.microdataTypes = [...found.microdata];
  if (found.articleBody !== undefined) hints.articleBody = found.articleBody;
  return hints;
}

/** What the carriers gave so far (the first og:type, canonical link and og:url win; the longest articleBody). */
interface FoundHints {
  types: Set<string>;
  og?: string;
  canonical?: string;
  ogUrl?: string;
  microdata: Set<string>;
  articleBody?: string;
}

/** Reads one carrier's hints into `found`: its microdata type, then what its tag carries. */
function readCarrier(el: Element, found: FoundHints): void {
  const itemtype = el.getAttribute('itemtype');
  if (itemtype !== null) {
    // "https://schema.org/DiscussionForumPosting" (several URLs may be listed): the type is the last path word
    for (const url of itemtype.trim().split(/\s+/)) {
      const type = url.slice(url.lastIndexOf('/') + 1).toLowerCase();
      if (PAGE_MICRODATA_TYPES.has(type)) found.microdata.add(type);
    }
    if (el.localName !== 'script' && el.localName !== 'meta' && el.localName !== 'link') return;
  }
  if (el.localName === 'link') {
    found.canonical ??= el.getAttribute('href')?.trim() || undefined;
    return;
  }
  if (el.localName === 'meta') {
    if (el.getAttribute('property') === 'og:url') found.ogUrl ??= el.getAttribute('content')?.trim() || undefined;
    else found.og ??= el.getAttribute('content')?.trim().toLowerCase() || undefined;
    return;
  }
  readJsonLd(el.textContent ?? '', found);
}

/** Reads the @type values and the articleBody of a JSON-LD script, up to MAX_JSONLD_VALUES values deep and wide. */
function readJsonLd(text: string, found: FoundHints): void {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return; // broken JSON-LD is common; it simply gives no hint
  }
  const stack: unknown[] = [parsed];
  let seen = 0;
  while (stack.length > 0 && seen++ < MAX_JSONLD_VALUES) {
    const value = stack.pop();
    if (Array.isArray(value)) {
      for (const v of value) stack.push(v);
    } else if (value && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      readJsonLdRecord(record, found);
      for (const v of Object.values(record)) if (v && typeof v === 'object') stack.push(v);
    }
  }
}

function readJsonLdRecord(record: Record<string, unknown>, found: FoundHints): void {
  const type = record['@type'];
  for (const t of Array.isArray(type) ? type : [type]) if (typeof t === 'string') found.types.add(t.toLowerCase());
  const body = record['articleBody'];
  if (typeof body === 'string' && body.length > (found.articleBody?.length ?? 0))
    found.articleBody = body.slice(0, MAX_ARTICLE_BODY_CHARS);
}

/** Attribute values a selector engine compares case-insensitively in HTML (the `type` and `rel` of the carriers). */
const JSON_LD_TYPE = 'application/ld+json';
const CANONICAL_REL = /(?:^|\s)canonical(?:$|\s)/i;

/**
 * The carriers of hints in document order, as `script[type="application/ld+json"], meta[property="og:type"],
 * meta[property="og:url"], link[rel~="canonical"], [itemtype]` selects them (template contents left out), read in one
 * walk with plain attribute tests: compiling and running that selector list on every element was a twentieth of the
 * pipeline's time.
 */
function hintCarriers(document: Document): Element[] {
  const found: Element[] = [];
  walkElements(document, (el) => {
    if (isHintCarrier(el)) found.push(el);
    return el.localName === 'template' ? WALK_SKIP_CHILDREN : WALK_CONTINUE;
  });
  return found;
}

/**
 * The same hints read in a walk someone else makes (processHtml shares the metadata's): `visit` takes every element
 * of the document in document order with its depth, and reads each carrier as it comes; `hints()` gives what they
 * said. `rawHtml` as for collectContentHints: without the names in it, nothing is read.
 *
 * Each carrier is read at once instead of being kept in a list for later: V8 may pretenure such a list (allocate it
 * in the old generation once lists made there tend to outlive a young collection), and a dead old list that still
 * points at an element keeps that element, and through its links the page's whole tree, alive in every young
 * collection until the next full one: each page's tree was copied and promoted (measured over 150 dev pages: 9.5 MB
 * of survivors per young collection with the list, 2.3 MB without; see docs/decisions.md, speed round 9).
 */
export function hintCarrierCollector(rawHtml?: string): {
  visit: (el: Element, depth: number) => void;
  hints: () => ContentHints;
} {
  const found: FoundHints = { types: new Set(), microdata: new Set() };
  const wanted = rawHtml === undefined || HINT_MARKERS.test(rawHtml);
  /** Depth of the <template> whose contents are left out (0: none). */
  let templateDepth = 0;
  const visit = (el: Element, depth: number): void => {
    if (!wanted) return;
    if (templateDepth !== 0) {
      if (depth > templateDepth) return;
      templateDepth = 0;
    }
    if (isHintCarrier(el)) readCarrier(el, found);
    if (el.localName === 'template') templateDepth = depth;
  };
  return { visit, hints: () => (wanted ? hintsOf(found) : { jsonLdTypes: [] }) };
}

function isHintCarrier(el: Element): boolean {
  if (el.hasAttribute('itemtype')) return true;
  switch (el.localName.toLowerCase()) {
    case 'script': {
      const type = el.getAttribute('type');
      return type !== null && type.length === JSON_LD_TYPE.length && type.toLowerCase() === JSON_LD_TYPE;
    }
    case 'meta': {
      const property = el.getAttribute('property');
      return property === 'og:type' || property === 'og:url';
    }
    case 'link': {
      const rel = el.getAttribute('rel');
      return rel !== null && rel.length >= 9 && CANONICAL_REL.test(rel);
    }
    default:
      return false;
  }
}
