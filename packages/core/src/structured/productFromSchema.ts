import { breadcrumbPath, type PageFacts } from './readPageFacts.js';
import { priceFromValues } from './parsePrice.js';
import { asText, hasType, isNode, nodesOf, shortType, textOf, valuesOf, type SchemaNode } from './schemaNode.js';
import type { ImageRef, Price, Product, ProductVariant } from './structuredTypes.js';

const PRODUCT_TYPES = new Set([
  'Product',
  'ProductGroup',
  'ProductModel',
  'IndividualProduct',
  'SomeProducts',
  'Vehicle',
  'Car',
  'Motorcycle',
  'Book',
  'Drug',
]);
const GROUP_TYPES = new Set(['ProductGroup']);
const AGGREGATE_TYPES = new Set(['AggregateOffer']);
/** Containers of other products (listings, "related"): a product met only inside one is not the page's product. */
const LISTING_TYPES = new Set(['ItemList', 'OfferCatalog', 'CollectionPage', 'SearchResultsPage']);
const LISTING_PROPS = new Set([
  'isRelatedTo',
  'isSimilarTo',
  'isAccessoryOrSparePartFor',
  'isConsumableFor',
  'itemListElement',
]);
/** This many differently named products on one page make it a listing, not a product page. */
const LISTING_MIN_PRODUCTS = 3;
/** schema.org ItemAvailability values under which the item can be bought now. */
const IN_STOCK = new Set(['InStock', 'LimitedAvailability', 'OnlineOnly', 'InStoreOnly']);
/** Price kinds that mean "the price before the discount" (schema.org PriceTypeEnumeration). */
const BEFORE_DISCOUNT = new Set(['StrikethroughPrice', 'ListPrice', 'MSRP', 'SRP']);
/** Properties that tell variants apart, in the order clients usually show them. */
const VARIANT_PROPS = ['color', 'size', 'material', 'pattern', 'suggestedGender', 'suggestedAge'];

/** The page's own product among schema.org things (JSON-LD, microdata or RDFa); `listing` when it lists several. */
export function findProductNode(
  sources: readonly SchemaNode[][],
  pageTitles: readonly string[] = [],
): SchemaNode | 'listing' | undefined {
  const titles = pageTitles.map(normalizeTitle).filter(Boolean);
  for (const roots of sources) {
    const candidates = productCandidates(roots);
    // A product group is the page's product; its variants are read through it.
    const group = candidates.find((n) => hasType(n, GROUP_TYPES) && textOf(n, 'name'));
    if (group) return group;
    const named = candidates.filter((n) => textOf(n, 'name'));
    // Several different products side by side is a listing (cards with their own microdata or JSON-LD), unless one
    // of them is the one the page is titled after (a product page with "you may also like" cards).
    if (new Set(named.map((n) => textOf(n, 'name'))).size >= LISTING_MIN_PRODUCTS) {
      const titled = named.find((n) => titles.includes(normalizeTitle(textOf(n, 'name')!)));
      if (titled) return titled;
      return 'listing';
    }
    // The richest description wins (some pages repeat a bare Product beside the full one).
    const best = named.sort((a, b) => richness(b) - richness(a))[0];
    if (best) return best;
  }
  return undefined;
}

function normalizeTitle(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ').trim();
}

function richness(node: SchemaNode): number {
  return Object.keys(node).length + (valuesOf(node, 'offers').length > 0 ? 10 : 0);
}

/** Products not nested inside a listing, a group (as a variant) or an offer. */
function productCandidates(roots: readonly SchemaNode[]): SchemaNode[] {
  const out: SchemaNode[] = [];
  const seen = new Set<SchemaNode>();
  const visit = (node: SchemaNode, inside: boolean, depth: number) => {
    if (seen.has(node) || depth > 32) return;
    seen.add(node);
    const isProduct = hasType(node, PRODUCT_TYPES);
    if (isProduct && !inside) out.push(node);
    const listing = hasType(node, LISTING_TYPES);
    for (const [key, value] of Object.entries(node)) {
      const nested = inside || listing || isProduct || LISTING_PROPS.has(shortType(key));
      for (const child of Array.isArray(value) ? value : [value]) if (isNode(child)) visit(child, nested, depth + 1);
    }
  };
  for (const root of roots) visit(root, false, 0);
  return out;
}

/** A spec §2.11 product from a schema.org Product or ProductGroup. */
export function productFromSchema(
  node: SchemaNode,
  facts: PageFacts,
  allRoots: readonly SchemaNode[],
  document: Document,
): Product {
  const title = textOf(node, 'name')!;
  const product: Product = {
    title,
    url: facts.canonical ?? facts.meta('og:url') ?? urlOf(node, facts) ?? facts.url,
    variants: [],
  };
  const brand = brandOf(node);
  if (brand) product.brand = brand;
  const category = breadcrumbPath(document, allRoots, title) ?? categoryOf(node);
  if (category) product.category = category;
  const description = textOf(node, 'description') ?? facts.meta('og:description') ?? facts.meta('description');
  if (description) product.description = description;
  const images = imagesOf(node, facts, title);
  const fallbackImages =
    images.length > 0 ? images : facts.metaAll('og:image').map((url) => ({ url: facts.resolve(url) }));
  product.variants = variantsOf(node, facts, fallbackImages, title);
  return orderProduct(product);
}

function urlOf(node: SchemaNode, facts: PageFacts): string | undefined {
  const url = asText(valuesOf(node, 'url')[0]);
  return url ? facts.resolve(url) : undefined;
}

function brandOf(node: SchemaNode): string | undefined {
  return textOf(node, 'brand') ?? textOf(node, 'manufacturer');
}

function categoryOf(node: SchemaNode): string | undefined {
  const names = valuesOf(node, 'category')
    .map(asText)
    .filter((v): v is string => v !== undefined);
  if (names.length === 0) return undefined;
  // Google product taxonomy is already a path; a list of categories reads as one.
  return names.map((name) => taxonomyPath(name)).join(' > ');
}

// `a / b | c` → `a > b > c`: each `>`, `/` or `|` with the whitespace around it becomes ` > `. Split, not a global
// regex of optional whitespace around the mark, which rescans a long whitespace run from each character (quadratic).
function taxonomyPath(path: string): string {
  const parts = path.split(/[>/|]/);
  const last = parts.length - 1;
  return parts
    .map((p, i) => (i > 0 && i < last ? p.trim() : i > 0 ? p.trimStart() : i < last ? p.trimEnd() : p))
    .join(' > ');
}

function imagesOf(node: SchemaNode, facts: PageFacts, title: string): ImageRef[] {
  const out: ImageRef[] = [];
  const seen = new Set<string>();
  for (const value of valuesOf(node, 'image')) {
    let url: string | undefined;
    let alt: string | undefined;
    if (typeof value === 'string') url = asText(value);
    else if (isNode(value)) {
      url = asText(valuesOf(value, 'contentUrl')[0]) ?? asText(valuesOf(value, 'url')[0]);
      alt = textOf(value, 'caption') ?? textOf(value, 'name') ?? textOf(value, 'description');
    }
    if (!url) continue;
    const absolute = facts.resolve(url);
    if (seen.has(absolute)) continue;
    seen.add(absolute);
    const image: ImageRef = { url: absolute };
    if (alt && alt !== title) image.alt = alt;
    out.push(image);
  }
  return out;
}

function variantsOf(node: SchemaNode, facts: PageFacts, images: ImageRef[], title: string): ProductVariant[] {
  if (hasType(node, GROUP_TYPES)) {
    const members = nodesOf(node, 'hasVariant');
    const variesBy = valuesOf(node, 'variesBy')
      .map((v) => (typeof v === 'string' ? shortType(v) : undefined))
      .filter((v): v is string => !!v);
    if (members.length > 0) return members.map((member) => variantFromProduct(member, facts, images, title, variesBy));
  }
  const offers = offersOf(node);
  if (offers.length === 0) {
    const only: ProductVariant = { availability: { inStock: false } };
    const sku = textOf(node, 'sku');
    if (sku) only.sku = sku;
    if (images.length > 0) only.images = images;
    return [only];
  }
  return offers.map((offer) => {
    const variant = variantFromOffer(offer, facts, images, title);
    if (offers.length === 1) {
      const sku = variant.sku ?? textOf(node, 'sku');
      if (sku) variant.sku = sku;
      const id = variant.id ?? idOf(node);
      if (id) variant.id = id;
    }
    return ordered(variant);
  });
}

function variantFromProduct(
  member: SchemaNode,
  facts: PageFacts,
  groupImages: ImageRef[],
  groupTitle: string,
  variesBy: string[],
): ProductVariant {
  const offers = offersOf(member);
  const variant: ProductVariant =
    offers.length > 0 ? variantFromOffer(offers[0]!, facts, [], groupTitle) : { availability: { inStock: false } };
  const id = idOf(member);
  if (id) variant.id = id;
  const sku = textOf(member, 'sku') ?? variant.sku;
  if (sku) variant.sku = sku;
  const name = textOf(member, 'name');
  if (name && name !== groupTitle) variant.title = name;
  const values = valuesFor(member, variesBy);
  if (values) variant.values = values;
  const own = imagesOf(member, facts, name ?? groupTitle);
  const images = own.length > 0 ? own : groupImages;
  if (images.length > 0) variant.images = images;
  else delete variant.images;
  return ordered(variant);
}

function variantFromOffer(offer: SchemaNode, facts: PageFacts, images: ImageRef[], title: string): ProductVariant {
  const variant: ProductVariant = { availability: availabilityOf(offer) };
  const item = nodesOf(offer, 'itemOffered')[0];
  const sku = textOf(offer, 'sku') ?? (item && textOf(item, 'sku'));
  if (sku) variant.sku = sku;
  const id = item ? idOf(item) : undefined;
  if (id) variant.id = id;
  const name = textOf(offer, 'name') ?? (item && textOf(item, 'name'));
  if (name && name !== title) variant.title = name;
  const values = item ? valuesFor(item, []) : undefined;
  if (values) variant.values = values;
  const { price, original } = pricesOf(offer);
  if (price) variant.price = price;
  if (price && original && original.amount > price.amount) variant.sale = { originalPrice: original };
  // An offer with a price and no stated availability is on sale (shops omit the default).
  if (valuesOf(offer, 'availability').length === 0 && price) variant.availability = { inStock: true };
  const own = item ? imagesOf(item, facts, title) : [];
  const shown = own.length > 0 ? own : images;
  if (shown.length > 0) variant.images = shown;
  return ordered(variant);
}

/** Offers of a product, AggregateOffers opened up when they list their offers. */
function offersOf(node: SchemaNode): SchemaNode[] {
  const out: SchemaNode[] = [];
  for (const offer of nodesOf(node, 'offers')) {
    const inner = hasType(offer, AGGREGATE_TYPES) ? nodesOf(offer, 'offers') : [];
    if (inner.length > 0) {
      // Inner offers often leave the currency to the aggregate.
      const currency = valuesOf(offer, 'priceCurrency')[0];
      for (const o of inner)
        out.push(
          valuesOf(o, 'priceCurrency').length === 0 && currency !== undefined ? { ...o, priceCurrency: currency } : o,
        );
    } else out.push(offer);
  }
  return out;
}

function pricesOf(offer: SchemaNode): { price?: Price; original?: Price } {
  const currency = valuesOf(offer, 'priceCurrency')[0];
  let price = priceFromValues(valuesOf(offer, 'price')[0] ?? valuesOf(offer, 'lowPrice')[0], currency);
  let original: Price | undefined;
  for (const spec of nodesOf(offer, 'priceSpecification')) {
    const specPrice = priceFromValues(
      valuesOf(spec, 'price')[0] ?? valuesOf(spec, 'minPrice')[0],
      valuesOf(spec, 'priceCurrency')[0] ?? currency,
    );
    if (!specPrice) continue;
    const kind = valuesOf(spec, 'priceType')
      .map((v) => (typeof v === 'string' ? shortType(v) : ''))
      .find(Boolean);
    if (kind && BEFORE_DISCOUNT.has(kind)) original ??= specPrice;
    else price ??= specPrice;
  }
  return { price, original };
}

function availabilityOf(offer: SchemaNode): { inStock: boolean; text?: string } {
  const raw = valuesOf(offer, 'availability').map(asText).find(Boolean);
  if (!raw) return { inStock: false };
  const text = shortType(raw).replace(/\s+/g, '');
  const known = [
    ...IN_STOCK,
    'OutOfStock',
    'SoldOut',
    'Discontinued',
    'PreOrder',
    'PreSale',
    'BackOrder',
    'MadeToOrder',
    'Reserved',
  ].find((k) => k.toLowerCase() === text.toLowerCase());
  return { inStock: known !== undefined && IN_STOCK.has(known), text: known ?? asText(raw)! };
}

function idOf(node: SchemaNode): string | undefined {
  return (
    textOf(node, 'productID') ??
    textOf(node, 'gtin13') ??
    textOf(node, 'gtin12') ??
    textOf(node, 'gtin14') ??
    textOf(node, 'gtin8') ??
    textOf(node, 'gtin') ??
    textOf(node, 'mpn')
  );
}

function valuesFor(node: SchemaNode, variesBy: string[]): Record<string, string> | undefined {
  const values: Record<string, string> = {};
  for (const prop of [...new Set([...variesBy, ...VARIANT_PROPS])]) {
    const value = textOf(node, prop);
    // Defined, not assigned: a page's variesBy "__proto__" is a plain key.
    if (value) Object.defineProperty(values, prop, { value, enumerable: true, writable: true, configurable: true });
  }
  for (const pv of nodesOf(node, 'additionalProperty')) {
    const name = textOf(pv, 'name');
    const value = textOf(pv, 'value');
    if (name && value && !Object.hasOwn(values, name))
      Object.defineProperty(values, name, { value, enumerable: true, writable: true, configurable: true });
  }
  return Object.keys(values).length > 0 ? values : undefined;
}

/** Key order of a product as documented (title, brand, category, url, description, variants). */
export function orderProduct(p: Product): Product {
  const keys: (keyof Product)[] = ['title', 'brand', 'category', 'url', 'description', 'variants'];
  const result: Record<string, unknown> = {};
  for (const key of keys) if (p[key] !== undefined) result[key] = p[key];
  return result as unknown as Product;
}

/** Key order of a variant as documented (id, sku, title, values, price, sale, availability, images). */
export function ordered(v: ProductVariant): ProductVariant {
  const keys: (keyof ProductVariant)[] = ['id', 'sku', 'title', 'values', 'price', 'sale', 'availability', 'images'];
  const result: Record<string, unknown> = {};
  for (const key of keys) if (v[key] !== undefined) result[key] = v[key];
  return result as unknown as ProductVariant;
}
