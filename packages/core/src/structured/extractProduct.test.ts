import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseHtml } from '../html/parseHtml.js';
import { processHtml } from '../html/processHtml.js';
import { extractProduct } from './extractProduct.js';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}.html`, import.meta.url), 'utf8');
const productOf = (name: string) => extractProduct(parseHtml(fixture(name)), `https://fixture.example/${name}`);

describe('extractProduct on real-world-shaped pages (exact output)', () => {
  it('JSON-LD Product: breadcrumb path by position without Home, strikethrough price as sale, ImageObject caption as alt, entities decoded', () => {
    const expected = {
      title: 'Trailblazer 2 Running Shoe',
      brand: 'Northpeak',
      category: "Men's Shoes > Running",
      url: 'https://shop.northpeak.example/p/trailblazer-2',
      description: 'A lightweight trail shoe with a 5 mm lug outsole & a rock plate.',
      variants: [
        {
          id: 'TB2-2024',
          sku: 'NP-TB2-M',
          price: {
            amount: 119.95,
            currency: 'USD',
            formatted: '$119.95',
          },
          sale: {
            originalPrice: {
              amount: 149.95,
              currency: 'USD',
              formatted: '$149.95',
            },
          },
          availability: {
            inStock: true,
            text: 'InStock',
          },
          images: [
            {
              url: 'https://fixture.example/img/tb2-side.jpg',
            },
            {
              url: 'https://cdn.northpeak.example/img/tb2-sole.jpg',
              alt: 'Outsole',
            },
          ],
        },
      ],
    };
    const product = productOf('product-jsonld');
    expect(product).toStrictEqual(expected);
    // Key order is part of the answer (clients diff JSON): title, brand, category, url, description, variants.
    expect(JSON.stringify(product)).toBe(JSON.stringify(expected));
  });

  it('JSON-LD ProductGroup in an @graph: one variant per hasVariant, variesBy values, ListPrice as sale, @id references resolved', () => {
    const expected = {
      title: 'Merino Crew Jumper',
      brand: 'Fernhill',
      category: 'Knitwear',
      url: 'https://fernhill.example/products/merino-crew',
      description: 'Fine-gauge merino wool, knitted in Scotland.',
      variants: [
        {
          id: '5012345678900',
          sku: 'MCJ-NVY-M',
          title: 'Merino Crew Jumper – Navy / M',
          values: {
            color: 'Navy',
            size: 'M',
          },
          price: {
            amount: 89,
            currency: 'GBP',
            formatted: '£89.00',
          },
          availability: {
            inStock: true,
            text: 'InStock',
          },
          images: [
            {
              url: 'https://fernhill.example/img/mcj-navy.jpg',
            },
          ],
        },
        {
          sku: 'MCJ-NVY-L',
          title: 'Merino Crew Jumper – Navy / L',
          values: {
            color: 'Navy',
            size: 'L',
          },
          price: {
            amount: 89,
            currency: 'GBP',
            formatted: '£89.00',
          },
          availability: {
            inStock: false,
            text: 'OutOfStock',
          },
          images: [
            {
              url: 'https://fernhill.example/img/mcj-navy.jpg',
            },
          ],
        },
        {
          sku: 'MCJ-OAT-M',
          title: 'Merino Crew Jumper – Oatmeal / M',
          values: {
            color: 'Oatmeal',
            size: 'M',
          },
          price: {
            amount: 62.3,
            currency: 'GBP',
            formatted: '£62.30',
          },
          sale: {
            originalPrice: {
              amount: 89,
              currency: 'GBP',
              formatted: '£89.00',
            },
          },
          availability: {
            inStock: true,
            text: 'LimitedAvailability',
          },
        },
      ],
    };
    const product = productOf('product-group-jsonld');
    expect(product).toStrictEqual(expected);
    // Key order is part of the answer (clients diff JSON): title, brand, category, url, description, variants.
    expect(JSON.stringify(product)).toBe(JSON.stringify(expected));
  });

  it('microdata only: nested Brand item, content attribute over display text, link availability', () => {
    const expected = {
      title: 'Espressokanne Classica 6 Tassen',
      brand: 'Berger',
      url: 'https://fixture.example/product-microdata',
      description: 'Aluminium-Espressokanne für 6 Tassen, für Gas- und Elektroherde.',
      variants: [
        {
          sku: 'KB-1006',
          price: {
            amount: 34.9,
            currency: 'EUR',
            formatted: '€34.90',
          },
          availability: {
            inStock: false,
            text: 'OutOfStock',
          },
          images: [
            {
              url: 'https://fixture.example/bilder/classica-6.jpg',
            },
          ],
        },
      ],
    };
    const product = productOf('product-microdata');
    expect(product).toStrictEqual(expected);
    // Key order is part of the answer (clients diff JSON): title, brand, category, url, description, variants.
    expect(JSON.stringify(product)).toBe(JSON.stringify(expected));
  });

  it('RDFa only: vocab + typeof + property, nested Brand, CA$ as CAD from priceCurrency', () => {
    const expected = {
      title: 'Field Notes Ledger, A5',
      brand: 'Papermill Co.',
      url: 'https://fixture.example/product-rdfa',
      description: 'Ruled A5 ledger, 192 pages of 100 gsm paper.',
      variants: [
        {
          price: {
            amount: 24,
            currency: 'CAD',
            formatted: 'CA$24.00',
          },
          availability: {
            inStock: false,
            text: 'PreOrder',
          },
          images: [
            {
              url: 'https://fixture.example/media/ledger-a5.png',
            },
          ],
        },
      ],
    };
    const product = productOf('product-rdfa');
    expect(product).toStrictEqual(expected);
    // Key order is part of the answer (clients diff JSON): title, brand, category, url, description, variants.
    expect(JSON.stringify(product)).toBe(JSON.stringify(expected));
  });

  it('Open Graph product tags only: sale price with the list price as original, several og:image', () => {
    const expected = {
      title: 'Hand-thrown Stoneware Mug',
      brand: 'Clay Studio',
      url: 'https://claystudio.example/mug',
      description: 'A 350 ml mug glazed in speckled oat.',
      variants: [
        {
          sku: 'MUG-OAT-350',
          price: {
            amount: 25.6,
            currency: 'EUR',
            formatted: '€25.60',
          },
          sale: {
            originalPrice: {
              amount: 32,
              currency: 'EUR',
              formatted: '€32.00',
            },
          },
          availability: {
            inStock: true,
            text: 'in stock',
          },
          images: [
            {
              url: 'https://claystudio.example/mug-1.jpg',
            },
            {
              url: 'https://claystudio.example/mug-2.jpg',
            },
          ],
        },
      ],
    };
    const product = productOf('product-og');
    expect(product).toStrictEqual(expected);
    // Key order is part of the answer (clients diff JSON): title, brand, category, url, description, variants.
    expect(JSON.stringify(product)).toBe(JSON.stringify(expected));
  });

  it('no structured data: h1 + buy button + price markup, was-price as sale, gallery beside the title block', () => {
    const expected = {
      title: 'Cast Iron Skillet 26 cm',
      category: 'Cookware > Pans',
      url: 'https://fixture.example/product-markup',
      description: 'Pre-seasoned cast iron skillet, 26 cm.',
      variants: [
        {
          price: {
            amount: 36,
            currency: 'GBP',
            formatted: '£36.00',
          },
          sale: {
            originalPrice: {
              amount: 45,
              currency: 'GBP',
              formatted: '£45.00',
            },
          },
          availability: {
            inStock: true,
          },
          images: [
            {
              url: 'https://fixture.example/images/skillet-26-top.jpg',
              alt: 'Skillet from above',
            },
            {
              url: 'https://fixture.example/images/skillet-26-side.jpg',
              alt: 'Skillet side',
            },
          ],
        },
      ],
    };
    const product = productOf('product-markup');
    expect(product).toStrictEqual(expected);
    // Key order is part of the answer (clients diff JSON): title, brand, category, url, description, variants.
    expect(JSON.stringify(product)).toBe(JSON.stringify(expected));
  });
});

describe('pages that are not products', () => {
  it('an article that quotes prices is null', () => {
    expect(productOf('article')).toBeNull();
  });
  it('restaurant menus are null', () => {
    expect(productOf('menu-schema')).toBeNull();
    expect(productOf('menu-html')).toBeNull();
  });
  it("a category listing (ItemList of Products) is null: none of them is the page's product", () => {
    const html = `<html><head><script type="application/ld+json">{"@context":"https://schema.org","@type":"ItemList","itemListElement":[
      {"@type":"ListItem","position":1,"item":{"@type":"Product","name":"A","offers":{"@type":"Offer","price":"1.00","priceCurrency":"USD"}}},
      {"@type":"ListItem","position":2,"item":{"@type":"Product","name":"B","offers":{"@type":"Offer","price":"2.00","priceCurrency":"USD"}}}]}</script></head><body><h1>Shoes</h1></body></html>`;
    expect(extractProduct(parseHtml(html), 'https://shop.example/shoes')).toBeNull();
  });
  it('a grid of products (one microdata Product per card, a buy button each) is null', () => {
    const cards = ['Kettle', 'Toaster', 'Blender']
      .map(
        (n, i) => `<div itemscope itemtype="https://schema.org/Product"><h2 itemprop="name">${n}</h2>
      <div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><span class="price" itemprop="price" content="${20 + i}">£${20 + i}.00</span><meta itemprop="priceCurrency" content="GBP"></div>
      <button>Add to basket</button></div>`,
      )
      .join('');
    expect(extractProduct(parseHtml(`<h1>Small appliances</h1>${cards}`), 'https://shop.example/small')).toBeNull();
    const bare = ['Kettle', 'Toaster', 'Blender', 'Juicer']
      .map(
        (n, i) =>
          `<div class="card"><h3>${n}</h3><span class="price">£${20 + i}.00</span><button>Add to basket</button></div>`,
      )
      .join('');
    expect(extractProduct(parseHtml(`<h1>Small appliances</h1>${bare}`), 'https://shop.example/small')).toBeNull();
  });
  it('og:type product.group (a collection) is not a product; og:type product without a price is one unless the page is a grid of buy buttons', () => {
    const page = (type: string, extra = '', body = '') =>
      `<head><meta property="og:type" content="${type}"><meta property="og:title" ` +
      `content="Sofas">${extra}</head><body><h1>Sofas</h1>${body}</body>`;
    expect(
      extractProduct(
        parseHtml(page('product.group', '<meta property="product:price:amount" content="499">')),
        'https://x.example/sofas',
      ),
    ).toBeNull();
    const grid = ['A', 'B', 'C'].map((n) => `<div><h2>${n}</h2><button>Add to cart</button></div>`).join('');
    expect(extractProduct(parseHtml(page('product', '', grid)), 'https://x.example/sofas')).toBeNull();
    expect(
      extractProduct(parseHtml(page('product', '', '<button>Add to cart</button>')), 'https://x.example/sofa'),
    ).toStrictEqual({
      title: 'Sofas',
      url: 'https://x.example/sofa',
      variants: [{ availability: { inStock: true } }],
    });
  });
  it('WooCommerce keeps og:type article but states the price: a product', () => {
    const html =
      `<head><meta property="og:type" content="article"><meta property="og:title" content="Hair Dryer ` +
      `G3"><meta property="product:price:amount" content="101.97"><meta property="product:price:currency" ` +
      `content="USD"></head><body><h1>Hair Dryer G3</h1></body>`;
    expect(extractProduct(parseHtml(html), 'https://x.example/g3')?.variants).toStrictEqual([
      { price: { amount: 101.97, currency: 'USD', formatted: '$101.97' }, availability: { inStock: true } },
    ]);
  });
  it('a product page whose JSON-LD also lists related products picks the one it is titled after', () => {
    const related = ['Strap', 'Case']
      .map((n) => `{"@type":"Product","name":"${n}","offers":{"@type":"Offer","price":"9","priceCurrency":"USD"}}`)
      .join(',');
    const html = `<head><script type="application/ld+json">[{"@type":"Product","name":"Moon Silver Watch","offers":{"@type":"Offer","price":"148","priceCurrency":"USD"}},${related}]</script></head><body><h1>Moon Silver Watch</h1></body>`;
    expect(extractProduct(parseHtml(html), 'https://x.example/w')?.title).toBe('Moon Silver Watch');
    const listing = html.replace('<h1>Moon Silver Watch</h1>', '<h1>Watches</h1>');
    expect(extractProduct(parseHtml(listing), 'https://x.example/w')).toBeNull();
  });
  it('an empty page and a page with broken JSON-LD are null, never a throw', () => {
    expect(extractProduct(parseHtml(''), 'https://x.example/')).toBeNull();
    expect(
      extractProduct(
        parseHtml('<script type="application/ld+json">{"@type": "Product", "name": </script>'),
        'https://x.example/',
      ),
    ).toBeNull();
  });
});

describe('details', () => {
  it('repairs a trailing comma in hand-written JSON-LD and reads AggregateOffer lowPrice', () => {
    const html = `<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Lamp",
      "offers":{"@type":"AggregateOffer","lowPrice":"19.5","highPrice":"40","priceCurrency":"usd","offerCount":3,},}</script>`;
    expect(extractProduct(parseHtml(html), 'https://x.example/lamp')).toStrictEqual({
      title: 'Lamp',
      url: 'https://x.example/lamp',
      variants: [{ price: { amount: 19.5, currency: 'USD', formatted: '$19.50' }, availability: { inStock: true } }],
    });
  });
  it('a bare $ states no currency: the amount and the shown text are kept, currency is left out', () => {
    const html = `<h1>Desk Fan</h1><span class="price">$1,249.00</span><button>Add to cart</button>`;
    expect(extractProduct(parseHtml(html), 'https://x.example/fan')?.variants[0]?.price).toStrictEqual({
      amount: 1249,
      formatted: '$1,249.00',
    });
  });
  it('a disabled buy button or sold-out text means not in stock', () => {
    const html =
      `<h1>Desk Fan</h1><span class="price">€19,99</span><p>Sold out</p><button disabled>Add to ` + `cart</button>`;
    expect(extractProduct(parseHtml(html), 'https://x.example/fan')?.variants[0]?.availability).toStrictEqual({
      inStock: false,
      text: 'Sold out',
    });
  });
});

describe('processHtml structured hook', () => {
  it('computes product and menu on the one parse, before cleaning and regardless of excludeTags', () => {
    const result = processHtml(
      { body: fixture('product-jsonld'), url: 'https://fixture.example/product-jsonld' },
      { structured: { product: true, menu: true }, excludeTags: ['script', 'main'] },
    );
    expect(result.product?.title).toBe('Trailblazer 2 Running Shoe');
    expect(result.product?.variants[0]?.price).toStrictEqual({ amount: 119.95, currency: 'USD', formatted: '$119.95' });
    expect(result.menu?.isMenu).toBe(false);
    expect(result.markdown).not.toContain('Add to cart');
  });
  it('leaves both fields out unless asked', () => {
    const result = processHtml({ body: fixture('product-jsonld'), url: 'https://fixture.example/product-jsonld' });
    expect('product' in result).toBe(false);
    expect('menu' in result).toBe(false);
  });
  it('resolves relative URLs against <base href>', () => {
    const html = `<head><base href="https://cdn.example/shop/"></head><script type="application/ld+json">{"@type":"Product","name":"Cup","image":"img/cup.jpg","offers":{"@type":"Offer","price":3,"priceCurrency":"EUR"}}</script>`;
    const result = processHtml({ body: html, url: 'https://x.example/cup' }, { structured: { product: true } });
    expect(result.product?.variants[0]?.images).toStrictEqual([{ url: 'https://cdn.example/shop/img/cup.jpg' }]);
  });
});
