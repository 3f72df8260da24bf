import { describe, expect, it } from 'vitest';
import { extractMainContent } from './extractMainContent.js';
import { chrome, footer, pageWithHead as page, para, text } from './testPages.fixture.js';

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
