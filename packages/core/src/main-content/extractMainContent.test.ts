import { describe, expect, it } from 'vitest';
import { parseHTML } from 'linkedom';
import { collectContentHints, extractMainContent } from './extractMainContent.js';
import { para, text } from './testPages.fixture.js';

function page(body: string, head = ''): Document {
  return parseHTML(`<!doctype html><html><head>${head}</head><body>${body}</body></html>`)
    .document as unknown as Document;
}
const chrome = `<header><a href="/">Home</a> <a href="/about">About</a> <a href="/shop">Shop</a></header>
  <nav><ul><li><a href="/a">Section A</a></li><li><a href="/b">Section B</a></li><li><a href="/c">Section C</a></li></ul></nav>`;
const footer = `<footer><p>Copyright 2024 Example Corp. All rights reserved.</p><a href="/privacy">Privacy policy</a></footer>`;

describe('extractMainContent', () => {
  it('keeps every post of a forum thread, not only the long first one', () => {
    const posts = [
      para('The original question', 6),
      '<p>Same problem here, following.</p>',
      '<p>Try clearing the cache, it worked for me.</p>',
      '<p>Thanks, that fixed it!</p>',
    ]
      .map(
        (body, i) =>
          `<div class="post-row"><div class="author">user${i}</div><div class="post-body">${body}</div></div>`,
      )
      .join('');
    const doc = page(
      `${chrome}<div class="wrap"><div class="thread">${posts}</div><div class="sidebar"><a href="/x">Other thread</a></div></div>${footer}`,
    );
    const out = text(extractMainContent(doc, { url: 'https://forum.example/t/help/42' }));
    expect(out).toContain('The original question paragraph 1');
    expect(out).toContain('Same problem here');
    expect(out).toContain('it worked for me');
    expect(out).toContain('that fixed it');
    expect(out).not.toContain('Section A');
    expect(out).not.toContain('Copyright 2024');
  });

  it("keeps the page's footer out however long its service-area list runs, when the page above it has content", () => {
    const towns = Array.from({ length: 300 }, (_, i) => `Town${i} 9${String(i).padStart(4, '0')}`).join(', ');
    const doc = page(`${chrome}<div class="page"><h1>Rentals</h1>${para('The rental service', 6)}</div>
      <footer><div class="links"><a href="/a">About</a> <a href="/b">Blog</a></div><div class="areas">We serve: ${towns}</div></footer>`);
    const out = text(extractMainContent(doc));
    expect(out).toContain('The rental service paragraph 4');
    expect(out).not.toContain('Town150');
  });

  it('drops a block opened by a recommendation heading and a repeated copy of the price box', () => {
    const teasers = Array.from(
      { length: 4 },
      (_, i) => `<div class="tile"><p>Linen shirt ${i}</p><p>€${40 + i}.00</p></div>`,
    ).join('');
    const priceBox = '<div class="price-box"><p>Price: €99.00, free returns within thirty days of delivery.</p></div>';
    const doc = page(`${chrome}<div class="item"><h1>Hemp Dress</h1>${priceBox}
      <div class="details">${para('The dress', 4)}</div>${priceBox}
      <div class="strip"><h2>You may also like</h2><div class="tiles">${teasers}</div></div></div>${footer}`);
    const out = text(extractMainContent(doc));
    for (const s of ['Hemp Dress', 'The dress paragraph 4']) expect(out).toContain(s);
    expect(out.split('Price: €99.00').length - 1).toBe(1);
    expect(out).not.toContain('You may also like');
    expect(out).not.toContain('Linen shirt 2');
  });

  it('knows the offers to complete a purchase ("Add the essentials", "Get everything you need", "Popular accessories") as recommendation headings, not "Included accessories"', () => {
    const tiles = Array.from(
      { length: 3 },
      (_, i) =>
        `<div class="tile"><p>Desk lamp model ${i} with a dimmable light, a charging port and a detailed name that goes on...</p></div>`,
    ).join('');
    const build = (h: string): string =>
      text(
        extractMainContent(
          page(`${chrome}<div class="item"><h1>Corner Desk</h1><div class="details">${para('The desk', 4)}</div>
        <div class="strip"><h2>${h}</h2><div class="tiles">${tiles}</div></div></div>${footer}`),
        ),
      );
    for (const h of [
      'Add the essentials',
      'Get Everything You Need',
      'Most popular accessories',
      'Purchase options and add-ons',
    ]) {
      const out = build(h);
      expect(out).toContain('The desk paragraph 4');
      expect(out).not.toContain('Desk lamp model 1');
    }
    expect(build('Included accessories')).toContain('Desk lamp model 1');
  });

  it('knows the shop wordings "Products related to this item", "... & Related Items", "Similar brands on" and "Sponsored by" as recommendation headings', () => {
    for (const h of [
      'Products related to this item',
      'Most Popular Accessories & Related Items',
      'Similar brands on Shopland',
      'Sponsored by our brands',
    ]) {
      const tiles = Array.from(
        { length: 3 },
        (_, i) =>
          `<div class="tile"><p>Earbuds model ${i} with a long charging case and a detailed name that goes on and on...</p></div>`,
      ).join('');
      const doc =
        page(`${chrome}<div class="item"><h1>Wireless Earbuds</h1><div class="details">${para('The earbuds', 4)}</div>
        <div class="strip"><h2>${h}</h2><div class="tiles">${tiles}</div></div></div>${footer}`);
      const out = text(extractMainContent(doc));
      expect(out).toContain('The earbuds paragraph 4');
      expect(out).not.toContain('Earbuds model 1');
    }
  });

  it('knows shop wordings of "you may also like", a bare "Sponsored", "Your recently viewed items" and "Compare with similar products" as recommendation headings', () => {
    const headings = [
      'More like this',
      'You may also need',
      'Complete your order',
      'Choose your add-ons',
      'Sponsored',
      'Your Recently Viewed Items',
      'Compare with similar products',
      'Compare similar items',
    ];
    for (const h of headings) {
      const tiles = Array.from(
        { length: 3 },
        (_, i) =>
          `<div class="tile"><p>Controller model ${i} in a limited colour, released this spring for every player</p></div>`,
      ).join('');
      const doc =
        page(`${chrome}<div class="item"><h1>Game Console</h1><div class="details">${para('The console', 4)}</div>
        <div class="strip"><h2>${h}</h2><div class="tiles">${tiles}</div></div></div>${footer}`);
      const out = text(extractMainContent(doc));
      expect(out).toContain('The console paragraph 4');
      expect(out).not.toContain('Controller model 1');
    }
  });

  it('knows review digests ("Customers say", "Reviews summary", "Top reviews from other countries") as blocks to drop', () => {
    for (const h of ['Customers say', 'Reviews summary', 'Top reviews from other countries']) {
      const notes = Array.from(
        { length: 3 },
        (_, i) => `<p>Shoppers mention point ${i} about the kettle, most of them in favour of it</p>`,
      ).join('');
      const doc =
        page(`${chrome}<div class="item"><h1>Steel Kettle</h1><div class="details">${para('The kettle', 4)}</div>
        <div class="digest"><h3>${h}</h3>${notes}</div></div>${footer}`);
      const out = text(extractMainContent(doc));
      expect(out).toContain('The kettle paragraph 4');
      expect(out).not.toContain('Shoppers mention point 1');
    }
  });

  it('drops tooltip text (class "tooltip", "tool-tip", "ToolTip", "tippy"): a definition shown on hover is not the page text', () => {
    const tip = (cls: string, t: string) =>
      `<span class="${cls}">${t} is explained at length here: designs differ in how they leak sound and isolate noise.</span>`;
    const doc = page(`${chrome}<main><h1>Open Headphones</h1>${para('The headphones', 3)}
      <dl><dt>Cup style ${tip('tool-tip__content', 'Cup style')}</dt><dd>Open-back</dd>
      <dt>Driver ${tip('ToolTipBody', 'Driver type')}</dt><dd>Planar</dd><dt>Fit ${tip('tooltip', 'Fit')}</dt><dd>Over-ear</dd>
      <dt>Weight ${tip('tippy-content', 'Weight')}</dt><dd>372 g</dd></dl></main>${footer}`);
    const out = text(extractMainContent(doc));
    expect(out).toContain('The headphones paragraph 3');
    expect(out).toContain('Open-back');
    expect(out).toContain('Planar');
    expect(out).toContain('372 g');
    expect(out).not.toContain('is explained at length');
  });

  it('og:type "product" makes a product page even when JSON-LD names a seller\'s OfferCatalog; the price in other currencies goes there', () => {
    const codes = ['AED: 549.56AED', 'GBP: $110.82', 'AUD: $232.60', 'USD: $149.64'];
    const html = `${chrome}<div class="pdp"><h1>Hemp Dress</h1><div class="price">€132.34<ul class="price-info">${codes.map((c) => `<li><b>${c.slice(0, 3)}</b>${c.slice(3)}</li>`).join('')}</ul></div>
      <div class="details">${para('The dress', 4)}</div><ul><li>USB 3 cable</li><li>Charger</li><li>Manual</li></ul></div>${footer}`;
    const hints = { jsonLdTypes: ['organization', 'offercatalog', 'product', 'offer'], ogType: 'product' };
    const out = text(extractMainContent(page(html), { hints }));
    expect(out).toContain('The dress paragraph 4');
    expect(out).toContain('€132.34');
    expect(out).toContain('USB 3 cable');
    expect(out).not.toContain('GBP');
    expect(out).not.toContain('232.60');
    // without product markup the list stays (an exchange-rate table is an article's text)
    const plainPage = text(extractMainContent(page(html), { hints: { jsonLdTypes: ['offercatalog'] } }));
    expect(plainPage).toContain('232.60');
  });

  it('knows recommendation headings in other languages ("Ils vont bien ensemble", "Das könnte dir auch gefallen", "Productos relacionados")', () => {
    for (const h of [
      'Ils vont bien ensemble',
      'Das könnte dir auch gefallen',
      'Productos relacionados',
      'Potrebbe interessarti anche',
    ]) {
      const tiles = Array.from(
        { length: 3 },
        (_, i) => `<div class="tile"><p>Barbecue modèle ${i}, acier inoxydable, grille en fonte et couvercle</p></div>`,
      ).join('');
      const doc =
        page(`${chrome}<div class="item"><h1>Barbecue Martinsen</h1><div class="details">${para('Le barbecue', 4)}</div>
        <div class="strip"><h2>${h}</h2><div class="tiles">${tiles}</div></div></div>${footer}`);
      const out = text(extractMainContent(doc));
      expect(out).toContain('Le barbecue paragraph 4');
      expect(out).not.toContain('modèle 1');
    }
  });

  it('drops badges and popovers: a label on the product shot and a panel that opens on a click are not the text', () => {
    const doc =
      page(`${chrome}<div class="pdp"><h1>Canvas Tote</h1><span class="product-badge">Best seller this week</span>
      <p class="price">$35.00</p><div class="details">${para('The tote', 4)}</div>
      <div class="size-popover"><p>Compare sizes with our chart, measured flat, and ask our team about fit before you order.</p></div></div>${footer}`);
    const out = text(extractMainContent(doc));
    for (const s of ['Canvas Tote', '$35.00', 'The tote paragraph 4']) expect(out).toContain(s);
    expect(out).not.toContain('Best seller this week');
    expect(out).not.toContain('Compare sizes with our chart');
  });

  it("drops a thread reply's quote of an earlier post but keeps the reply and the original", () => {
    const first =
      '<p>The original question asks why the build fails after upgrading the toolchain to the newest release.</p>';
    const posts = [
      first,
      `<blockquote>${first}</blockquote><p>Pin the older release until the fix lands.</p>`,
      '<p>Same here, thanks.</p>',
    ]
      .map((body) => `<div class="post"><div class="post-body">${body}</div></div>`)
      .join('');
    const doc = page(`${chrome}<div class="thread">${posts}</div>${footer}`);
    const out = text(extractMainContent(doc, { url: 'https://forum.example/t/build/7' }));
    expect(out.split('The original question asks').length - 1).toBe(1);
    expect(out).toContain('Pin the older release');
    expect(out).toContain('Same here, thanks.');
  });

  it('drops customer reviews beside a product description, even when they read as prose', () => {
    const reviews = Array.from(
      { length: 3 },
      (_, i) =>
        `<div class="review-item"><p>Reviewer ${i} says the blender is loud but strong, and it crushes ice well enough for smoothies every single morning.</p><p>Would buy again.</p></div>`,
    ).join('');
    const doc = page(`${chrome}<div class="product"><h1>Acme Blender</h1><div class="price">$89.00</div>
      <div class="description">${para('The blender', 6)}</div>
      <section class="product-reviews"><h2>Customer reviews</h2>${reviews}</section></div>${footer}`);
    const out = text(extractMainContent(doc));
    for (const s of ['Acme Blender', '$89.00', 'The blender paragraph 3']) expect(out).toContain(s);
    expect(out).not.toContain('Reviewer 1 says');
  });

  it('keeps a product page title, price, description and specs, and drops the related-products strip', () => {
    const related = Array.from({ length: 6 }, (_, i) => `<li><a href="/p/${i}">Other gadget ${i}</a></li>`).join('');
    const doc = page(`${chrome}<div class="product">
      <h1>Acme Kettle 2000</h1><div class="price">$129.00</div>
      <div class="description">${para('The kettle', 2)}</div>
      <table class="specs"><tr><th>Capacity</th><td>1.7 litres</td></tr><tr><th>Power</th><td>2200 W</td></tr></table>
      <div class="related-products"><h2>You may also like</h2><ul>${related}</ul></div></div>${footer}`);
    const out = text(extractMainContent(doc));
    for (const s of ['Acme Kettle 2000', '$129.00', 'The kettle paragraph 1', 'Capacity', '1.7 litres', '2200 W'])
      expect(out).toContain(s);
    expect(out).not.toContain('Other gadget 3');
    expect(out).not.toContain('Section B');
  });

  it("on a product page, drops a pair of other products' cards when each shows a picture, a link and a price; a pair of priced plans stays", () => {
    const pair = [1, 2]
      .map(
        (i) =>
          `<div class="bundle-item"><a href="/p/${i}"><img src="/i/${i}.jpg" alt=""></a><h3>Reel stand model ${i}</h3><span>$${30 + i}.00</span></div>`,
      )
      .join('');
    const plans = ['One-time purchase', 'Subscribe and save']
      .map((p, i) => `<div class="plan"><label>${p}</label><span>$${140 - i * 10}.00</span></div>`)
      .join('');
    const doc = page(`${chrome}<div class="pdp"><h1>Hose Reel Deluxe</h1><div class="plans">${plans}</div>
      <div class="about">${para('The reel', 5)}</div><div class="bundle">${pair}</div></div>${footer}`);
    const out = text(extractMainContent(doc, { hints: { jsonLdTypes: ['product'] } }));
    for (const s of ['Hose Reel Deluxe', 'One-time purchase', '$140.00', 'Subscribe and save', 'The reel paragraph 5'])
      expect(out).toContain(s);
    expect(out).not.toContain('Reel stand model 2');
  });

  it("on a product page, drops a strip of other products' cards (link and price each) whatever its heading, keeps the variants", () => {
    const cards = Array.from(
      { length: 5 },
      (_, i) =>
        `<li class="slot"><a href="/p/${i}"><img src="/i/${i}.jpg" alt=""></a><h3>Garden hose model ${i}</h3><span>$${20 + i}.99</span></li>`,
    ).join('');
    const variants = ['Red', 'Green', 'Blue']
      .map((c) => `<li class="swatch"><img src="/s/${c}.png" alt=""> ${c} finish, in stock</li>`)
      .join('');
    const doc = page(
      `${chrome}<div class="pdp"><h1>Hose Reel Deluxe</h1><div class="price">$149.00</div><ul class="swatches">${variants}</ul>
      <div class="about">${para('The reel', 5)}</div>
      <div class="strip"><h2>Picked for your garden</h2><ul>${cards}</ul></div></div>${footer}`,
      '<script type="application/ld+json">{"@type":"Product","name":"Hose Reel Deluxe"}</script>',
    );
    const hints = collectContentHints(doc);
    const out = text(extractMainContent(doc, { hints }));
    for (const s of ['Hose Reel Deluxe', '$149.00', 'Red finish', 'Blue finish', 'The reel paragraph 5'])
      expect(out).toContain(s);
    expect(out).not.toContain('Garden hose model 3');
    expect(out).not.toContain('$22.99');
  });

  it("keeps a grid of priced cards when the page is not a single product's page", () => {
    const cards = Array.from(
      { length: 6 },
      (_, i) =>
        `<li class="slot"><a href="/p/${i}"><img src="/i/${i}.jpg" alt=""></a><h3>Garden hose model ${i}</h3><span>$${20 + i}.99</span></li>`,
    ).join('');
    const doc = page(
      `${chrome}<div class="category"><h1>Garden hoses</h1><p>Every hose we sell, from short balcony hoses to long reels.</p><ul>${cards}</ul></div>${footer}`,
      '<script type="application/ld+json">{"@type":"CollectionPage","mainEntity":{"@type":"ItemList","itemListElement":[{"@type":"Product"}]}}</script>',
    );
    const out = text(extractMainContent(doc, { hints: collectContentHints(doc) }));
    for (let i = 0; i < 6; i++) expect(out).toContain(`Garden hose model ${i}`);
  });

  it('drops blocks opened by shop and forum recommendation headings in their common wordings', () => {
    const teasers = (seed: string) =>
      Array.from(
        { length: 4 },
        (_, i) => `<div class="t"><a href="/${seed}/${i}">${seed} teaser ${i}</a> <span>with a short note</span></div>`,
      ).join('');
    for (const heading of [
      'People who viewed this item also viewed',
      'Explore related items',
      "Seller's other items",
      'Related discussions',
      'Check out other related threads',
      'More from Acme',
      'Suggested topics',
      'Other posts',
    ]) {
      const doc = page(
        `${chrome}<div class="main"><h1>Main thing</h1>${para('Main', 4)}<div class="more"><h2>${heading}</h2>${teasers('Other')}</div></div>${footer}`,
      );
      const out = text(extractMainContent(doc));
      expect(out, heading).toContain('Main paragraph 4');
      expect(out, heading).not.toContain('Other teaser 2');
    }
  });

  it('drops reviewer bios and "popular" or "recently by" strips after an article, keeping section headings', () => {
    const bio = `<div class="box"><h3>About the Reviewer</h3><p>Jane Roe, MD, is an editor and physician who reviews every article on this site for accuracy.</p></div>`;
    const strip = (heading: string) =>
      `<div class="more"><h2>${heading}</h2>${Array.from({ length: 4 }, (_, i) => `<div class="t"><a href="/p/${i}">Other post ${i}</a></div>`).join('')}</div>`;
    for (const [heading, extra] of [
      ['Popular', strip('Popular')],
      ['Recently by Jane Roe', strip('Recently by Jane Roe')],
      ['Recent Post', strip('Recent Post')],
      ['About the Reviewer', bio],
    ]) {
      const doc = page(
        `${chrome}<div class="main"><h1>Main thing</h1>${para('Main', 4)}<h2>Popular questions about the thing</h2>${para('Answers', 2)}${extra}</div>${footer}`,
      );
      const out = text(extractMainContent(doc));
      expect(out, heading).toContain('Main paragraph 4');
      expect(out, heading).toContain('Answers paragraph 2');
      expect(out, heading).not.toContain('Other post 2');
      expect(out, heading).not.toContain('reviews every article');
    }
  });

  it('drops fine print split into several like-labelled blocks: repetition does not make disclaimers items', () => {
    const notes = [1, 2, 3]
      .map(
        (i) =>
          `<div class="richtext text-disclaimer"><p>Footnote ${i}: all investing is subject to risk, including the possible loss of the money you invest; past performance is no guarantee of future returns, and fees may apply.</p></div>`,
      )
      .join('');
    const doc = page(
      `${chrome}<div class="main"><h1>Index funds</h1>${para('Main', 5)}<div id="notes">${notes}</div></div>${footer}`,
    );
    const out = text(extractMainContent(doc));
    expect(out).toContain('Main paragraph 5');
    expect(out).not.toContain('Footnote 2');
  });

  it('judges blocks wrapped in one component class by the word that labels each: a sponsored strip beside labelled items stays chrome', () => {
    // every block shares class "module"; the ids name them: three item "meta" blocks hold the text, one names a sponsor
    const meta = (i: number) =>
      `<section><h2>Part ${i}</h2><div class="module" id="meta-${i}"><p>Detail ${i}: the kettle's base, lid and spout are pressed from one steel sheet, polished by hand.</p></div></section>`;
    const doc =
      page(`${chrome}<div class="main"><h1>Steel kettle</h1><p>The kettle boils a litre in four minutes.</p>${[1, 2, 3].map(meta).join('')}
      <section><div class="module" id="sponsored-picks"><p>Other kettles shoppers picked this week, from our partners, with their prices.</p></div></section></div>${footer}`);
    const out = text(extractMainContent(doc));
    expect(out).toContain('Detail 3: the kettle');
    expect(out).not.toContain('from our partners');
  });

  it('drops the "Advertisement" label of ad slots that sit one per list item: an ad slot linking nowhere is not part of the items', () => {
    const slide = (i: number) => `<div><section class="slide"><h2>Pick number ${i}</h2>${para(`Pick ${i}`, 2)}</section>
      <div><div class="breaker-ad"><div class="ad-label">Advertisement - Continue Reading Below</div><div class="ad-container"></div></div></div></div>`;
    const doc = page(
      `${chrome}<div class="main"><h1>The best picks</h1>${para('Intro', 2)}${[1, 2, 3, 4].map(slide).join('')}</div>${footer}`,
    );
    const out = text(extractMainContent(doc, { hints: { jsonLdTypes: ['newsarticle'] } }));
    expect(out).toContain('Pick 4 paragraph 2');
    expect(out).not.toContain('Continue Reading Below');
  });

  it('drops an author bio labelled "author" although it reads as prose', () => {
    const bio = `<div class="post-author"><h3>Jane Roe</h3><p>Jane Roe has written about college admissions for twenty years, first as an admissions officer at two universities and later as an independent counselor for families.</p><p>She is the founder of a counseling practice, the author of two books on applying to college, and a frequent speaker at high schools across the country.</p><p>When she is not reading essays she hikes, bakes bread, and answers readers' questions in a monthly letter about deadlines, interviews and financial aid.</p></div>`;
    const doc = page(`${chrome}<div class="main"><h1>Writing the essay</h1>${para('Main', 6)}${bio}</div>${footer}`);
    const out = text(extractMainContent(doc, { hints: { jsonLdTypes: [], ogType: 'article' } }));
    expect(out).toContain('Main paragraph 6');
    expect(out).not.toContain('independent counselor');
  });

  it('drops related-story excerpts labelled "related" although they read as prose', () => {
    const excerpt = (i: number) =>
      `<p>Story ${i} excerpt: how one family planned a month of repairs around a tight budget, which shops they trusted, and what they would do differently next time.</p>`;
    const doc = page(
      `${chrome}<div class="main"><h1>Fixing brakes</h1>${para('Main', 6)}<div class="related-stories">${[1, 2, 3, 4].map(excerpt).join('')}</div></div>${footer}`,
    );
    const out = text(extractMainContent(doc));
    expect(out).toContain('Main paragraph 6');
    expect(out).not.toContain('Story 2 excerpt');
  });

  it('keeps like-labelled sections that each add a class of their own ("email_section navSource")', () => {
    const section = (name: string) =>
      `<div class="${name}_section lm_navSource"><h2>${name} made simple</h2><p>Our ${name} tools save your team hours every week, with templates, reports and automation built in.</p></div>`;
    const doc = page(
      `${chrome}<div class="main"><h1>Free CRM</h1><p>Start free, upgrade when you grow.</p>${['email', 'workflow', 'reports', 'mobile'].map(section).join('')}</div>${footer}`,
    );
    const out = text(extractMainContent(doc));
    for (const name of ['email', 'workflow', 'reports', 'mobile'])
      expect(out, name).toContain(`Our ${name} tools save`);
    expect(out).not.toContain('Section A');
  });

  it('does not take a page for a listing because of its header menus: link blocks among the sections still go', () => {
    const menu = `<header><ul>${Array.from({ length: 60 }, (_, i) => `<li><a href="/s/${i}">Advisory service number ${i}</a></li>`).join('')}</ul></header>`;
    const section = (name: string) => `<section class="module"><h2>${name}</h2>${para(name, 2)}</section>`;
    const jump = `<div class="jump"><a href="/a">Audit</a> <a href="/b">Tax planning</a> <a href="/c">Payroll</a> <a href="/d">Valuation</a></div>`;
    const doc = page(`${menu}${section('Overview')}${jump}${section('Approach')}${section('Pricing')}${footer}`);
    const out = text(extractMainContent(doc));
    for (const name of ['Overview', 'Approach', 'Pricing']) expect(out, name).toContain(`${name} paragraph 2`);
    expect(out).not.toContain('Tax planning');
    expect(out).not.toContain('Advisory service number');
  });

  it('keeps the parts of a product-details modal that reads as prose, however short each part is', () => {
    const part = (t: string) => `<div class="details-modal__container"><p>${t}</p></div>`;
    const modal = `<div class="details-modal"><h2>Product details</h2>
      <div class="details-modal__container"><p>The simple design with clean lines makes the shelf flexible and easy to use at home.</p>
      <p>Choose whether to place it standing as a bookcase or lying down as a sideboard in the living room.</p>
      <p>Display your favourite items on the open shelves or add inserts to create closed storage.</p></div>
      <div><h3>Materials</h3>${part('Particleboard, fiberboard, acrylic paint, honeycomb paper filling and plastic edging.')}</div>
      <div><h3>Care</h3>${part('Wipe clean using a damp cloth and a mild cleaner, then wipe dry with a clean cloth, and keep it out of direct sunlight.')}</div></div>`;
    const doc = page(
      `${chrome}<div class="product"><h1>Shelf unit, white</h1><p>$79.99</p>${para('The shelf', 14)}${modal}</div>${footer}`,
    );
    const out = text(extractMainContent(doc));
    expect(out).toContain('The shelf paragraph 14');
    expect(out).toContain('clean lines makes the shelf flexible');
    expect(out).toContain('Wipe clean using a damp cloth');
  });

  it('keeps a non-modal side sheet that an accordion button opens, titled like the button, but not a notice dialog', () => {
    const sheet = `<div class="acc"><button class="acc-info"><h5>Description</h5></button>
      <div class="sheet" role="dialog" aria-modal="false"><aside class="sheet-aside"><h5>Description</h5><button aria-label="Close"></button>
      ${para('The sheet', 4)}</aside></div></div>`;
    const notice = `<div class="dlg" role="dialog" aria-modal="false"><h5>Secure shopping</h5>${para('The notice', 4)}</div>`;
    const doc = page(
      `${chrome}<div class="product"><h1>Arrival T-Shirt</h1><p>$22</p>${para('The shirt', 6)}${sheet}${notice}</div>${footer}`,
    );
    const out = text(extractMainContent(doc));
    expect(out).toContain('The shirt paragraph 6');
    expect(out).toContain('The sheet paragraph 4');
    expect(out).not.toContain('The notice paragraph 1');
  });

  it('drops a popover of instructions (push notifications) although it reads as prose', () => {
    const step = (i: number) =>
      `<p>Step ${i} of the browser set-up: open the settings of this site, find the notifications entry in the list, and choose whether the forum may alert you.</p>`;
    const popover = `<div class="push-prompt-popover">${[1, 2, 3, 4].map(step).join('')}</div>`;
    const doc = page(`${chrome}<div class="main"><h1>Fixing brakes</h1>${para('Main', 6)}</div>${popover}${footer}`);
    const out = text(extractMainContent(doc));
    expect(out).toContain('Main paragraph 6');
    expect(out).not.toContain('Step 2 of the browser');
  });

  it('drops a table-of-contents heading with its list, keeping the sections it lists', () => {
    for (const heading of ['Table of Contents', 'In this article', 'On this page']) {
      const toc = `<div class="box"><h2>${heading}</h2><p>Short summary line of the guide.</p></div>`;
      const doc = page(
        `${chrome}<div class="main"><h1>Fixing brakes</h1>${toc}<h2>Tools</h2>${para('Tools', 3)}<h2>Steps</h2>${para('Steps', 3)}</div>${footer}`,
      );
      const out = text(extractMainContent(doc));
      expect(out, heading).toContain('Steps paragraph 3');
      expect(out, heading).not.toContain('Short summary line');
    }
  });

  it('drops byline boxes opened by "Written by" or "Medically reviewed by" headings', () => {
    for (const heading of ['Written by Jane Roe', 'Medically reviewed by Dr. Jane Roe']) {
      const box = `<div class="box"><h3>${heading}</h3><p>Jane Roe is a physician who reviews every article on this site for accuracy.</p></div>`;
      const doc = page(`${chrome}<div class="main"><h1>Main thing</h1>${box}${para('Main', 5)}</div>${footer}`);
      const out = text(extractMainContent(doc));
      expect(out, heading).toContain('Main paragraph 5');
      expect(out, heading).not.toContain('reviews every article');
    }
  });

  it('reads a short styled line as a recommendation heading, but not an eyebrow over a real heading', () => {
    const teasers = (seed: string) =>
      Array.from(
        { length: 4 },
        (_, i) => `<div class="t"><a href="/${seed}/${i}">${seed} teaser ${i}</a> <span>with a short note</span></div>`,
      ).join('');
    const doc = page(`${chrome}<div class="main"><h1>Main thing</h1>${para('Main', 6)}
      <div class="more"><span class="caps"><b>Related Services</b></span>${teasers('Other')}</div>
      <div class="section"><div class="kicker">Related products</div><h2>Tools that work well together</h2>${teasers('Own')}</div></div>${footer}`);
    const out = text(extractMainContent(doc));
    expect(out).toContain('Main paragraph 6');
    expect(out).not.toContain('Other teaser 2');
    expect(out).toContain('Own teaser 2');
  });

  it('drops the link lists after a recommendation heading inside the story text, not the story', () => {
    const links = Array.from(
      { length: 3 },
      (_, i) => `<li><a href="/post/${i}">Another story number ${i}</a></li>`,
    ).join('');
    const doc = page(
      `${chrome}<div class="post">${para('Story', 5)}<p><strong>Related Posts:</strong></p><ul>${links}</ul>${para('Closing', 1)}</div>${footer}`,
    );
    const out = text(extractMainContent(doc));
    expect(out).toContain('Story paragraph 5');
    expect(out).toContain('Closing paragraph 1');
    expect(out).not.toContain('Another story number 1');
    expect(out).not.toContain('Related Posts');
  });

  it('drops blocks opened by the insight and blog teaser headings of business sites', () => {
    const teasers = (seed: string) =>
      Array.from(
        { length: 4 },
        (_, i) => `<div class="t"><a href="/${seed}/${i}">${seed} teaser ${i}</a> <span>with a short note</span></div>`,
      ).join('');
    for (const heading of ['Latest insights', 'Featured resources', 'From our blog', 'More blogs']) {
      const doc = page(
        `${chrome}<div class="main"><h1>Our consulting service</h1>${para('Service', 4)}<div class="more"><h2>${heading}</h2>${teasers('Other')}</div></div>${footer}`,
      );
      const out = text(extractMainContent(doc));
      expect(out, heading).toContain('Service paragraph 4');
      expect(out, heading).not.toContain('Other teaser 2');
    }
  });

  it('drops the profile column and post counts of forum posts named by their class words', () => {
    const posts = ['Tea', 'Coffee', 'Water']
      .map(
        (
          drink,
          i,
        ) => `<div class="post"><div class="postbody"><p>Reply ${i}: I would rather drink ${drink.toLowerCase()} in the morning, it keeps me awake through the long meetings.</p></div>
        <dl class="postprofile"><dd>Favourite drink: ${drink}</dd></dl><div class="post-count">${100 + i} posts</div></div>`,
      )
      .join('');
    const doc = page(`<div class="thread">${posts}</div>`);
    const out = text(extractMainContent(doc, { url: 'https://forum.example/viewtopic.php?t=42' }));
    expect(out).toContain('Reply 2: I would rather drink water');
    expect(out).not.toContain('Favourite drink');
    expect(out).not.toContain('101 posts');
  });

  it('drops popovers (install prompts, hover cards) shipped inside the content', () => {
    const doc = page(
      `${chrome}<div class="main"><h1>Main thing</h1>${para('Main', 4)}<div class="pwa-install-popover"><h4>Install the app</h4><p>A full-screen app on your home screen with push notifications.</p></div></div>${footer}`,
    );
    const out = text(extractMainContent(doc));
    expect(out).toContain('Main paragraph 4');
    expect(out).not.toContain('full-screen app');
  });

  it('counts a pruned block inside another pruned block once, so a page keeps its content instead of falling back', () => {
    // a short product text beside much chrome: a link list inside a recommendation block is pruned twice over
    const links = Array.from({ length: 8 }, (_, i) => `<li><a href="/p/${i}">Other lamp number ${i}</a></li>`).join('');
    const chromeBlocks = ['share-tools', 'newsletter-box', 'promo-strip', 'social-links', 'cookie-note', 'signup-form']
      .map((c) => `<div class="${c}"><p>${c} text that is not the product, told at some length to weigh.</p></div>`)
      .join('');
    const doc = page(`<div class="item"><h1>Desk Lamp</h1><p>A small lamp, €59.</p>${chromeBlocks}
      <div class="rec"><h2>Customers who bought this also bought</h2><p>Picked by our team for you.</p><ul class="related-links">${links}</ul></div></div>`);
    const trace: string[] = [];
    const out = text(extractMainContent(doc, { trace }));
    expect(out).toContain('A small lamp');
    expect(out).not.toContain('Other lamp number 1');
    expect(out).not.toContain('newsletter-box text');
    expect(trace.join('\n')).not.toContain('falling back');
  });

  it('drops a table of contents made of in-page anchors even on a link-dense index page, keeps the entries', () => {
    const letters = ['A', 'B', 'C', 'D'];
    const toc = `<div class="jump"><span>Jump to:</span> ${letters.map((l) => `<a href="#letter-${l}">Letter ${l}</a>`).join(' ')}</div>`;
    const entries = letters
      .map(
        (l) =>
          `<h2 id="letter-${l}">${l}</h2><ul>${[1, 2, 3].map((i) => `<li><a href="/term/${l}${i}">Term ${l}${i} of the glossary</a></li>`).join('')}</ul>`,
      )
      .join('');
    const doc = page(`${chrome}<div class="glossary"><h1>Glossary</h1>${toc}${entries}</div>${footer}`);
    const trace: string[] = [];
    const out = text(extractMainContent(doc, { trace }));
    expect(trace.join('\n')).toContain('table of contents');
    expect(out).not.toContain('Jump to');
    for (const l of letters) expect(out).toContain(`Term ${l}3 of the glossary`);
  });

  it('drops a cookie banner that has an unusual class name', () => {
    const doc =
      page(`${chrome}<main><div class="zx-91q"><p>We use cookies to improve your experience. <a href="/privacy">Learn more</a></p>
      <button>Accept all</button><button>Reject</button></div><article><h1>Title</h1>${para('Article body', 4)}</article></main>${footer}`);
    const out = text(extractMainContent(doc));
    expect(out).toContain('Article body paragraph 4');
    expect(out).not.toContain('We use cookies');
  });

  it('keeps an <aside> pull quote inside an <article>, drops the page sidebar <aside>', () => {
    const doc =
      page(`${chrome}<div class="layout"><article>${para('Story', 3)}<aside><blockquote>“A quote worth pulling out.”</blockquote></aside>${para('More story', 3)}</article>
      <aside class="rail"><h3>Popular</h3><ul><li><a href="/1">Popular one</a></li><li><a href="/2">Popular two</a></li></ul></aside></div>${footer}`);
    const out = text(extractMainContent(doc));
    expect(out).toContain('A quote worth pulling out');
    expect(out).toContain('More story paragraph 3');
    expect(out).not.toContain('Popular two');
  });

  it('drops an <aside> inside a forum post whose class names it a signature, though it reads as prose', () => {
    const posts = [para('The question', 4), para('An answer', 3), para('Another answer', 3)]
      .map(
        (
          body,
          i,
        ) => `<article class="message"><div class="message-user">user${i}</div><div class="message-body">${body}</div>
        <aside class="message-signature"><div><b>Home setup:</b> a long list of my audio gear${i}, amplifiers, converters, and the headphones I own today.</div></aside></article>`,
      )
      .join('');
    const doc = page(`${chrome}<div class="thread">${posts}</div>${footer}`);
    const out = text(extractMainContent(doc, { url: 'https://forum.example/threads/best-headphones.42/' }));
    expect(out).toContain('Another answer paragraph 3');
    expect(out).not.toContain('my audio gear1');
  });

  it('keeps a list whose every item has text beside its link (a directory of partners with phone numbers)', () => {
    const partners = [
      'Rebuilding Together Central',
      'Meals and More Association',
      'Interfaith Action Group',
      'Urban League of the Area',
    ]
      .map((name, i) => `<li><a href="/p${i}">${name}</a> (512) 555-010${i}</li>`)
      .join('');
    const doc =
      page(`${chrome}<div class="page"><h1>Repair grants</h1>${para('The grant program', 5)}<ul>${partners}</ul>
      <ul><li><a href="/x">Apply now</a></li><li><a href="/y">Eligibility rules</a></li><li><a href="/z">Contact the office</a></li></ul></div>${footer}`);
    const out = text(extractMainContent(doc));
    expect(out).toContain('Urban League of the Area (512) 555-0103');
    expect(out).not.toContain('Eligibility rules');
  });

  it("keeps an archive's <main> of post titles beside its labelled intro, though the wrapper's class names a sidebar", () => {
    const posts = Array.from(
      { length: 20 },
      (_, i) => `<article class="post"><h2><a href="/r${i}">Crispy recipe number ${i} with greens</a></h2></article>`,
    ).join('');
    const doc =
      page(`${chrome}<div class="site"><div class="archive-description"><h1>Air fryer recipes</h1>${para('The archive intro', 3)}</div>
      <div class="content-sidebar-wrap"><main class="content">${posts}</main><aside class="sidebar"><a href="/s">Subscribe</a></aside></div></div>${footer}`);
    const out = text(extractMainContent(doc, { hints: { jsonLdTypes: [], ogType: 'article' } }));
    expect(out).toContain('The archive intro paragraph 1');
    expect(out).toContain('Crispy recipe number 17');
  });

  it('keeps a thread\'s short replies when its long first post carries extra classes ("message threadAuthor")', () => {
    const first = `<li class="message threadAuthor"><div class="body">${para('The long opening post', 12)}</div></li>`;
    const replies = [
      'Thanks, this list saved me a week of testing hosts.',
      'Have you tried the other host too?',
      'Mint servers are very good here.',
    ]
      .map((t) => `<li class="message"><div class="body"><p>${t}</p></div></li>`)
      .join('');
    const doc = page(`${chrome}<ol class="messageList">${first}${replies}</ol>${footer}`);
    const out = text(extractMainContent(doc, { url: 'https://forum.example/threads/best-hosts.42/' }));
    expect(out).toContain('The long opening post paragraph 12');
    expect(out).toContain('Mint servers are very good');
  });

  it('reads a "ShowTopic" path as a thread, whose comment-labelled replies are posts', () => {
    const replies = [
      'Take the train from the airport, it is quick and cheap.',
      'Buy a rail pass only if you travel far.',
      'Carry cash for the small shops.',
    ]
      .map((t) => `<div class="comment"><p>${t}</p></div>`)
      .join('');
    const doc = page(
      `${chrome}<div class="topic"><h1>Tips from a first time visitor</h1>${para('My trip', 2)}${replies}</div>${footer}`,
    );
    const out = text(
      extractMainContent(doc, { url: 'https://travel.example/ShowTopic-g1-i2-k3-Tips_from_a_first_time_visitor.html' }),
    );
    expect(out).toContain('My trip paragraph 2');
    expect(out).toContain('Carry cash for the small shops');
  });

  it('honours an explicit #main marker', () => {
    const doc =
      page(`${chrome}<div class="cols"><div id="main"><h1>Welcome</h1><p>Short intro.</p><div class="box">${para('Service', 2)}</div><div class="box">${para('Pricing', 2)}</div></div>
      <div class="col-side"><p>Subscribe to our letters and get news weekly, every single week, for ever and ever.</p></div></div>${footer}`);
    const out = text(extractMainContent(doc));
    expect(out).toContain('Welcome');
    expect(out).toContain('Short intro.');
    expect(out).toContain('Service paragraph 2');
    expect(out).toContain('Pricing paragraph 2');
    expect(out).not.toContain('Section C');
  });

  it('keeps every item of a listing whose cards are links', () => {
    const cards = Array.from(
      { length: 10 },
      (_, i) =>
        `<div class="card"><a href="/item/${i}"><h3>Item number ${i}</h3></a><p>Short teaser for item ${i}.</p></div>`,
    ).join('');
    const doc = page(`${chrome}<div class="page"><h1>All items</h1><div class="grid">${cards}</div>
      <div class="newsletter"><p>Get our newsletter</p><form><input type="email"><button>Sign up</button></form></div></div>${footer}`);
    const out = text(extractMainContent(doc));
    for (let i = 0; i < 10; i++) expect(out).toContain(`Item number ${i}`);
    expect(out).not.toContain('Get our newsletter');
  });

  it('keeps class-labelled blocks that every entry of a list repeats (an index whose entries hold a "meta" block)', () => {
    const entries = Array.from(
      { length: 8 },
      (_, i) =>
        `<dt><a href="/abs/${i}">entry ${i}</a></dt><dd><div class="meta"><div class="list-title">Paper title number ${i} about learning things</div><div class="list-authors"><a href="/a/${i}">Author ${i}</a></div></div></dd>`,
    ).join('');
    const doc = page(
      `${chrome}<div id="content"><h1>Recent submissions</h1><dl>${entries}</dl><div class="post-meta">Posted by admin</div></div>${footer}`,
    );
    const out = text(extractMainContent(doc));
    for (let i = 0; i < 8; i++) expect(out).toContain(`Paper title number ${i}`);
  });

  it('keeps code blocks, tables and admonitions of documentation', () => {
    const doc =
      page(`${chrome}<div class="docs-layout"><div class="toc"><a href="#a">Install</a><a href="#b">Usage</a></div>
      <div class="markdown-body"><h1>Install</h1>${para('Docs', 2)}<pre><code>npm install example --save</code></pre>
      <div class="admonition note"><p>Note: Node 20 or later is required.</p></div>
      <table><tr><th>Option</th><th>Default</th></tr><tr><td>timeout</td><td>30000</td></tr></table></div></div>${footer}`);
    const out = text(extractMainContent(doc));
    for (const s of ['npm install example --save', 'Node 20 or later', 'timeout', '30000', 'Docs paragraph 2'])
      expect(out).toContain(s);
  });

  it('never returns empty text when the page has text', () => {
    const doc = page(`<nav><a href="/">Only a menu</a> <a href="/x">and links</a></nav>`);
    expect(text(extractMainContent(doc)).trim()).not.toBe('');
  });

  it('with copy: true leaves the page untouched and returns a pruned copy', () => {
    const doc = page(
      `${chrome}<article>${para('Body', 3)}<div class="share-bar"><a href="/s">Share</a></div></article>${footer}`,
    );
    const out = extractMainContent(doc, { copy: true });
    expect(text(out)).toContain('Body paragraph 3');
    expect(text(out)).not.toContain('Share');
    expect(doc.querySelector('nav')).not.toBeNull();
    expect(doc.querySelector('.share-bar')).not.toBeNull();
  });

  it('by default prunes in place and returns an element of the page', () => {
    const doc = page(
      `${chrome}<article>${para('Body', 3)}<div class="share-bar"><a href="/s">Share</a></div></article>${footer}`,
    );
    const out = extractMainContent(doc);
    expect(out.ownerDocument).toBe(doc);
    expect(doc.body.contains(out)).toBe(true);
    expect(text(out)).toContain('Body paragraph 3');
    expect(doc.querySelector('.share-bar')).toBeNull();
  });

  it('reads the crawler view in <noscript> when the page itself is empty', () => {
    const doc = page(`<div id="app"></div><noscript><div class="topic">${para('Thread post', 3)}</div></noscript>`);
    expect(text(extractMainContent(doc))).toContain('Thread post paragraph 3');
  });

  it('walks a 100k-deep tree without overflowing the stack', () => {
    const doc = page('');
    let el: Element = doc.body;
    for (let i = 0; i < 100_000; i++) {
      const div = doc.createElement('div');
      el.appendChild(div);
      el = div;
    }
    el.appendChild(doc.createTextNode('deep text at the bottom of the page'));
    expect(text(extractMainContent(doc))).toContain('deep text at the bottom');
  }, 60_000); // building 100k nodes is slow on a loaded CI box; the point is no stack overflow
});

describe('collectContentHints', () => {
  it('reads JSON-LD @type values (nested, in @graph) and og:type', () => {
    const doc = page(
      '<p>x</p>',
      `<meta property="og:type" content="Product">
      <script type="application/ld+json">{"@graph":[{"@type":"WebPage"},{"@type":["Product","Thing"],"offers":{"@type":"Offer"}}]}</script>
      <script type="application/ld+json">{ broken json</script>`,
    );
    const hints = collectContentHints(doc);
    expect(hints.ogType).toBe('product');
    expect(hints.jsonLdTypes).toEqual(expect.arrayContaining(['webpage', 'product', 'thing', 'offer']));
  });

  it('skips the walk when the raw HTML names neither JSON-LD nor og:type, and reads them when it does', () => {
    const head =
      '<meta property="og:type" content="article"><script type="application/ld+json">{"@type":"NewsArticle"}</script>';
    const raw = `<!doctype html><html><head>${head}</head><body><p>x</p></body></html>`;
    const doc = parseHTML(raw).document as unknown as Document;
    expect(collectContentHints(doc, raw)).toEqual({ jsonLdTypes: ['newsarticle'], ogType: 'article' });
    // the raw HTML given says there is nothing to find: the document is not read
    expect(collectContentHints(doc, '<html><body><p>x</p></body></html>')).toEqual({ jsonLdTypes: [] });
  });
});

describe('extractMainContent on streamed pages and Q&A threads', () => {
  it('reads hidden elements when the visible page has almost no text (streamed chunks, deferred wrappers)', () => {
    // React streams the page into <div hidden> chunks that a script moves into place; other shops ship display:none
    const streamed = page(
      `${chrome}<div id="root"><p>Loading</p></div><div hidden id="S:0"><article><h1>Streamed story</h1>${para('The streamed story', 4)}</article></div>${footer}`,
    );
    const out = text(extractMainContent(streamed));
    expect(out).toContain('Streamed story');
    expect(out).toContain('The streamed story paragraph 4');
    expect(out).not.toContain('Copyright 2024');
    // on a page with visible text, hidden blocks (a closed menu, a modal) stay out
    const visible = page(
      `${chrome}<main>${para('The visible article', 4)}</main><div style="display: none"><p>Hidden promotional modal text that should not be read.</p></div>${footer}`,
    );
    const out2 = text(extractMainContent(visible));
    expect(out2).toContain('The visible article paragraph 4');
    expect(out2).not.toContain('Hidden promotional modal');
  });

  it('on a Q&A page drops the short comments under each post, unless the answers themselves are labelled comments', () => {
    const comments = (who: string) =>
      `<ul class="comments-list">${[1, 2, 3].map((i) => `<li class="comment"><span>Thanks, ${who} remark ${i} under this post.</span> <a href="/u/${i}">user${i}</a></li>`).join('')}</ul>`;
    const qa = (
      cls: string,
    ) => `${chrome}<div id="mainbar"><div class="question"><h1>How do I focus the file list?</h1>${para('The question', 2)}${comments('question')}</div>
      <div class="${cls}">${para('The first answer', 3)}${comments('answer')}</div><div class="${cls}">${para('The second answer', 3)}</div></div>${footer}`;
    const out = text(
      extractMainContent(page(qa('answer')), {
        url: 'https://qa.example/questions/442960/how-to-focus',
        hints: { jsonLdTypes: ['qapage', 'question', 'answer'] },
      }),
    );
    for (const s of ['The question paragraph 2', 'The first answer paragraph 3', 'The second answer paragraph 3'])
      expect(out).toContain(s);
    expect(out).not.toContain('remark 1 under this post');
    // answers labelled "comment" hold most of the thread: they stay
    const out2 = text(
      extractMainContent(page(qa('comment answer-block')), {
        url: 'https://qa.example/questions/1/x',
        hints: { jsonLdTypes: ['qapage'] },
      }),
    );
    for (const s of ['The question paragraph 2', 'The first answer paragraph 3', 'The second answer paragraph 3'])
      expect(out2).toContain(s);
  });
  it('ignores "widget" class labels when they would leave the page without text (page builders)', () => {
    const widgets = [1, 2, 3]
      .map(
        (i) =>
          `<div class="elementor-widget elementor-widget-text-editor"><div class="elementor-widget-container">${para(`Builder section ${i}`, 3)}</div></div>`,
      )
      .join('');
    const doc =
      page(`${chrome}<main><article><h1>Graphic design courses</h1><div class="entry-content">${widgets}</div></article>
      <aside class="sidebar"><section class="widget"><a href="/a">Archive link one</a> <a href="/b">Archive link two</a></section></aside></main>${footer}`);
    const out = text(extractMainContent(doc));
    for (const s of ['Builder section 1 paragraph 1', 'Builder section 3 paragraph 3']) expect(out).toContain(s);
    expect(out).not.toContain('Archive link one');
    // on an ordinary page the same word still labels a sidebar widget as chrome
    const blog = page(
      `${chrome}<div class="wrap"><div class="post">${para('The post', 5)}</div><div class="widget"><p>Subscribe to our weekly digest of posts and offers.</p></div></div>${footer}`,
    );
    expect(text(extractMainContent(blog))).not.toContain('weekly digest');
  });

  it('ignores "banner" class labels when they would leave the page without text (a home page of hero banners)', () => {
    // each section of the stack is built differently (no run of alike siblings to fall back on)
    const kinds = ['hero-banner', 'image-banner', 'split-banner', 'video-banner', 'banner-wide'];
    const banner = (
      i: number,
    ) => `<div class="section-${i}"><div class="${kinds[i % kinds.length]}"><div class="text"><h2>Collection ${i}</h2>
      <p>The collection ${i} story, told in a sentence or two about its watches, its makers and the long years behind them all.</p><a class="btn" href="/c/${i}">Explore</a></div></div></div>`;
    const doc = page(
      `${chrome}<div id="maincontent">${[1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(banner).join('')}</div>${footer}`,
    );
    const out = text(extractMainContent(doc));
    for (const s of ['The collection 1 story', 'The collection 10 story']) expect(out).toContain(s);
    expect(out).not.toContain('Privacy policy');
    // on an ordinary page a promo banner beside the text is still chrome
    const story = page(
      `${chrome}<div class="wrap"><article>${para('The post', 5)}</article><div class="promo-banner"><p>Members save 20% on every order this week.</p></div></div>${footer}`,
    );
    expect(text(extractMainContent(story))).not.toContain('Members save');
  });

  it('ignores "widget" labels inside the chosen root when such blocks hold a good part of its text (builder blocks)', () => {
    const doc =
      page(`${chrome}<div class="wrap"><article><h1>Tracking my phone at home</h1><div class="entry">${para('Intro', 4)}
      <div class="elementor-widget elementor-widget-text-editor">${para('Sensor setup', 3)}</div>${para('Closing', 2)}</div></article>
      <aside class="sidebar"><div class="widget"><a href="/a">Archive link one</a> <a href="/b">Archive link two</a></div></aside></div>${footer}`);
    const out = text(extractMainContent(doc));
    for (const s of ['Intro paragraph 1', 'Sensor setup paragraph 2', 'Closing paragraph 2']) expect(out).toContain(s);
    expect(out).not.toContain('Archive link one');
    // a small widget inside the story (a signup box) is still chrome
    const small = page(`${chrome}<article><h1>Tracking my phone at home</h1><div class="entry">${para('Intro', 6)}
      <div class="widget"><p>Subscribe to our weekly digest of posts.</p></div>${para('Closing', 3)}</div></article>${footer}`);
    expect(text(extractMainContent(small))).not.toContain('weekly digest');
  });

  it('drops link and button text that recurs in most cards of a grid, and keeps a grid whose cards carry buttons', () => {
    const card = (
      i: number,
    ) => `<div class="card"><a href="/p/${i}"><h3>Graphics card model ${i}</h3></a><p>$${400 + i}.99, 16 GB memory</p>
      <a class="quick" href="#q${i}">Quick View</a><button>Compare</button><button>S</button><button>M</button><button>L</button></div>`;
    const doc = page(
      `${chrome}<main><h1>Graphics cards</h1><div class="grid">${[1, 2, 3, 4, 5].map(card).join('')}</div></main>${footer}`,
    );
    const out = text(extractMainContent(doc, { hints: { jsonLdTypes: ['itemlist'] } }));
    for (const i of [1, 5]) expect(out).toContain(`Graphics card model ${i}`);
    expect(out).toContain('$401.99, 16 GB memory');
    expect(out).not.toContain('Quick View');
    // a small grid under a long intro, each card with size buttons: many controls, little text each, yet items
    const sock = (i: number) =>
      `<div class="card"><a href="/s/${i}">Wool sock ${i}</a><p>$12.00, merino blend</p><button>S</button><button>M</button><button>L</button><button>XL</button></div>`;
    const socks = page(
      `${chrome}<main><h1>Socks</h1>${para('Our socks', 6)}<div class="grid">${[1, 2, 3, 4, 5].map(sock).join('')}</div></main>${footer}`,
    );
    const out2 = text(extractMainContent(socks, { hints: { jsonLdTypes: ['collectionpage'] } }));
    expect(out2).toContain('Our socks paragraph 6');
    expect(out2).toContain('Wool sock 4');
  });

  it('keeps one of the desktop, tablet and mobile copies of a block nested in a unique section, but not a caption repeated apart', () => {
    const banner =
      '<h2>Designed for everyday</h2><p>Built to endure for life, with a warranty that outlasts the wallet itself.</p>';
    const caption = '<p class="caption">Photo courtesy of the park conservancy, used with permission.</p>';
    const doc = page(`${chrome}<main><h1>Ridge Wallet</h1>${para('The wallet', 4)}
      <section class="tier"><div class="desktop">${banner}</div><div class="tablet">${banner}</div><div class="mobile">${banner}</div></section>
      <section><h2>North view</h2>${para('The north camera', 2)}<figure>${caption}</figure></section>
      <section><h2>South view</h2>${para('The south camera', 2)}<figure>${caption}</figure></section></main>${footer}`);
    const out = text(extractMainContent(doc));
    expect(out.split('Built to endure for life').length - 1).toBe(1);
    expect(out.split('Photo courtesy of the park').length - 1).toBe(2);
    expect(out).toContain('The wallet paragraph 4');
  });

  it('drops customer reviews that outweigh a product block on a product page only; screen-reader-only text on every page', () => {
    const reviews = Array.from(
      { length: 6 },
      (_, i) =>
        `<li class="review-item"><p>Reviewer ${i} writes that the backpack carried everything on a week in the mountains and the hip belt stayed comfortable.</p></li>`,
    ).join('');
    const body = `${chrome}<div class="layout"><div class="product"><h1>Trail Pack 65</h1><p class="price">$39.00</p>
      <div class="about">${para('The pack', 4)}<span class="sr-only">Video transcript: a hiker walks through the forest while the narrator lists every pocket of the pack.</span></div>
      <div class="product-reviews"><h2>What others are saying</h2><ol>${reviews}</ol></div></div>
      <aside class="sidebar">${para('Rental terms', 6)}</aside></div>${footer}`;
    const product = text(extractMainContent(page(body), { hints: { jsonLdTypes: ['product'] } }));
    expect(product).toContain('The pack paragraph 4');
    expect(product).toContain('Trail Pack 65');
    expect(product).not.toContain('Reviewer 3 writes');
    expect(product).not.toContain('Video transcript');
    const other = text(extractMainContent(page(body)));
    expect(other).toContain('Reviewer 3 writes');
    expect(other).not.toContain('Video transcript');
  });

  it('reads no role into utility classes whose arbitrary values name CSS variables (top-[var(--nav-height)])', () => {
    const doc = page(`${chrome}<main><h1>Phone 13</h1>${para('The phone', 4)}
      <div class="w-full sticky top-[var(--nav-height)]">${para('The camera', 2)}</div></main>${footer}`);
    const out = text(extractMainContent(doc));
    expect(out).toContain('The phone paragraph 4');
    expect(out).toContain('The camera paragraph 2');
  });
});

describe('extractMainContent on threads', () => {
  const comment = (i: number, body: string): string =>
    `<div class="comment"><div class="byline"><a href="/~u${i}">user${i}</a></div><div class="comment_text"><p>${body}</p></div></div>`;

  it('reads a page as a thread when its comment-labelled blocks dwarf the rest, although neither URL nor hints say so', () => {
    const comments = Array.from({ length: 6 }, (_, i) =>
      comment(
        i,
        `Comment ${i} discusses the linked story at length, with its own reasons, examples and a counterpoint or two for the others.`,
      ),
    ).join('');
    const doc =
      page(`${chrome}<div class="story"><a href="https://elsewhere.example/post">A story on another site</a></div>
      <ol class="comments">${comments}</ol><div class="side"><p>About this site: links and talk.</p></div>${footer}`);
    const trace: string[] = [];
    const out = text(extractMainContent(doc, { url: 'https://links.example/s/abc123/a_story', trace }));
    expect(trace.some((t) => t.includes('a thread'))).toBe(true);
    expect(out).toContain('Comment 0 discusses');
    expect(out).toContain('Comment 5 discusses');
    expect(out).not.toContain('About this site');
  });

  it("keeps an article's own text over its comments when the page declares itself an article", () => {
    const comments = Array.from({ length: 8 }, (_, i) =>
      comment(
        i,
        `Reader ${i} writes a long remark on the post, agreeing with some parts and disputing others at some length here.`,
      ),
    ).join('');
    const doc = page(
      `${chrome}<article><h1>The post</h1>${para('The post', 3)}</article><ol class="comment-list">${comments}</ol>${footer}`,
    );
    const out = text(
      extractMainContent(doc, {
        url: 'https://blog.example/2024/05/the-post',
        hints: { jsonLdTypes: [], ogType: 'article' },
      }),
    );
    expect(out).toContain('The post paragraph 3');
    expect(out).not.toContain('Reader 0 writes');
  });

  it('drops author card fields, ranks and signatures from every post, keeps the posts and names', () => {
    const card = (
      i: number,
    ): string => `<div class="message-user"><h4 class="message-name"><a href="/members/u${i}">member${i}</a></h4>
      <h5 class="userTitle message-userTitle">Established Member</h5>
      <div class="member-extras"><dl class="pairs"><dt>Joined</dt><dd>Jun ${i + 1}, 2016</dd></dl><dl class="pairs"><dt>Messages</dt><dd>${100 + i}</dd></dl></div>
      <div class="info"><span>Location:</span> <span>Town ${i}</span></div></div>`;
    const signature = `<div class="post-signature">${para('My signature', 3)}</div>`;
    const posts = Array.from(
      { length: 4 },
      (_, i) => `<article class="message message--post"><div class="message-inner">${card(i)}
      <div class="message-main"><div class="message-body"><p>Post ${i} says something about the question that was asked in this thread.</p></div>${signature}</div></div></article>`,
    ).join('');
    const doc = page(`${chrome}<div class="block-body">${posts}</div>${footer}`);
    const out = text(extractMainContent(doc, { url: 'https://forum.example/threads/a-question.123/' }));
    for (let i = 0; i < 4; i++) expect(out).toContain(`Post ${i} says something`);
    expect(out).toContain('member2');
    for (const s of ['Joined', 'Messages', 'Location', 'Town 1', 'Established Member', 'My signature'])
      expect(out).not.toContain(s);
  });

  it('reads a thread from a local copy as a thread through the address the page gives itself (canonical link)', () => {
    const card = (
      i: number,
    ): string => `<div class="message-user"><a class="username" href="/members/m${i}">member${i}</a>
      <div class="member-extras"><dl class="pairs"><dt>Joined</dt><dd>Jun ${i + 1}, 2016</dd></dl><dl class="pairs"><dt>Messages</dt><dd>${100 + i}</dd></dl></div></div>`;
    const posts = Array.from(
      { length: 4 },
      (_, i) => `<article class="message"><div class="message-inner">${card(i)}
      <div class="message-main"><div class="message-body"><p>Post ${i} says something about the question that was asked in this thread.</p></div></div></div></article>`,
    ).join('');
    const body = `${chrome}<div class="block-body">${posts}</div>${footer}`;
    const mirrored = 'http://127.0.0.1:8080/pages/1234.html';
    const bare = text(extractMainContent(page(body), { url: mirrored, hints: { jsonLdTypes: [] } }));
    expect(bare).toContain('Joined'); // without the page's own address nothing says "thread": poster fields stay
    for (const head of [
      '<link rel="canonical" href="https://forum.example/threads/a-question.123/">',
      '<meta property="og:url" content="/threads/a-question.123/">',
    ]) {
      const doc = page(body, head);
      const out = text(extractMainContent(doc, { url: mirrored, hints: collectContentHints(doc) }));
      for (let i = 0; i < 4; i++) expect(out).toContain(`Post ${i} says something`);
      for (const s of ['Joined', 'Messages', 'Jun 2, 2016']) expect(out).not.toContain(s);
    }
  });

  it('reads a page as a thread when its microdata says DiscussionForumPosting, though neither its address nor JSON-LD does', () => {
    const card = (
      i: number,
    ): string => `<div class="message-user"><a class="username" href="/members/m${i}">member${i}</a>
      <div class="member-extras"><dl class="pairs"><dt>Joined</dt><dd>Jun ${i + 1}, 2016</dd></dl><dl class="pairs"><dt>Messages</dt><dd>${100 + i}</dd></dl></div></div>`;
    const posts = Array.from(
      { length: 4 },
      (_, i) => `<article class="message"><div class="message-inner">${card(i)}
      <div class="message-main"><div class="message-body"><p>Post ${i} says something about the question that was asked in this thread.</p></div></div></div></article>`,
    ).join('');
    const url = 'https://boards.example/groups/fish/what-to-look-for-t17351.html';
    const plain = page(`${chrome}<div class="block-body">${posts}</div>${footer}`);
    expect(text(extractMainContent(plain, { url, hints: collectContentHints(plain) }))).toContain('Joined'); // nothing says "thread"
    const doc = page(
      `${chrome}<div class="block-body" itemscope itemtype="https://schema.org/DiscussionForumPosting">${posts}</div>${footer}`,
    );
    const out = text(extractMainContent(doc, { url, hints: collectContentHints(doc) }));
    for (let i = 0; i < 4; i++) expect(out).toContain(`Post ${i} says something`);
    for (const s of ['Joined', 'Messages', 'Jun 2, 2016']) expect(out).not.toContain(s);
  });

  it("does not read an FAQ block's Question types as a discussion", () => {
    const doc = page(
      `${chrome}<main><h1>Camp stoves</h1>${para('Stoves', 3)}<div class="comments">${para('A visitor comment', 2)}</div></main>${footer}`,
    );
    const out = text(
      extractMainContent(doc, {
        url: 'https://shop.example/c/stoves',
        hints: { jsonLdTypes: ['faqpage', 'question', 'answer'] },
      }),
    );
    expect(out).toContain('Stoves paragraph 3');
    expect(out).not.toContain('A visitor comment');
  });
});

describe('extractMainContent on landing pages', () => {
  it('keeps <main> whatever its id says and the <header> of each section, drops the page banner', () => {
    const sections = Array.from(
      { length: 3 },
      (_, i) =>
        `<section><header><h2>Feature ${i}</h2><p>Tagline ${i} in a few words</p></header>${para(`Feature ${i}`, 1)}</section>`,
    ).join('');
    const doc = page(
      `<header class="site"><a href="/">Brand</a> <a href="/pricing">Pricing</a></header><main id="skip-to-content">${sections}</main>${footer}`,
    );
    const out = text(extractMainContent(doc));
    for (let i = 0; i < 3; i++) {
      expect(out).toContain(`Feature ${i} paragraph 1`);
      expect(out).toContain(`Tagline ${i} in a few words`);
    }
    expect(out).not.toContain('Pricing');
  });

  it("keeps a card's own header and footer (CardHeader, card-footer), drops the page footer", () => {
    const cards = Array.from(
      { length: 3 },
      (_, i) => `<div class="CustomerCard"><div class="CustomerCardHeader"><p>Customer ${i} runs a shop</p></div>
      <p>Customer ${i} moved their servers here and halved the bill within a month of switching over.</p>
      <div class="CustomerCardFooter"><p>Read how customer ${i} did it</p></div></div>`,
    ).join('');
    const doc = page(
      `${chrome}<main><h1>Cloud for builders</h1>${para('Cloud', 2)}<div class="cards">${cards}</div></main><div class="page-footer"><p>Company, careers, press and legal.</p></div>`,
    );
    const out = text(extractMainContent(doc));
    expect(out).toContain('Customer 1 runs a shop');
    expect(out).toContain('Read how customer 2 did it');
    expect(out).not.toContain('careers, press');
  });
  it('reads folded accordion and tab panels (hidden until a click), still skips other hidden blocks', () => {
    const items = Array.from(
      { length: 3 },
      (_, i) => `<div class="accordion-item"><button class="accordion-toggle">Course ${i} details</button>
      <div class="accordion__content" style="visibility: hidden; height: 0">Course ${i} teaches planning, estimating and scheduling of real projects over four weeks of practice.</div></div>`,
    ).join('');
    const doc =
      page(`${chrome}<main><h1>Project management certificate</h1>${para('Certificate', 2)}<div class="accordion">${items}</div>
      <div class="promo" style="display:none"><p>Hidden promo text that nobody sees on the page.</p></div></main>${footer}`);
    const out = text(extractMainContent(doc));
    expect(out).toContain('Course 2 teaches planning');
    expect(out).not.toContain('Hidden promo text');
  });
  it('leaves out screen-reader-only text (labels repeated in every card that a reader of the page never sees)', () => {
    const card = (
      i: number,
    ) => `<li class="card"><a href="/p/${i}">Headphones model ${i}</a><span class="visually-hidden">Regular price</span><span>$${100 + i}.95</span>
      <span class="sr-only">Unit price per</span></li>`;
    const doc = page(
      `${chrome}<main><h1>Headphones</h1><ul class="grid">${[1, 2, 3, 4].map(card).join('')}</ul></main>${footer}`,
    );
    const out = text(extractMainContent(doc));
    for (const s of ['Headphones model 1', '$104.95']) expect(out).toContain(s);
    expect(out).not.toContain('Regular price');
    expect(out).not.toContain('Unit price');
  });

  it('hides jQuery-UI style "hidden-accessible" labels, but not a field whose modifier only hides its label', () => {
    const card = (
      i: number,
    ) => `<li class="card"><a href="/e/${i}"><h3>Conference number ${i}</h3></a><p>Tomorrow at ${i}:00 PM</p>
      <button><span class="ui-helper-hidden-accessible">Save this event: Conference number ${i}</span></button></li>`;
    const doc = page(`${chrome}<main><h1>Events</h1><ul class="results">${[1, 2, 3, 4].map(card).join('')}</ul>
      <div class="field field--label-visually_hidden"><div class="field__label visually-hidden">Body</div>${para('Events intro', 2)}</div></main>${footer}`);
    const out = text(extractMainContent(doc));
    for (const s of ['Conference number 1', 'Tomorrow at 4:00 PM', 'Events intro paragraph 2'])
      expect(out).toContain(s);
    expect(out).not.toContain('Save this event');
    expect(out).not.toContain('Body');
  });

  it('judges a button by its visible label: screen-reader words do not make "Compare" a long accordion question', () => {
    const card = (i: number) => `<li class="tile"><a href="/p/${i}">Hiking boot model ${i}</a><span>$1${i}9.95</span>
      <button type="button"><span class="sr-only">Add Hiking boot model ${i} with waterproof lining to</span> Compare</button></li>`;
    const doc = page(
      `${chrome}<main><h1>Boots</h1><ul class="results">${[1, 2, 3, 4].map(card).join('')}</ul></main>${footer}`,
    );
    const out = text(extractMainContent(doc));
    for (const s of ['Hiking boot model 1', '$149.95']) expect(out).toContain(s);
    expect(out).not.toContain('Compare');
  });

  it("keeps a card's heading and price beside its quick-buy form, dropping only the form's controls", () => {
    const card = (
      i: number,
    ) => `<li class="grid__item"><div class="card"><div class="card__content"><h3><a href="/p/${i}">Dark roast ${i}</a></h3>
      <span>$1${i}.99</span><form><select><option>Whole bean</option><option>Ground</option></select>
      <select><option>12 oz</option><option>5 lb</option></select><button>Add</button><button>-</button><input type="number"></form></div>
      <div class="card__badge">Best seller, roasted this week in small batches</div></div></li>`;
    const doc = page(
      `${chrome}<main><h1>Coffee</h1><ul class="grid">${[1, 2, 3, 4].map(card).join('')}</ul></main>${footer}`,
    );
    const out = text(extractMainContent(doc));
    for (const s of ['Dark roast 1', '$14.99', 'Dark roast 4']) expect(out).toContain(s);
    expect(out).not.toContain('Whole bean');
  });

  it('keeps one layout of a card shipped twice (mobile and desktop), the fuller one, when the other leaves a field out', () => {
    const card = (i: number) => `<li><div class="card">
      <div class="card-mobile"><h3><a href="/e/${i}">Tech meetup number ${i} for web developers</a></h3><p>Tomorrow at ${i}:00 PM</p><p>Free</p><p>Organizer ${i} Ltd</p></div>
      <div class="card-desktop"><h3><a href="/e/${i}">Tech meetup number ${i} for web developers</a></h3><p>Tomorrow at ${i}:00 PM</p><p>Free</p></div></div></li>`;
    const doc = page(
      `${chrome}<main><h1>Events</h1><ul class="results">${[1, 2, 3, 4].map(card).join('')}</ul></main>${footer}`,
    );
    const out = text(extractMainContent(doc));
    for (const s of ['Tech meetup number 1', 'Organizer 4 Ltd']) expect(out).toContain(s);
    expect(out.split('Tech meetup number 2').length - 1).toBe(1);
    expect(out.split('Tomorrow at 3:00 PM').length - 1).toBe(1);
  });

  it('keeps the linked name of each row of a ranking without headings (its title, though link-dense)', () => {
    const row = (
      i: number,
    ) => `<div class="row"><div class="name"><span>${i}.</span><a href="/p/${i}">Product ${i}</a></div>
      <div class="score"><span>${(9 - i / 10).toFixed(1)}</span><span>Score out of ten, weighted</span></div></div>`;
    const doc = page(
      `${chrome}<main><h1>Top ranked tools</h1>${para('The ranking', 2)}<div class="rows">${[1, 2, 3, 4].map(row).join('')}</div></main>${footer}`,
    );
    const out = text(extractMainContent(doc));
    for (const s of ['Product 1', 'Product 4', '8.9']) expect(out).toContain(s);
  });

  it('keeps cards wrapped one per list item although each carries more buttons than text (swatches, wishlist)', () => {
    const card = (
      i: number,
    ) => `<li class="cell"><div class="card"><a href="/t/${i}">Tank ${i}</a><span>$2${i}, cotton blend, slim fit</span>
      <button></button><button></button><button></button><button>+</button></div></li>`;
    const doc = page(
      `${chrome}<main><h1>Tops</h1>${para('Our tops', 4)}<ul class="grid">${[1, 2, 3, 4, 5].map(card).join('')}</ul></main>${footer}`,
    );
    const out = text(extractMainContent(doc));
    for (const s of ['Our tops paragraph 4', 'Tank 1', '$25']) expect(out).toContain(s);
  });

  it("keeps a footer of long footnotes and a long consent dialog out when they outweigh the page's <main>", () => {
    const notes = Array.from(
      { length: 12 },
      (_, i) =>
        `<li><small>Footnote ${i}: financing terms vary, subject to credit approval and the card agreement, taxes and shipping not included in the monthly amount shown.</small></li>`,
    ).join('');
    const doc = page(
      `${chrome}<main><h1>Watches</h1>${para('The lineup', 3)}</main><footer><ol>${notes}</ol></footer>`,
    );
    const out = text(extractMainContent(doc));
    expect(out).toContain('The lineup paragraph 3');
    expect(out).not.toContain('Footnote 4');
    const purposes = Array.from(
      { length: 12 },
      (_, i) =>
        `<div><h4>Purpose ${i}</h4><p>Your cookies and similar identifiers are stored on your device to measure content and ads; you may consent or object to this use at any time.</p><button>Allow</button></div>`,
    ).join('');
    const recipes = Array.from(
      { length: 6 },
      (_, i) => `<li><a href="/r/${i}">Sheet pan dinner number ${i} with roasted vegetables</a></li>`,
    ).join('');
    const doc2 =
      page(`${chrome}<div class="wrap"><h1>Dinner recipes</h1><p>What is for dinner? Popular five star recipes.</p><ul>${recipes}</ul></div>
      <div id="consent-sdk" class="cookie-banner"><div role="dialog">${purposes}</div></div>`);
    const out2 = text(extractMainContent(doc2));
    expect(out2).toContain('Sheet pan dinner number 5');
    expect(out2).not.toContain('Purpose 3');
  });

  it('keeps the short byline that every teaser of a listing carries, though its class says "meta"', () => {
    const teaser = (
      i: number,
    ) => `<article class="teaser"><h2><a href="/p/${i}">Story number ${i}</a></h2>${para(`Teaser ${i}`, 2)}
      <div class="post-meta">Written by Author ${i}, March ${i}</div></article>`;
    const doc = page(`${chrome}<main><h1>Latest stories</h1><div class="list">${[1, 2, 3, 4].map(teaser).join('')}</div>
      <div class="meta-sidebar"><p>Archive of older posts from every year.</p></div></main>${footer}`);
    const out = text(extractMainContent(doc));
    for (const s of ['Teaser 4 paragraph 2', 'Written by Author 1, March 1', 'Written by Author 4'])
      expect(out).toContain(s);
    expect(out).not.toContain('Archive of older posts');
  });

  it('keeps a grid of linked cards with swatch buttons, each card showing a price beside its linked name', () => {
    const card = (
      i: number,
    ) => `<div class="tile"><a href="/p/${i}">Standing desk model ${i} with a bamboo top</a><p>$${i}99+</p>
      <button></button><button></button><button></button><button></button></div>`;
    const doc = page(`${chrome}<main><h1>Desks</h1>${para('Our desks', 2)}
      <div class="grid">${[1, 2, 3, 4, 5, 6, 7, 8].map(card).join('')}</div></main>${footer}`);
    const out = text(extractMainContent(doc));
    for (const s of ['Standing desk model 1', '$199+', 'Standing desk model 8']) expect(out).toContain(s);
  });

  it('keeps the linked heading of each product card (its name), though the block holding it is all link', () => {
    const card = (i: number) => `<li class="item"><article class="tile"><div class="desc"><div class="top">
      <div class="details"><h3><a href="/p/${i}">Serum set ${i}</a></h3></div>
      <div class="options"><p>Three serums in travel sizes, shade ${i}</p><p>Sale price €4${i},95 Regular price €5${i},95</p></div></div>
      <div class="actions"><button>Choose set</button><a href="/p/${i}">See details</a></div></div></article></li>`;
    const doc = page(
      `${chrome}<main><h1>Skincare sets</h1><ul class="list">${[1, 2, 3, 4].map(card).join('')}</ul></main>${footer}`,
    );
    const out = text(extractMainContent(doc));
    for (const s of ['Serum set 1', 'Serum set 4', 'Sale price €41,95']) expect(out).toContain(s);
  });

  it("keeps a card's name and price though they share a block with the swatch buttons (its quick-buy panel)", () => {
    const card = (i: number) => `<div class="tile"><a href="/p/${i}">Free accessories included</a><div class="body">
      <div class="swatches"><button></button><button></button><button></button><button></button></div>
      <a href="/p/${i}">Desk ${i}</a><p>$${i}99</p></div></div>`;
    const doc = page(
      `${chrome}<main><h1>Desks</h1>${para('Our desks', 2)}<div class="grid">${[1, 2, 3, 4, 5].map(card).join('')}</div></main>${footer}`,
    );
    const out = text(extractMainContent(doc));
    for (const s of ['Desk 1', '$199', 'Desk 5', '$599']) expect(out).toContain(s);
  });

  it('keeps a link-dense card that fills its list item (a product title link and its price)', () => {
    const card = (i: number) =>
      `<li class="cell"><div class="card"><a href="/p/${i}">Portable power station model ${i}</a> <span>$6${i}</span></div></li>`;
    const doc = page(
      `${chrome}<main><h1>Power stations</h1>${para('Our stations', 4)}<ul class="grid">${[1, 2, 3, 4, 5].map(card).join('')}<li class="promo">${para('Promo tile', 3)}</li></ul></main>${footer}`,
    );
    const out = text(extractMainContent(doc));
    for (const s of ['Our stations paragraph 4', 'Portable power station model 1', '$65']) expect(out).toContain(s);
  });

  it('drops a control label that recurs in most cards ("Compare" beside its checkbox)', () => {
    const card = (
      i: number,
    ) => `<article class="mini"><h2><a href="/b/${i}">Charcoal grill model ${i}</a></h2><p>Enamelled steel, ${40 + i} cm grate</p>
      <div class="check"><input type="checkbox" id="c${i}"><label for="c${i}">Compare</label></div></article>`;
    const doc = page(
      `${chrome}<main><h1>Charcoal grills</h1><div class="row">${[1, 2, 3, 4, 5].map(card).join('')}</div></main>${footer}`,
    );
    const out = text(extractMainContent(doc));
    for (const s of ['Charcoal grill model 1', '45 cm grate']) expect(out).toContain(s);
    expect(out).not.toContain('Compare');
  });

  it('drops a card\'s shop actions whatever sets them: "Compare" as a bare span, "Add to Cart" in only a few cards, beside an icon', () => {
    const row = (
      i: number,
    ) => `<div class="entry-row"><div class="rank">${i}.</div><a href="/products/p${i}">Analytics suite ${i}</a>
      <span class="score">${(9 - i / 10).toFixed(1)}</span><div class="actions"><span class="compare-label">Compare</span></div></div>`;
    const card = (
      i: number,
    ) => `<li class="product"><a href="/p/${i}"><h3>Mesh task chair ${i}</h3></a><span class="price">$${200 + i}.00</span>
      <a class="button" href="/cart?add=${i}"><svg role="img"><title>Cart</title><path d="M0 0h1"></path></svg>${i < 3 ? 'Add to Cart' : 'Choose Options'}</a></li>`;
    const doc =
      page(`${chrome}<main><h1>Top ranked analytics software</h1><div class="list">${[1, 2, 3, 4, 5, 6].map(row).join('')}</div>
      <h2>Chairs</h2><ul class="grid">${[1, 2, 3, 4, 5, 6, 7].map(card).join('')}</ul></main>${footer}`);
    const trace: string[] = [];
    const out = text(extractMainContent(doc, { trace }));
    for (const s of ['Analytics suite 6', 'Mesh task chair 7', '$207.00']) expect(out, trace.join('\n')).toContain(s);
    expect(out).not.toContain('Compare');
    expect(out).not.toContain('Add to Cart');
    // the same words stay where they are not a card's whole label: in a card's name, in its text, outside the cards
    const mirror = (i: number) =>
      `<li class="product"><a href="/p/${i}"><h3>Quick View mirror ${i}</h3></a><p>Compare this mirror with the oval one before you add to cart.</p></li>`;
    const near = page(
      `${chrome}<main><h1>Mirrors</h1>${para('Buying guide', 2)}<p><a href="/compare">Compare</a></p><ul class="grid">${[1, 2, 3].map(mirror).join('')}</ul></main>${footer}`,
    );
    const out2 = text(extractMainContent(near));
    expect(out2).toContain('Quick View mirror 3');
    expect(out2).toContain('Compare this mirror with the oval one before you add to cart.');
    expect(out2).toMatch(/read like prose\.\s*Compare/);
  });

  it('drops a second copy of a text inside one card, and keeps texts that separate items share', () => {
    const title = (i: number) => `Online conference on reverse engineering, part ${i}`;
    const card = (
      i: number,
    ) => `<li><div class="card"><div class="mobile"><h3>${title(i)}</h3><p>Wednesday at 4 PM</p></div>
      <div class="desktop"><h3>${title(i)}</h3><p>Wednesday at 4 PM, free entry</p></div></div></li>`;
    const doc = page(
      `${chrome}<main><h1>Tech events</h1><ul class="events">${[1, 2, 3].map(card).join('')}</ul></main>${footer}`,
    );
    const out = text(extractMainContent(doc));
    for (const i of [1, 3]) expect(out.split(title(i)).length - 1).toBe(1);
    expect(out).toContain('free entry');
    const plan = (name: string) =>
      `<div class="plan"><h3>${name}</h3><p>Unlimited projects and unlimited users for your whole team</p></div>`;
    const plans = page(
      `${chrome}<main><h1>Pricing</h1><div class="plans">${plan('Basic')}${plan('Pro')}</div></main>${footer}`,
    );
    expect(text(extractMainContent(plans)).split('Unlimited projects').length - 1).toBe(2);
  });

  it('drops a short title or price printed twice inside one shop card (one per layout), and keeps short texts the cards share', () => {
    const card = (
      i: number,
    ) => `<li class="item"><a href="/p/${i}"><h3 class="card__heading">Studio headphones ${i}</h3></a>
      <div class="card__info"><span class="vendor">Acme</span><h3 class="card__title"><a href="/p/${i}">Studio headphones ${i}</a></h3>
      <div class="price"><span class="regular">$${200 + i}.95</span><span class="sale">$${200 + i}.95</span></div><span class="ship">Free shipping today</span></div></li>`;
    const doc = page(
      `${chrome}<main><h1>Headphones</h1><ul class="grid">${[1, 2, 3, 4].map(card).join('')}</ul></main>${footer}`,
    );
    const out = text(extractMainContent(doc));
    for (const i of [1, 4]) expect(out.split(`Studio headphones ${i}`).length - 1).toBe(1);
    expect(out.split('Free shipping today').length - 1).toBe(4);
    expect(out.split('$204.95').length - 1).toBe(1);
  });

  it('keeps a story that mentions cookies further down, and still drops a banner that opens with them', () => {
    const story = `<div class="post"><h2><a href="/s/1">Regulators and the web</a></h2><p>${'A long report on how browsers changed their defaults over the last decade, with quotes from engineers. '.repeat(4)}Sites must now ask before they store cookies, and users can accept or reject them.</p></div>`;
    const other = (i: number) =>
      `<div class="post"><h2><a href="/s/${i}">Another story ${i}</a></h2><p>${para(`Story ${i}`, 1)}</p></div>`;
    const banner =
      '<div class="notice"><p>We use cookies to improve your experience.</p><a href="/privacy">Privacy policy</a> <button>Accept</button></div>';
    const doc = page(
      `${chrome}<main><h1>Today</h1>${banner}<div class="river">${story}${other(2)}${other(3)}</div></main>${footer}`,
    );
    const out = text(extractMainContent(doc));
    expect(out).toContain('users can accept or reject them');
    expect(out).not.toContain('We use cookies');
  });

  it('reads sibling teasers labelled "promo" as the items of a list, not as chrome', () => {
    const promo = (i: number) =>
      `<div class="PagePromo"><h3><a href="/a/${i}">Headline ${i}</a></h3><p>Summary ${i} of the story, told in two plain sentences. It explains what happened and why.</p></div>`;
    const doc = page(
      `${chrome}<main><div class="playlist">${para('Video', 4)}</div><div class="list">${[1, 2, 3, 4, 5, 6].map(promo).join('')}</div></main>${footer}`,
    );
    const out = text(extractMainContent(doc));
    for (const s of ['Video paragraph 3', 'Summary 1 of the story', 'Summary 6 of the story']) expect(out).toContain(s);
    // a lone promo box is still chrome
    const ad = page(
      `${chrome}<main><h1>Science</h1>${para('Story', 4)}<div class="promo"><p>Subscribe today and save half on your first year of print.</p></div></main>${footer}`,
    );
    expect(text(extractMainContent(ad))).not.toContain('Subscribe today');
  });
  it('reads "promo"-labelled teasers each wrapped in a list item as the items, with their labelled parts', () => {
    const promo = (
      i: number,
    ) => `<div class="list-item"><div class="Promo"><div class="Promo-content"><h3 class="Promo-title"><a href="/a/${i}">Headline ${i}</a></h3>
      <div class="Promo-description"><a href="/a/${i}">Summary ${i} of the story, told in two plain sentences. It explains what happened and why.</a></div></div></div></div>`;
    const doc = page(
      `${chrome}<main><div class="playlist">${para('Video', 4)}</div><div class="list">${[1, 2, 3, 4, 5, 6].map(promo).join('')}</div></main>${footer}`,
    );
    const out = text(extractMainContent(doc));
    for (const s of ['Video paragraph 3', 'Headline 2', 'Summary 1 of the story', 'Summary 6 of the story'])
      expect(out).toContain(s);
  });
  it('drops a mega-menu <nav> that outweighs a short <main> beside it', () => {
    const columns = Array.from(
      { length: 12 },
      (_, i) =>
        `<div class="col"><p>Tool ${i}</p><a href="/t${i}"><p>Tool ${i} helps teams design, test and ship their interfaces faster than before.</p></a></div>`,
    ).join('');
    const doc =
      page(`<nav class="top"><div class="mega">${columns}</div></nav><main><h1>The platform for interfaces</h1>
      <p>Design, test and ship interfaces in one place. Built for engineers, made for scale and for teams of any size.</p></main>${footer}`);
    const out = text(extractMainContent(doc));
    expect(out).toContain('The platform for interfaces');
    expect(out).not.toContain('Tool 3 helps teams');
  });
  it('drops legal fine print (disclaimers) even when it reads as prose, and a related-services block', () => {
    const fine = Array.from(
      { length: 6 },
      (_, i) =>
        `<li>Claim ${i}: based on publicly available data from last year; results vary by plan, country and usage, see the terms.</li>`,
    ).join('');
    const related = Array.from(
      { length: 3 },
      (_, i) =>
        `<div class="svc"><a href="/s${i}"><h3>Service ${i}</h3></a><p>Service ${i} helps teams with payroll.</p></div>`,
    ).join('');
    const doc = page(`${chrome}<main><h1>Email marketing for growing shops</h1>${para('Marketing', 8)}
      <div class="more"><h2>Related services</h2>${related}</div>
      <div class="copy-legal"><p>*Disclaimers</p><ol>${fine}</ol></div></main>${footer}`);
    const out = text(extractMainContent(doc));
    expect(out).toContain('Marketing paragraph 3');
    expect(out).not.toContain('Claim 2: based on');
    expect(out).not.toContain('Service 1 helps teams');
  });
  it('keeps the "header"-named heading block of a section inside <main>, drops the page banner named so', () => {
    const blocks = Array.from(
      { length: 2 },
      (
        _,
        i,
      ) => `<section class="panel"><div class="cd-header"><h2>Feature ${i}</h2><p>Feature ${i} tracks rankings every day for every location you manage.</p></div>
      <p>Detail ${i}: reports arrive weekly and can be branded as your own.</p></section>`,
    ).join('');
    const doc =
      page(`<div class="site-header"><a href="/">Home</a> <a href="/pricing">Pricing</a> <a href="/login">Log in</a> <a href="/signup">Sign up</a></div>
      <main><h1>Local SEO tools</h1>${para('Tools', 2)}${blocks}</main>${footer}`);
    const out = text(extractMainContent(doc));
    expect(out).toContain('Feature 1 tracks rankings');
    expect(out).toContain('Detail 1: reports arrive');
    expect(out).not.toContain('Pricing');
  });
  it('reads once a block whose mobile copy breaks its lines elsewhere (a <br> for a space), and keeps a same-length block worded differently', () => {
    const guide = (rows: string[], sep: string): string =>
      `<h3>Water resistance guide</h3>${rows.map((r) => `<p>${r.replace('|', sep)}</p>`).join('')}`;
    const rows = ['3ATM light rain, sweat and|brief water contact.', '5ATM rain, sweat and|short swims in a pool.'];
    const doc = page(`${chrome}<div class="pdp"><h1>Classic Watch</h1>${para('The watch', 3)}
      <div class="guide"><div class="guide-wide">${guide(rows, ' ')}</div><div class="guide-narrow">${guide(rows, '<br>')}</div></div>
      <div class="notes"><div class="note-a"><p>Strap in brown leather, stitched by hand.</p></div><div class="note-b"><p>Strap in black rubber, moulded in one go.</p></div></div></div>${footer}`);
    const out = text(extractMainContent(doc));
    expect(out.split('Water resistance guide').length - 1).toBe(1);
    expect(out.split('water contact').length - 1).toBe(1);
    expect(out).toContain('Strap in brown leather');
    expect(out).toContain('Strap in black rubber');
  });

  it('reads once a panel rendered twice with one id (desktop tabs and a mobile accordion), wherever the copies sit', () => {
    const panel = (i: number): string =>
      `<div id="panel-${i}" class="tab-panel"><h3>Offer ${i}</h3><p>Offer ${i} covers red teaming of AI systems for banks and insurers.</p></div>`;
    const doc = page(`${chrome}<main><h1>Security services</h1>${para('Security', 3)}
      <div class="tabs">${[1, 2, 3].map(panel).join('')}</div>${para('Between', 2)}
      <div class="accordion-mobile">${[1, 2, 3].map((i) => `<div class="item"><span>Open item ${i} of the list</span>${panel(i)}</div>`).join('')}</div></main>${footer}`);
    const out = text(extractMainContent(doc));
    expect(out.split('Offer 2 covers red teaming').length - 1).toBe(1);
    expect(out).toContain('Between paragraph 2');
  });
  it('drops a bare "Read more" / "View all" link but keeps a link that names its target', () => {
    const doc =
      page(`${chrome}<article><h1>Harbour Walk</h1>${para('The walk', 3)}<p><a href="/more">Read more »</a></p>
      ${para('The pier', 2)}<p><a href="/tides">Read more about spring tides</a></p><div><a href="/all">View all</a></div></article>${footer}`);
    const out = text(extractMainContent(doc));
    expect(out).toContain('The pier paragraph 2');
    expect(out).toContain('Read more about spring tides');
    expect(out).not.toMatch(/Read more »|View all/);
  });
});

describe('extractMainContent on product pages (buy button, placeholder text)', () => {
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

  it('drops blocks of template filler text (lorem ipsum) with their stub headings; a block with real text beside the filler stays', () => {
    const filler =
      'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua.';
    const doc = page(`${chrome}<main><h1>Slim Wallet</h1>${para('The wallet', 3)}
      <div class="features"><div class="card"><h3>SOMETHING</h3><p>${filler}</p></div><div class="card"><h3>Yada yada</h3><p>${filler}</p></div></div>
      <div class="note"><p>${filler}</p>${para('The warranty', 2)}</div></main>${footer}`);
    const out = text(extractMainContent(doc));
    expect(out).toContain('The wallet paragraph 3');
    expect(out).toContain('The warranty paragraph 2');
    expect(out).not.toContain('SOMETHING');
    expect(out).not.toContain('Yada yada');
    expect(out).not.toContain('Lorem ipsum'); // the filler paragraph goes, the block around it stays
  });

  it('drops unrendered template bindings ({{ price.total }}) with their short labels, but not braces inside code', () => {
    const doc = page(`${chrome}<main><h1>Tablet S9</h1>${para('The tablet', 3)}
      <div class="price"><span>{{priceAnchor.info.totalPrice}}</span><p>Original price: {{priceAnchor.info.originalPrice}}</p></div>
      <p>{{banner=&quot;/case-banners/hire&quot;}}</p>
      <pre><code>&lt;span style={{ color: 'red' }}&gt;</code></pre></main>${footer}`);
    const out = text(extractMainContent(doc));
    expect(out).toContain('The tablet paragraph 3');
    expect(out).not.toContain('priceAnchor');
    expect(out).not.toContain('Original price');
    expect(out).not.toContain('case-banners'); // a binding split by an entity is still one binding
    expect(out).toContain("style={{ color: 'red' }}");
  });

  it('drops bare addresses of picture and video files (data dumps, unconverted embeds) with their field labels, not their captions', () => {
    const fields = ['bone', 'sand', 'navy']
      .map((c) => `<dt>cat_thumb_${c}:</dt><dd>https://cdn.example.com/images/160x160/tee_${c}_thumb.jpg</dd>`)
      .join('');
    const doc = page(`${chrome}<main><h1>Staple Tee</h1>${para('The tee', 3)}
      <dl><dt>Fabric:</dt><dd>Combed cotton</dd>${fields}</dl>
      <div class="cards"><div><p><a href="/v/daisy.mp4">https://www.example.com/videos/hannah-and-daisy.mp4</a></p><p>Hannah and Daisy, a six-year-old Yorkshire Terrier who loves long walks on the beach</p></div></div>
      <p>Our sizing guide lives at <a href="https://www.example.com/size-guide.png">https://www.example.com/size-guide.png</a> for now.</p></main>${footer}`);
    const out = text(extractMainContent(doc));
    expect(out).toContain('The tee paragraph 3');
    expect(out).toContain('Combed cotton');
    expect(out).toContain('Hannah and Daisy');
    expect(out).toContain('lives at https://www.example.com/size-guide.png for now'); // inside a sentence it is the sentence's
    expect(out).not.toContain('tee_bone_thumb.jpg');
    expect(out).not.toContain('cat_thumb_sand');
    expect(out).not.toContain('hannah-and-daisy.mp4');
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

  it('drops "Loading..." notices of blocks a script fills later; a sentence about loading stays', () => {
    const doc = page(`${chrome}<main><h1>Graphics Card</h1>${para('The card', 3)}
      <div class="specs"><span class="spinner">LOADING...</span></div><div class="shipping"><p>Loading</p></div>
      <p>Loading the dishwasher takes a minute.</p></main>${footer}`);
    const out = text(extractMainContent(doc));
    expect(out).toContain('The card paragraph 3');
    expect(out).toContain('Loading the dishwasher');
    expect(out).not.toMatch(/LOADING\.\.\./);
    expect(out).not.toMatch(/Loading(?! the)/);
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

  it("leaves out ARIA live regions (role=status, role=alert): announcements of the page's state, not its text", () => {
    const cards = [1, 2, 3, 4, 5, 6]
      .map(
        (i) =>
          `<li class="card"><h3><a href="/p/${i}">Camp stove model ${i} with two burners</a></h3><p>$${80 + i}.95</p></li>`,
      )
      .join('');
    const doc =
      page(`${chrome}<main><h1>Camp stoves</h1>${para('Our stoves', 2)}<div role="status">loaded 24 results</div>
      <ul class="grid">${cards}</ul><div role="alert">Unable to add item to List. Please try again.</div></main>${footer}`);
    const out = text(extractMainContent(doc));
    for (const s of ['Our stoves paragraph 2', 'Camp stove model 6', '$86.95']) expect(out).toContain(s);
    for (const s of ['loaded 24 results', 'Unable to add item']) expect(out).not.toContain(s);
  });

  it('keeps a framework callout marked role=alert that says more than a few words (a Bootstrap note)', () => {
    const note = 'Note: the stove needs a standard 16 oz propane cylinder, sold separately in every hardware store.';
    const doc = page(
      `${chrome}<main><h1>Camp stoves</h1>${para('Our stoves', 2)}<div class="alert alert-info" role="alert">${note}</div>${para('Care', 2)}</main>${footer}`,
    );
    expect(text(extractMainContent(doc))).toContain('sold separately in every hardware store');
  });
});
