import { breadcrumbPath, type PageFacts } from './readPageFacts.js';
import { isPriceText, parsePriceText } from './parsePrice.js';
import { ordered, orderProduct } from './productFromSchema.js';
import type { ImageRef, Product, ProductVariant } from './structuredTypes.js';

/** A buy button: the one thing every shop's product page has and an article does not. */
const BUY_WORDS = new RegExp(
  String.raw`\b(add[\s_-]*to[\s_-]*(cart|bag|basket|trolley)|buy[\s_-]*now|in den warenkorb|ajouter au panier` +
    String.raw`|añadir al carrito)\b`,
  'i',
);
const OUT_OF_STOCK_WORDS =
  /\b(out of stock|sold out|currently unavailable|no longer available|ausverkauft|épuisé|agotado)\b/i;
/** Class/id fragments of the price shown before a discount. */
const WAS_PRICE = new RegExp(
  String.raw`(was|old|original|compare|regular|list|strike|before)[-_]?price` +
    String.raw`|price[-_]?(was|old|original|compare|regular|before)`,
  'i',
);
const PRICE_HOOK = /price|cost|amount/i;
/** Gallery images are the product's; a page has many other pictures (logos, icons, "you may also like"). */
const GALLERY_HOOK = /(product|gallery|main)[-_]?(image|img|photo|media|gallery)|gallery/i;
const MAX_IMAGES = 10;
/** More buy controls than this is a grid of products. */
const MAX_BUY_CONTROLS = 2;
/** More prices than this around the title and the button is a list of products (was/now/per-unit prices are fewer). */
const MAX_PRICES_IN_SCOPE = 6;
/** How far above the title-and-button block the gallery is looked for. */
const GALLERY_LEVELS_UP = 2;

/**
 * The fallback for shops with no structured data: an `<h1>`, a buy button and a visible price near them. Answers
 * only when all three are there, so an article that mentions a price is never taken for a product.
 */
export function productFromMarkup(facts: PageFacts, document: Document): Product | undefined {
  const body = document.body;
  if (!body) return undefined;
  const h1 = body.querySelector('h1');
  const title = h1?.textContent?.replace(/\s+/g, ' ').trim();
  if (!h1 || !title) return undefined;
  const found = titleBuyControl(body, h1);
  if (!found) return undefined;
  const { buy, scope } = found;
  if (countPriceElements(scope) > MAX_PRICES_IN_SCOPE) return undefined;
  const priceElement = findPriceElement(scope, false);
  const price = priceElement ? parsePriceText(priceElement.textContent ?? '') : undefined;
  if (!price) return undefined;

  const product: Product = { title, url: facts.canonical ?? facts.url, variants: [] };
  const category = breadcrumbPath(document, [], title);
  if (category) product.category = category;
  const description = facts.meta('og:description') ?? facts.meta('description');
  if (description) product.description = description;
  product.variants = [ordered(markupVariant(facts, buy, scope, price))];
  return orderProduct(product);
}

/**
 * The title's buy control and the deepest block holding both; undefined without a buy control, or when that block
 * holds a buy control per card (a product grid).
 */
function titleBuyControl(body: HTMLElement, h1: Element): { buy: Element; scope: Element } | undefined {
  let buys = Array.from(body.querySelectorAll('button, input[type="submit"], input[type="button"], a')).filter((el) =>
    isBuyControl(el),
  );
  if (buys.length === 0) buys = Array.from(body.querySelectorAll('form')).filter((el) => isBuyControl(el));
  if (buys.length === 0) return undefined;
  // The title's own button is the one sharing the deepest block with it (carousels of other products sit further away).
  const scopes = buys.map((b) => ({ b, scope: commonScope(h1, b) }));
  const { b: buy, scope } = scopes.reduce((best, s) => (depth(s.scope) > depth(best.scope) ? s : best));
  // A block holding the title and a buy button per card is a product grid; a product page has one (or one plus a sticky
  // copy).
  if (buys.filter((b) => scope.contains(b)).length > MAX_BUY_CONTROLS) return undefined;
  return { buy, scope };
}

/** The variant shown: its price (and the struck one before a discount), stock as the button and text say, images. */
function markupVariant(
  facts: PageFacts,
  buy: Element,
  scope: Element,
  price: NonNullable<ProductVariant['price']>,
): ProductVariant {
  const disabled = buy.hasAttribute('disabled') || buy.getAttribute('aria-disabled') === 'true';
  const stockText = OUT_OF_STOCK_WORDS.exec(spacedText(scope))?.[0];
  const variant: ProductVariant = {
    availability:
      disabled || stockText ? { inStock: false, ...(stockText ? { text: stockText } : {}) } : { inStock: true },
  };
  variant.price = price;
  const wasElement = findPriceElement(scope, true);
  const was = wasElement ? parsePriceText(wasElement.textContent ?? '', price.currency) : undefined;
  if (was && was.amount > price.amount) variant.sale = { originalPrice: was };
  const images = productImages(scope, facts);
  if (images.length > 0) variant.images = images;
  return variant;
}

/** The gallery in or (usually) beside the title block, else the page's og:image. */
function productImages(scope: Element, facts: PageFacts): ImageRef[] {
  let images = galleryImages(scope, facts);
  for (
    let p = scope.parentElement, up = 0;
    images.length === 0 && p && up < GALLERY_LEVELS_UP;
    p = p.parentElement, up++
  )
    images = galleryImages(p, facts);
  if (images.length === 0) images = facts.metaAll('og:image').map((url) => ({ url: facts.resolve(url) }));
  return images;
}

function depth(el: Element): number {
  let n = 0;
  for (let p = el.parentElement; p; p = p.parentElement) n++;
  return n;
}

function isBuyControl(el: Element): boolean {
  const words = [
    el.textContent ?? '',
    el.getAttribute('value') ?? '',
    el.getAttribute('name') ?? '',
    el.getAttribute('class') ?? '',
    el.getAttribute('id') ?? '',
    el.getAttribute('action') ?? '',
    el.getAttribute('aria-label') ?? '',
  ].join(' ');
  return BUY_WORDS.test(words.replace(/[-_]/g, ' '));
}

/** The smallest element holding both the title and the buy button: the product's own block. */
function commonScope(a: Element, b: Element): Element {
  const ancestors = new Set<Element>();
  for (let p: Element | null = a; p; p = p.parentElement) ancestors.add(p);
  for (let p: Element | null = b; p; p = p.parentElement) if (ancestors.has(p)) return p;
  return a.ownerDocument.body;
}

/** A price element: a hooked class/id whose own text is a price; `was` picks the pre-discount one (or a <del>/<s>). */
function findPriceElement(scope: Element, was: boolean): Element | undefined {
  for (const el of Array.from(scope.querySelectorAll('*'))) {
    const hook = `${el.getAttribute('class') ?? ''} ${el.getAttribute('id') ?? ''}`;
    const struck = el.localName === 'del' || el.localName === 's' || el.localName === 'strike';
    const isWas = WAS_PRICE.test(hook) || struck;
    if (was !== isWas) continue;
    if (!struck && !PRICE_HOOK.test(hook)) continue;
    if (!was && insideStruck(el, scope)) continue;
    if (isPriceText(el.textContent ?? '')) return el;
  }
  return undefined;
}

function countPriceElements(scope: Element): number {
  let n = 0;
  for (const el of Array.from(scope.querySelectorAll('[class*="price" i]'))) {
    const text = el.textContent ?? '';
    if (text.length < 40 && isPriceText(text) && !el.querySelector('[class*="price" i]')) n++;
  }
  return n;
}

function insideStruck(el: Element, scope: Element): boolean {
  for (let p = el.parentElement; p && p !== scope; p = p.parentElement) {
    if (
      p.localName === 'del' ||
      p.localName === 's' ||
      WAS_PRICE.test(`${p.getAttribute('class') ?? ''} ${p.getAttribute('id') ?? ''}`)
    )
      return true;
  }
  return false;
}

function galleryImages(scope: Element, facts: PageFacts): ImageRef[] {
  const out: ImageRef[] = [];
  const seen = new Set<string>();
  for (const img of Array.from(scope.querySelectorAll('img'))) {
    let inGallery = false;
    for (let p: Element | null = img; p && p !== scope.parentElement; p = p.parentElement) {
      if (GALLERY_HOOK.test(`${p.getAttribute('class') ?? ''} ${p.getAttribute('id') ?? ''}`)) inGallery = true;
    }
    const src = img.getAttribute('src') ?? img.getAttribute('data-src');
    if (!inGallery || !src || src.startsWith('data:')) continue;
    const url = facts.resolve(src);
    if (seen.has(url)) continue;
    seen.add(url);
    const alt = img.getAttribute('alt')?.trim();
    out.push(alt ? { url, alt } : { url });
    if (out.length >= MAX_IMAGES) break;
  }
  return out;
}

/** Text with a space between text nodes: textContent runs "€19,99" and "Sold out" together as "€19,99Sold out". */
function spacedText(root: Element): string {
  const parts: string[] = [];
  const walk = (node: Node) => {
    if (node.nodeType === 3) parts.push(node.textContent ?? '');
    else for (const child of Array.from(node.childNodes)) walk(child);
  };
  walk(root);
  return parts.join(' ').replace(/\s+/g, ' ');
}
