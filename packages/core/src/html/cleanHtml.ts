// The `html` format: the page minus non-content elements, with every URL absolute and every responsive image
// reduced to its largest file. One walk over the tree does all of it.
import { createUrlResolver, type UrlResolver } from './createUrlResolver.js';
import { parseSrcset, pickLargestCandidate, type ImageCandidate } from './resolveSrcset.js';
import { WALK_CONTINUE, WALK_REMOVE, walkNodes, type WalkAction } from './walkNodes.js';

/** Never content: code, styling, fallbacks for script-less browsers, and the head (metadata is read before). */
export const REMOVED_TAGS: ReadonlySet<string> = new Set(['script', 'style', 'noscript', 'meta', 'head']);

/** Attributes holding one URL, per element. */
const URL_ATTRIBUTES: Record<string, readonly string[]> = {
  a: ['href'],
  area: ['href'],
  link: ['href'],
  img: ['src'],
  source: ['src'],
  video: ['src', 'poster'],
  audio: ['src'],
  track: ['src'],
  iframe: ['src'],
  frame: ['src'],
  embed: ['src'],
  input: ['src'],
  object: ['data'],
  form: ['action'],
  button: ['formaction'],
  blockquote: ['cite'],
  q: ['cite'],
  del: ['cite'],
  ins: ['cite'],
};

/** Where lazy-loading scripts park the real image while `src` holds a placeholder. */
const LAZY_SRC_ATTRIBUTES = ['data-src', 'data-lazy-src', 'data-original'];
const LAZY_SRCSET_ATTRIBUTES = ['data-srcset', 'data-lazy-srcset'];
/** Every attribute holding a srcset, in the order read: one array for all images, not one spread per image. */
const SRCSET_ATTRIBUTES = ['srcset', ...LAZY_SRCSET_ATTRIBUTES];

export interface CleanHtmlOptions {
  /** Absolute base for relative URLs (see findBaseUrl); without it URLs stay as written. */
  baseUrl?: string;
  /**
   * Elements to drop (default REMOVED_TAGS); the pipeline keeps <noscript> until main-content extraction has read it.
   */
  removedTags?: ReadonlySet<string>;
}

/**
 * Cleans in place and returns what was cleaned: for a Document, the whole tree (head included, so it goes) and
 * its body is returned; for an Element (an includeTags selection), just that subtree.
 */
export function cleanHtml(target: Document | Element, options: CleanHtmlOptions = {}): Element {
  const resolve = createUrlResolver(options.baseUrl);
  const removed = options.removedTags ?? REMOVED_TAGS;
  const isDocument = target.nodeType === 9;
  // Read before the walk: linkedom's `body` getter re-creates a <head> when none is left.
  const result = isDocument ? (target as Document).body : (target as Element);
  const root = isDocument ? (target as Document).documentElement : (target as Element);
  walkNodes(root, (node) => cleanNode(node, resolve, removed));
  return result;
}

function cleanNode(node: Node, resolve: UrlResolver, removed: ReadonlySet<string>): WalkAction {
  const type = node.nodeType;
  if (type === 8) return WALK_REMOVE;
  if (type !== 1) return WALK_CONTINUE;
  const element = node as Element;
  const tag = element.localName;
  if (removed.has(tag)) return WALK_REMOVE;
  if (tag === 'picture') resolvePicture(element, resolve);
  else if (tag === 'img') resolveImage(element, [], resolve);
  // Own keys only: a page's <constructor> element must not find Object.prototype.constructor.
  const attributes = Object.hasOwn(URL_ATTRIBUTES, tag) ? URL_ATTRIBUTES[tag] : undefined;
  if (attributes) {
    for (const name of attributes) {
      const value = element.getAttribute(name);
      if (value === null) continue;
      const resolved = resolve(value);
      if (resolved !== value) element.setAttribute(name, resolved);
    }
  }
  if (tag === 'source' && element.hasAttribute('srcset')) resolveSrcsetAttribute(element, resolve);
  return WALK_CONTINUE;
}

/** <picture>: the largest candidate over its <source>s and its <img> becomes the img's src; the sources go. */
function resolvePicture(picture: Element, resolve: UrlResolver): void {
  const fromSources: ImageCandidate[] = [];
  const sources: Element[] = [];
  let img: Element | null = null;
  for (let child = picture.firstElementChild; child; child = child.nextElementSibling) {
    if (child.localName === 'source') {
      sources.push(child);
      for (let i = 0; i < SRCSET_ATTRIBUTES.length; i++) {
        const value = child.getAttribute(SRCSET_ATTRIBUTES[i]);
        if (value) fromSources.push(...parseSrcset(value));
      }
    } else if (child.localName === 'img' && !img) img = child;
  }
  if (!img) return;
  resolveImage(img, fromSources, resolve);
  for (let i = 0; i < sources.length; i++) sources[i].remove();
}

/** Picks the largest of srcset, lazy-loading attributes, src and any <picture> candidates, and makes it the src. */
function resolveImage(img: Element, extra: ImageCandidate[], resolve: UrlResolver): void {
  // indexed loops: these run once per image, in tiers where V8 keeps the iterator objects (round 10, decisions.md)
  const candidates = extra.slice();
  let consumed = false;
  for (let i = 0; i < SRCSET_ATTRIBUTES.length; i++) {
    const name = SRCSET_ATTRIBUTES[i];
    const value = img.getAttribute(name);
    if (value === null) continue;
    consumed = true;
    candidates.push(...parseSrcset(value));
    img.removeAttribute(name);
  }
  for (let i = 0; i < LAZY_SRC_ATTRIBUTES.length; i++) {
    const name = LAZY_SRC_ATTRIBUTES[i];
    const value = img.getAttribute(name)?.trim();
    if (!value) continue;
    consumed = true;
    candidates.push({ url: value });
    img.removeAttribute(name);
  }
  if (!consumed && candidates.length === 0) return;
  const src = img.getAttribute('src')?.trim();
  // A data: src next to real candidates is a lazy-loading placeholder, not the image.
  if (src && !(src.startsWith('data:') && candidates.length > 0)) candidates.push({ url: src });
  const best = pickLargestCandidate(candidates);
  if (best) img.setAttribute('src', resolve(best.url));
  img.removeAttribute('sizes');
}

/** A <source> outside <picture> (video/audio keep theirs): absolutise every srcset URL, keep the descriptors. */
function resolveSrcsetAttribute(source: Element, resolve: UrlResolver): void {
  const candidates = parseSrcset(source.getAttribute('srcset') ?? '');
  const value = candidates
    .map((c) =>
      [resolve(c.url), c.width !== undefined ? `${c.width}w` : c.density !== undefined ? `${c.density}x` : '']
        .filter(Boolean)
        .join(' '),
    )
    .join(', ');
  source.setAttribute('srcset', value);
}
