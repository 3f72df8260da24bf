import { describe, expect, it } from 'vitest';
import { parseHTML } from 'linkedom';
import { extractMainContent } from './extractMainContent.js';
import { chrome, footer, pageWithHead as page, para, text } from './testPages.fixture.js';

describe('extractMainContent on product pages (buy button)', () => {
  const buyBox = `<div class="buy-box"><div class="price">$129.00</div><label>Size</label><select><option>S</option><option>M</option></select>
    <p>Order within 3 hours for delivery tomorrow. Pay in 4 interest-free installments.</p><button type="submit">Add to cart</button></div>`;
  const productPage = (
    descClass: string,
  ) => `${chrome}<div class="pdp"><div class="gallery"><img src="/a.jpg" alt=""></div>
    <div class="info"><h1>Kettle Pro</h1>${buyBox}</div>
    <div class="${descClass}">${para('The kettle', 5)}</div></div>${footer}`;

  it('a page without product markup but with one "Add to cart" button is a product page; with one per card it is not', () => {
    // observable through a product-page-only rule: customer reviews that outweigh the product block go
    const reviews = Array.from(
      { length: 6 },
      (_, i) =>
        `<li class="review-item"><p>Reviewer ${i} writes that the kettle boiled water fast every morning and the handle stayed cool in the hand.</p></li>`,
    ).join('');
    const body = (
      buttons: string,
    ) => `${chrome}<div class="layout"><div class="product"><h1>Kettle Pro</h1><p class="price">$39.00</p>${buttons}
      <div class="about">${para('The kettle', 4)}</div>
      <div class="product-reviews"><h2>What others are saying</h2><ol>${reviews}</ol></div></div>
      <aside class="sidebar">${para('Rental terms', 6)}</aside></div>${footer}`;
    const single = text(extractMainContent(page(body('<button>Add to cart</button>'))));
    expect(single).toContain('The kettle paragraph 4');
    expect(single).not.toContain('Reviewer 3 writes');
    const twoButtons = text(extractMainContent(page(body('<button>Add to cart</button><button>Add to cart</button>'))));
    expect(twoButtons).toContain('Reviewer 3 writes');
  });

  it('on a product page reads a short line once (a spec row in a second layout), and keeps repeated short values and repeats inside a sentence', () => {
    const specs = (more: string): string =>
      `<div class="spec"><div>Fabric: long-staple cotton</div><div>Colour</div><div>Black</div>${more}</div>`;
    const doc = page(`${chrome}<div class="pdp"><div class="info"><h1>Sheet Set</h1>${buyBox}</div>
      <div class="desc">${para('The sheets', 4)}<p>Our long-staple cotton is combed twice.</p></div>
      <div class="grid-a">${specs('')}</div><div class="more">${para('Care', 2)}<section class="grid-b">${specs('<div>Size</div><div>Queen</div>')}<p>Wash at forty degrees.</p></section></div></div>${footer}`);
    const out = text(extractMainContent(doc));
    expect(out.split('Fabric: long-staple cotton').length - 1).toBe(1);
    expect(out.split('Black').length - 1).toBe(2);
    expect(out).toContain('Our long-staple cotton is combed twice.');
    expect(out).toContain('Wash at forty degrees.');
  });

  it("drops the section opened by the shop's shipping-and-returns heading on a product page, not on an article", () => {
    const body = `${chrome}<main><h1>Kettle Pro</h1>${para('The kettle', 4)}
      <details class="accordion"><summary><h4>Shipping &amp; Returns</h4></summary><p>Standard shipping is free on orders over $65 and arrives in 3 to 6 business days.</p>
      <p>Returns are accepted within 30 days of delivery; see our returns policy page.</p></details></main>${footer}`;
    const product = text(extractMainContent(page(body), { hints: { jsonLdTypes: ['product'] } }));
    expect(product).toContain('The kettle paragraph 4');
    expect(product).not.toContain('Returns are accepted within 30 days');
    const article = text(extractMainContent(page(body), { hints: { jsonLdTypes: ['article'] } }));
    expect(article).toContain('Returns are accepted within 30 days');
  });

  it('drops the help-desk note a "Need help ...?" heading opens on a product page, not on an article nor a plain heading on help', () => {
    const body = (h: string): string => `${chrome}<main><h1>Trail Pack 25</h1>${para('The pack', 4)}
      <div class="help"><h3>${h}</h3><p>For general questions about orders, subscriptions or deliveries, please visit our Help Centre page.</p></div></main>${footer}`;
    const product = text(
      extractMainContent(page(body('Need help with your order?')), { hints: { jsonLdTypes: ['product'] } }),
    );
    expect(product).toContain('The pack paragraph 4');
    expect(product).not.toContain('please visit our Help Centre');
    const article = text(
      extractMainContent(page(body('Need help with your order?')), { hints: { jsonLdTypes: ['article'] } }),
    );
    expect(article).toContain('please visit our Help Centre');
    const statement = text(
      extractMainContent(page(body('Need help carrying heavy loads')), { hints: { jsonLdTypes: ['product'] } }),
    );
    expect(statement).toContain('please visit our Help Centre');
  });

  it('on a product page, drops the fields of a field list whose labels are mostly code identifiers (a data dump), keeps labels written for readers', () => {
    const dump = [
      ['retail_price_tier1', '$20.00_1-9 items'],
      ['order_grid_stock_limit', '10000'],
      ['section_bg_color', '#303030'],
      ['quizell_text_colour', '#FFF'],
    ]
      .map(([k, v]) => `<dt>${k}:</dt><dd>${v}</dd>`)
      .join('');
    const body = (
      fields: string,
    ) => `${chrome}<main><h1>Staple Tee</h1><p class="price">$20.00</p><button>Add to cart</button>${para('The tee', 3)}
      <dl><dt>Fabric:</dt><dd>Combed cotton</dd>${fields}</dl></main>${footer}`;
    const out = text(extractMainContent(page(body(dump))));
    expect(out).toContain('The tee paragraph 3');
    expect(out).toContain('Combed cotton');
    expect(out).not.toContain('order_grid_stock_limit');
    expect(out).not.toContain('#303030');
    // a specification list with one identifier-looking label among readers' labels stays whole
    const specs = `<dt>Weight:</dt><dd>180 g</dd><dt>Fit:</dt><dd>Regular</dd><dt>Origin:</dt><dd>Portugal</dd><dt>model_no:</dt><dd>5001</dd>`;
    expect(text(extractMainContent(page(body(specs))))).toContain('model_no:5001');
  });

  it('reads a bare "blind" class as screen-reader-only text, a longer class word with "blind" in it as visible', () => {
    const doc = page(`${chrome}<main><h1>Phone X</h1>${para('The phone', 3)}
      <button type="button"><span>How to use the camera</span><span class="blind" aria-hidden="true">Video transcript: a hand holds the phone while the narrator lists every camera mode one by one.</span></button>
      <div class="blinds-spec">${para('Roller blinds fit', 2)}</div></main>${footer}`);
    const out = text(extractMainContent(doc));
    expect(out).toContain('The phone paragraph 2');
    expect(out).not.toContain('Video transcript');
    expect(out).toContain('Roller blinds fit paragraph 2');
  });

  it('keeps a long sidebar archive of post links as chrome even when it outweighs the post', () => {
    const months = ['January', 'February', 'March', 'April', 'May', 'June'];
    const archive = months
      .map(
        (m) =>
          `<h3>${m} 2026</h3><ul>${Array.from(
            { length: 12 },
            (_, i) =>
              `<li><a href="/blog/${m}-${i}">Why grape variety ${i} tastes of ${m.toLowerCase()} fruit and stone</a> - ${i + 1} ${m} 2026</li>`,
          ).join('')}</ul>`,
      )
      .join('');
    const doc =
      page(`${chrome}<div id="blog"><section class="left"><article><h1>How many wine styles are there?</h1>${para('The wine', 5)}</article></section>
      <aside><h2>Archive</h2>${archive}</aside></div>${footer}`);
    const out = text(extractMainContent(doc));
    expect(out).toContain('The wine paragraph 5');
    expect(out).not.toContain('grape variety 3');
  });

  it('keeps a specification table whose rows each carry an unlabelled info button, and still drops a form of labelled controls', () => {
    const row = (k: string, v: string) =>
      `<div class="row"><div class="label"><span>${k}</span><button type="button" aria-label="tooltip"></button></div><div class="value">${v}</div></div>`;
    const specs = [
      ['Height', '3.2 cm'],
      ['Width', '31 cm'],
      ['Weight', '663 g'],
      ['Keycaps', 'ABS'],
    ]
      .map(([k, v]) => row(k, v))
      .join('');
    const form = '<div class="opts"><button>S</button><button>M</button><button>L</button><button>XL</button></div>';
    const { document } =
      parseHTML(`<html><body><main><h1>K2 keyboard</h1><p>A compact wireless mechanical keyboard with hot-swappable switches and a long-lasting battery.</p>
      <div class="specs">${specs}</div>${form}</main></body></html>`);
    const out = extractMainContent(document as unknown as Document).textContent ?? '';
    expect(out).toContain('Height');
    expect(out).toContain('3.2 cm');
    expect(out).toContain('663 g');
    expect(out).not.toContain('XL');
  });

  it('still drops a gallery of unlabelled thumbnail buttons with hardly any text between them', () => {
    const thumbs = Array.from(
      { length: 6 },
      (_, i) => `<button type="button" aria-label="Show image ${i + 1}"><img src="t${i}.jpg" alt=""></button>`,
    ).join('');
    const { document } =
      parseHTML(`<html><body><main><h1>Yoga mat</h1><div class="gallery"><span>1 / 6</span>${thumbs}</div>
      <p>An extra thick mat of high-density foam that takes the pressure off knees, elbows and wrists.</p></main></body></html>`);
    const out = extractMainContent(document as unknown as Document).textContent ?? '';
    expect(out).toContain('extra thick mat');
    expect(out).not.toContain('1 / 6');
  });
});

describe('extractMainContent on category pages', () => {
  it('keeps a "header"-named block that holds the page title over its intro paragraphs: the page\'s header, not the site\'s', () => {
    const doc = page(`${chrome}<div class="browse-wrap">
      <div class="browse-header"><ol class="breadcrumb"><li><a href="/">Home</a></li><li><a href="/all">All products</a></li></ol>
        <div class="browse-header__content"><h1>Trail watches</h1><div class="browse-header__text">
          <p>Want to know how far you ran? A trail watch tells you.</p>
          <p>These watches answer your questions on distance, pace and climbing, using satellites to place you on the map at every step of the run.</p></div></div></div>
      <div class="browse-content"><h2>Free returns</h2><p>Not sure about a new watch? Send it back within thirty days, whatever the reason, and we refund you.</p>
        <ul class="grid">${[1, 2, 3, 4, 5, 6].map((i) => `<li class="card"><h3><a href="/p/${i}">Trail watch model ${i} with barometer</a></h3><p>$${160 + i}.00</p></li>`).join('')}</ul></div>
      <nav class="filters"><a href="?g=m">Men</a><a href="?g=w">Women</a><a href="?b=a">Acme</a><a href="?b=g">Globex</a></nav></div>${footer}`);
    const out = text(extractMainContent(doc));
    for (const s of [
      'Trail watches',
      'A trail watch tells you',
      'using satellites',
      'Send it back',
      'Trail watch model 6',
      '$166.00',
    ])
      expect(out).toContain(s);
    for (const s of ['All products', 'Globex', 'Copyright']) expect(out).not.toContain(s);
  });

  it('keeps shop cards with their swatch and cart buttons when each card carries its own product classes', () => {
    const names = [
      'Seed tray for small birds',
      'Wall mount for the feeder',
      'Suet ball holder',
      'Solar roof with panel',
      'Perch extender in oak',
    ];
    const cards = names
      .map(
        (
          n,
          i,
        ) => `<li class="product product_slug_${n.toLowerCase().replace(' ', '-')}${i % 2 ? ' has-attributes' : ''}">
      <div class="loop-wrap"><div class="thumb"><a href="/p/${i}">-2${i}%</a></div>
        <div class="details"><div class="title-price"><a href="/p/${i}">${n}</a> <span>$${30 + i}.00</span></div>
        <form><button>S</button><button>M</button><button>L</button></form><button>Add</button></div></div></li>`,
      )
      .join('');
    const doc = page(`${chrome}<main><h1>Shop</h1>${para('Our feeders', 2)}
      <div class="products-content"><ul class="products">${cards}</ul></div></main>${footer}`);
    const out = text(extractMainContent(doc));
    for (const s of ['Our feeders paragraph 2', 'Seed tray for small birds', 'Perch extender in oak', '$34.00'])
      expect(out).toContain(s);
  });

  it('keeps a framework callout marked role=alert that says more than a few words (a Bootstrap note)', () => {
    const note = 'Note: the stove needs a standard 16 oz propane cylinder, sold separately in every hardware store.';
    const doc = page(
      `${chrome}<main><h1>Camp stoves</h1>${para('Our stoves', 2)}<div class="alert alert-info" role="alert">${note}</div>${para('Care', 2)}</main>${footer}`,
    );
    expect(text(extractMainContent(doc))).toContain('sold separately in every hardware store');
  });
});
