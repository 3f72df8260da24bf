import { describe, expect, it } from 'vitest';
import { collectContentHints, extractMainContent } from './extractMainContent.js';
import { chrome, footer, pageWithHead as page, para, text } from './testPages.fixture.js';

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
});
