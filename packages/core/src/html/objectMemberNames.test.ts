import { describe, expect, it } from 'vitest';
import { extractImages } from './extractImages.js';
import { parseHtml } from './parseHtml.js';
import { processHtml, type ProcessHtmlOptions } from './processHtml.js';

// Pages are hostile input: an element, attribute, entity, charset, meta name, itemprop, RDFa property or JSON-LD key
// named like an Object.prototype member ("constructor", "toString", "__proto__", ...) must be plain text to us.
const NAMES = Object.getOwnPropertyNames(Object.prototype);
const URL_ = 'https://example.com/page';
const TEXT = 'A paragraph with enough words in it to be the main content of this small page. '.repeat(3);

function pagesFor(name: string): Record<string, string> {
  const tag = name.toLowerCase();
  const jsonName = JSON.stringify(name);
  const product = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: 'Kettle',
    [name]: name,
    variesBy: name,
    additionalProperty: { '@type': 'PropertyValue', name, value: 'v' },
    offers: { '@type': 'Offer', price: '10', priceCurrency: 'EUR', [name]: { '@id': '#x' } },
  };
  const menu = {
    '@context': 'https://schema.org',
    '@type': 'Menu',
    [name]: [name],
    hasMenuSection: {
      '@type': 'MenuSection',
      name: 'Mains',
      hasMenuItem: { '@type': 'MenuItem', name: 'Soup', suitableForDiet: name, [name]: { '@id': name } },
    },
  };
  return {
    tag: `<html><body><${tag} src="a.png" href="b" srcset="c.png 1x">x</${tag}><p>${TEXT}</p></body></html>`,
    attribute: `<html><body><p ${tag}="x"><img src="a.png" ${tag}="y">${TEXT}</p></body></html>`,
    entity: `<html><body><p>Hello &${name}; world &amp;${name}; ${TEXT}</p></body></html>`,
    charset: `<html><head><meta charset="${name}"></head><body><p>${TEXT}</p></body></html>`,
    meta: `<html><head><meta property="article:${name}" content="v"><meta name="${name}" content="w">
      <meta property="og:${name}" content="o"><meta itemprop="${name}" content="i"></head>
      <body><p>${TEXT}</p></body></html>`,
    microdata: `<html><body><div itemscope itemtype="https://schema.org/Product">
      <${tag} itemprop="name">Kettle</${tag}><span itemprop="${name}">v</span><span itemprop="${name} name">w</span>
      <div itemprop="offers" itemscope><meta itemprop="${name}" content="1"><meta itemprop="price" content="9">
      </div></div><p>${TEXT}</p></body></html>`,
    rdfa: `<html><body><div vocab="https://schema.org/" typeof="Product"><span property="name">Kettle</span>
      <span property="${name}">v</span><span property="${name}">w</span></div><p>${TEXT}</p></body></html>`,
    jsonLd: `<html><head><script type="application/ld+json">${JSON.stringify(product)}</script>
      <script type="application/ld+json">${JSON.stringify(menu)}</script>
      <script type="application/ld+json">{"@type":${jsonName},${jsonName}:${jsonName}}</script>
      </head><body><p>${TEXT}</p></body></html>`,
  };
}

const OPTIONS: ProcessHtmlOptions[] = [true, false].map((onlyMainContent) => ({
  onlyMainContent,
  outputs: ['html', 'markdown', 'links'],
  structured: { product: true, menu: true },
}));

/** What goes wrong processing one page (as text and as bytes, with every option set); empty when nothing does. */
function problemsOf(html: string): string[] {
  const problems: string[] = [];
  for (const body of [html, new TextEncoder().encode(html)]) {
    for (const options of OPTIONS) {
      try {
        const result = processHtml({ body, url: URL_ }, options);
        const images = extractImages(parseHtml(html), { baseUrl: URL_ });
        if (JSON.stringify({ result, images }).includes('[native code]')) problems.push('leaks a native function');
      } catch (error) {
        problems.push(`throws ${(error as Error).message}`);
      }
    }
  }
  return problems;
}

describe('names of Object.prototype members in a page', () => {
  it('neither throw nor leak a native function, for every member name in every place a page names things', () => {
    const failures: string[] = [];
    for (const name of NAMES) {
      for (const [place, html] of Object.entries(pagesFor(name))) {
        for (const problem of problemsOf(html)) failures.push(`${place}/${name}: ${problem}`);
      }
    }
    expect([...new Set(failures)]).toEqual([]);
  });

  it('keeps such names as plain keys and values', () => {
    const pages = pagesFor('constructor');
    const meta = processHtml({ body: pages.meta ?? '', url: URL_ }).metadata as Record<string, unknown>;
    expect(Object.hasOwn(meta, 'articleConstructor') && meta.articleConstructor).toBe('v');
    expect(Object.hasOwn(meta, 'constructor') && meta.constructor).toEqual(['w', 'i']);
    // The element <constructor> is kept as an unknown element: its text stays and its src is not resolved.
    const tag = processHtml({ body: pages.tag ?? '', url: URL_ }, { onlyMainContent: false });
    expect(tag.markdown).toContain('x');
    expect(tag.html).toContain('src="a.png"');
    // &constructor; is no entity: it stays as written.
    const entity = processHtml({ body: pages.entity ?? '', url: URL_ }, { outputs: ['markdown'] });
    expect(entity.markdown).toContain('&constructor; world');
    const menu = processHtml({ body: pages.jsonLd ?? '', url: URL_ }, { structured: { menu: true } }).menu;
    expect(JSON.stringify(menu)).toContain('"dietary":["constructor"]');
  });

  it('a microdata or RDFa property named constructor or __proto__ is a property beside the others', () => {
    for (const name of ['constructor', '__proto__']) {
      const pages = [
        `<div itemscope itemtype="https://schema.org/Product"><span itemprop="${name}">v</span>
          <span itemprop="name">Kettle</span><span itemprop="${name}">w</span></div>`,
        `<div vocab="https://schema.org/" typeof="Product"><span property="${name}">v</span>
          <span property="name">Kettle</span><span property="${name}">w</span></div>`,
      ];
      for (const page of pages) {
        const body = `<html><body>${page}<p>${TEXT}</p></body></html>`;
        const product = processHtml({ body, url: URL_ }, { structured: { product: true } }).product;
        expect(product?.title).toBe('Kettle');
      }
    }
  });
});
