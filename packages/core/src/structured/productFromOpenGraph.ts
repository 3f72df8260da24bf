import { breadcrumbPath, type PageFacts } from './readPageFacts.js';
import { priceFromValues } from './parsePrice.js';
import { ordered, orderProduct } from './productFromSchema.js';
import type { Product, ProductVariant } from './structuredTypes.js';

/** og:type values that declare one product (`product.group` is a collection page, not a product). */
const PRODUCT_OG_TYPES = new Set(['product', 'product.item', 'og:product']);
/** More buy controls than this on a page tagged og:type=product without a price: a category page mis-tagged. */
const MAX_BUY_CONTROLS_WITHOUT_PRICE = 2;
const BUY_WORDS = /\b(add[\s_-]*to[\s_-]*(cart|bag|basket|trolley)|buy[\s_-]*now)\b/i;
/** Open Graph availability words meaning the item can be bought now. */
const OG_IN_STOCK = new Set(['instock', 'in stock', 'in_stock', 'available for order', 'available']);

/**
 * A product from Open Graph product tags (`product:price:amount` with `og:type=product` or no og:type), or undefined.
 */
export function productFromOpenGraph(facts: PageFacts, document: Document): Product | undefined {
  const ogType = facts.meta('og:type')?.toLowerCase();
  const amount = facts.meta('product:price:amount') ?? facts.meta('og:price:amount');
  // A price tag declares a product whatever og:type says (WooCommerce keeps og:type=article), except on a group
  // page; og:type=product alone is trusted only without a grid of buy buttons (shops mis-tag category pages).
  if (ogType === 'product.group') return undefined;
  const declared = ogType !== undefined && PRODUCT_OG_TYPES.has(ogType);
  if (amount === undefined && !(declared && buyControls(document) <= MAX_BUY_CONTROLS_WITHOUT_PRICE)) return undefined;
  const title =
    facts.meta('og:title') ??
    document.querySelector('h1')?.textContent?.replace(/\s+/g, ' ').trim() ??
    document.title.trim();
  if (!title) return undefined;
  const product = productHead(facts, document, title);
  product.variants = [ordered(ogVariant(facts, document, amount))];
  return orderProduct(product);
}

/** Title, address, brand, category and description from the tags (and the breadcrumb). */
function productHead(facts: PageFacts, document: Document, title: string): Product {
  const product: Product = {
    title,
    url: facts.canonical ?? (facts.meta('og:url') ? facts.resolve(facts.meta('og:url')!) : facts.url),
    variants: [],
  };
  const brand = facts.meta('product:brand') ?? facts.meta('og:brand');
  if (brand) product.brand = brand;
  const category = breadcrumbPath(document, [], title) ?? facts.meta('product:category');
  if (category) product.category = category;
  const description = facts.meta('og:description') ?? facts.meta('description');
  if (description) product.description = description;
  return product;
}

/** The one variant the tags describe: price (a lower sale price wins, the list price as its original), stock. */
function ogVariant(facts: PageFacts, document: Document, amount: string | undefined): ProductVariant {
  const currency = facts.meta('product:price:currency') ?? facts.meta('og:price:currency');
  const listed = priceFromValues(amount, currency);
  const sale = priceFromValues(
    facts.meta('product:sale_price:amount'),
    facts.meta('product:sale_price:currency') ?? currency,
  );
  const availabilityText = facts.meta('product:availability') ?? facts.meta('og:availability');
  const variant: ProductVariant = {
    availability: availabilityText
      ? { inStock: OG_IN_STOCK.has(availabilityText.toLowerCase()), text: availabilityText }
      : { inStock: listed !== undefined || buyControls(document) > 0 },
  };
  const sku = facts.meta('product:retailer_item_id') ?? facts.meta('product:sku');
  if (sku) variant.sku = sku;
  if (sale && listed && sale.amount < listed.amount) {
    variant.price = sale;
    variant.sale = { originalPrice: listed };
  } else if (listed) variant.price = listed;
  const images = facts.metaAll('og:image').map((url) => ({ url: facts.resolve(url) }));
  if (images.length > 0) variant.images = images;
  return variant;
}

/** Enabled buy buttons on the page. */
function buyControls(document: Document): number {
  const body = document.body;
  if (!body) return 0;
  return Array.from(body.querySelectorAll('button, input[type="submit"]')).filter(
    (b) =>
      !b.hasAttribute('disabled') &&
      BUY_WORDS.test(`${b.textContent ?? ''} ${b.getAttribute('value') ?? ''} ${b.getAttribute('aria-label') ?? ''}`),
  ).length;
}
