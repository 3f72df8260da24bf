// The `images` format: every image a page shows or names, as absolute URLs, each once.
import { parseSrcset } from './resolveSrcset.js';
import { walkElements } from './walkElements.js';
import { WALK_CONTINUE } from './walkNodes.js';

/** Attributes naming one image URL, per element. Lazy loaders keep the real URL in a data- attribute. */
const URL_ATTRIBUTES: Record<string, readonly string[]> = {
  img: ['src', 'data-src', 'data-lazy-src', 'data-original'],
  source: ['src'],
  input: ['src'],
  video: ['poster'],
  image: ['href', 'xlink:href'],
};
/** Attributes holding a srcset (several URLs); every candidate is an image of the page, not only the largest. */
const SRCSET_ATTRIBUTES: Record<string, readonly string[]> = {
  img: ['srcset', 'data-srcset'],
  source: ['srcset', 'data-srcset'],
};
/** Page-level images named in <meta> (the share picture). */
const META_IMAGE_NAMES = new Set([
  'og:image',
  'og:image:url',
  'og:image:secure_url',
  'twitter:image',
  'twitter:image:src',
]);

export interface ExtractImagesOptions {
  /** Base for relative URLs (the page URL, or its <base href>). */
  baseUrl?: string;
}

/**
 * Every image URL of `document`: <img> src/srcset (lazy-load attributes too), <picture> sources, input images,
 * video posters, SVG <image>, and og:image / twitter:image; absolute, http(s) only (data: and blob: URIs are not
 * links), credentials stripped, de-duplicated in first-seen order. Runs on the whole page, not the main content.
 */
export function extractImages(document: Document, options: ExtractImagesOptions = {}): string[] {
  const base = parseUrl(options.baseUrl);
  const seen = new Set<string>();
  const images: string[] = [];
  const add = (value: string | null) => {
    const url = absolute(value, base);
    if (url !== undefined && !seen.has(url)) {
      seen.add(url);
      images.push(url);
    }
  };
  walkElements(document.documentElement, (element) => {
    for (const value of imageValues(element)) add(value);
    return WALK_CONTINUE;
  });
  return images;
}

/** The image URLs (as written) one element names: a share-picture <meta>, or its URL and srcset attributes. */
function imageValues(element: Element): (string | null)[] {
  const tag = element.localName;
  if (tag === 'meta') {
    const name = (element.getAttribute('property') ?? element.getAttribute('name') ?? '').toLowerCase();
    return META_IMAGE_NAMES.has(name) ? [element.getAttribute('content')] : [];
  }
  if (tag === 'input' && element.getAttribute('type')?.toLowerCase() !== 'image') return [];
  // A <source> names images only inside <picture>; in <video>/<audio> it names media.
  if (tag === 'source' && element.parentElement?.localName !== 'picture') return [];
  const values: (string | null)[] = [];
  // Own keys only: an element named like an Object.prototype member (<constructor>) names no image.
  for (const name of Object.hasOwn(URL_ATTRIBUTES, tag) ? URL_ATTRIBUTES[tag] : [])
    values.push(element.getAttribute(name));
  for (const name of Object.hasOwn(SRCSET_ATTRIBUTES, tag) ? SRCSET_ATTRIBUTES[tag] : []) {
    const srcset = element.getAttribute(name);
    if (srcset) for (const candidate of parseSrcset(srcset)) values.push(candidate.url);
  }
  return values;
}

function absolute(value: string | null, base: URL | undefined): string | undefined {
  const raw = value?.trim();
  if (!raw) return undefined;
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  url.username = '';
  url.password = '';
  return url.href;
}

function parseUrl(value: string | undefined): URL | undefined {
  if (!value) return undefined;
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}
