import { describe, expect, it } from 'vitest';
import { extractMainContent } from './extractMainContent.js';
import { para, page, text } from './testPages.fixture.js';

const product = { hints: { jsonLdTypes: ['product'] } };

describe('dropRatedReviews (product pages)', () => {
  it('drops unlabelled customer review cards, known by their star ratings and verdicts', () => {
    const review = (
      i: number,
    ) => `<div class="c-item"><p>Rated ${i % 2 ? 5 : 4} out of 5 stars</p><p>Age: 35-44</p><p>Location: Town ${i}</p>
      <p>Customer ${i} found the kettle quick to boil and easy to pour, and says so at some length in this card.</p><p>Yes, I recommend this product</p></div>`;
    const doc = page(`<div class="pdp"><h1>Steel Kettle</h1><p class="price">$49.00</p>${para('The kettle', 4)}
      <div class="c-list">${[1, 2, 3, 4].map(review).join('')}</div></div>`);
    const out = text(extractMainContent(doc, product));
    for (const s of ['Steel Kettle', '$49.00', 'The kettle paragraph 4']) expect(out).toContain(s);
    expect(out).not.toContain('Customer 3 found the kettle');
    expect(out).not.toContain('Location: Town 2');
  });

  it('keeps rated cards that carry a price: other products, not reviews', () => {
    const card = (i: number) =>
      `<div class="tile"><p>Kettle model ${i}, brushed steel, 1.7 litres</p><p>Rated 4.${i} out of 5 ` +
      `stars</p><p>$${30 + i}.00</p></div>`;
    const doc = page(
      `<div class="pdp"><h1>Steel Kettle</h1>${para('The kettle', 4)}<div ` +
        `class="tiles">${[1, 2].map(card).join('')}</div></div>`,
    );
    const out = text(extractMainContent(doc, product));
    expect(out).toContain('Kettle model 2');
  });
});

describe('dropRatedReviews (any page)', () => {
  const review = (
    i: number,
  ) => `<div class="c-item"><p>Shopper ${i}</p><p>${i % 2 ? 5 : 4}.0 out of 5 stars Does the job</p>
    <p>Reviewed in the United Kingdom on ${i} March 2026Verified Purchase</p><p>Customer ${i} found the kettle quick to boil and easy to pour, and says so here.</p></div>`;

  it('drops rated review cards that say when they were written, without product markup', () => {
    // the widget names itself ("customer-reviews") and holds most of the page's text, so its label alone is not trusted
    const doc = page(`<div class="pdp"><h1>Steel Kettle</h1>${para('The kettle', 2)}
      <div id="customer-reviews"><div class="c-list">${[1, 2, 3, 4, 5, 6].map(review).join('')}</div></div></div>`);
    const out = text(extractMainContent(doc));
    expect(out).toContain('The kettle paragraph 2');
    expect(out).not.toContain('Customer 2 found the kettle');
  });

  it('keeps rated cards without a date there: an article rates its picks', () => {
    const pick = (i: number) =>
      `<div class="pick"><h3>Kettle model ${i}</h3><p>Rated 4.${i} out of 5 stars by our ` +
      `testers</p>${para(`Model ${i}`, 1)}</div>`;
    // a review site names its picks "reviews" too: the missing dates keep them
    const doc = page(
      `<div class="story"><h1>The best kettles</h1>${para('Intro', 1)}<div ` +
        `class="kettle-reviews">${[1, 2, 3].map(pick).join('')}</div></div>`,
    );
    const out = text(extractMainContent(doc));
    expect(out).toContain('Model 2 paragraph 1');
    expect(out).toContain('Rated 4.3 out of 5 stars');
  });
});

describe('dropRatedReviews (threads)', () => {
  it('keeps dated posts that rate what they discuss: in a thread every post has its date', () => {
    const post = (i: number) =>
      `<div class="post"><p>Member ${i} wrote on ${i} March 2026:</p><p>I give the kettle ${i % 2 ? 5 : 4} out of 5 ` +
      `stars after a month of use; member ${i} explains why here.</p></div>`;
    const doc = page(
      `<div class="thread kettle-reviews"><h1>Steel kettle owners</h1>${[1, 2, 3, 4].map(post).join('')}</div>`,
    );
    const out = text(extractMainContent(doc, { hints: { jsonLdTypes: ['discussionforumposting'] } }));
    expect(out).toContain('member 3 explains why');
  });
});
