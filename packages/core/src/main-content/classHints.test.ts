import { describe, expect, it } from 'vitest';
import { classHint, isScreenReaderOnly } from './classHints.js';
import { extractMainContent } from './extractMainContent.js';
import { page, text } from './testPages.fixture.js';

describe('classHint: WordPress taxonomy classes', () => {
  it('reads category and tag slugs on a post class list as topics, not roles', () => {
    expect(
      classHint('product type-product post-26944 status-publish instock product_tag-utility-lid', '').negative,
    ).toBeNull();
    expect(
      classHint('post-12 post type-post status-publish format-standard hentry category-social-media tag-menu', '')
        .negative,
    ).toBeNull();
    // the same words outside a post class list still name chrome
    expect(classHint('category-menu', '').negative).toBe('menu');
    expect(classHint('post-12 status-publish sidebar', '').negative).toBe('sidebar');
  });

  it('keeps a shop card whose product is tagged with a chrome word', () => {
    const card = (
      i: number,
      tag: string,
    ) => `<li class="product type-product post-${i} status-publish instock product_cat-cups product_tag-${tag}">
      <a href="/p/${i}"><h2>Travel cup number ${i}</h2><span class="price">$${20 + i}.00</span></a><p>Glass cup with a cork band, ${i}00 ml.</p></li>`;
    const items = [1, 2, 3, 4, 5].map((i) => card(i, 'glass')).join('') + card(6, 'utility-lid');
    const doc = page(`<main><h1>Shop</h1><ul class="products">${items}</ul></main>`);
    const trace: string[] = [];
    const out = text(extractMainContent(doc, { trace }));
    expect(out, trace.join('\n')).toContain('Travel cup number 6');
    expect(out).toContain('Travel cup number 1');
  });
});

describe('classHint: CSS-modules build hashes', () => {
  it('does not read a mixed-case build hash as words ("Item_item__adF2E" is not an ad)', () => {
    expect(classHint('AccordionTextItem_item__adF2E', '').negative).toBeNull();
    expect(classHint('Card_body__NavQ1', '').negative).toBeNull();
    // the module's own name still speaks, and BEM element names are not hashes
    expect(classHint('Sidebar_root__x7Kq2', '').negative).toBe('sidebar');
    expect(classHint('site__footer', '').negative).toBe('footer');
  });
});

describe('the build hash of a CSS-modules class', () => {
  it('is found after "__" only: a 100,000-letter class is read in one pass (quadratic look back before)', () => {
    expect(classHint(`a_${'0'.repeat(100_000)}_x`, '').negative).toBeNull();
    expect(classHint(`Card_${'b'.repeat(100_000)}__NavQ1`, '').negative).toBeNull();
    expect(classHint('Sidebar_root__x7Kq2', '').negative).toBe('sidebar');
  });
});

describe('classHint: reading the words of a class string', () => {
  it('cuts camelCase and separators alike, and lower-cases each word', () => {
    expect(classHint('siteHeaderNav', '').negative).toBe('header');
    expect(classHint('SideBySideHeader', '').negative).toBeNull();
    expect(classHint('x1Sidebar--left', '').negative).toBe('sidebar');
    expect(classHint('ARTICLE-Body', '').positive).toBe(true);
  });

  it('reads non-ASCII class strings as lower-casing them reads them', () => {
    // the Kelvin sign lower-cases to an ASCII "k": "coo\u212Aie" is read as "cookie"
    expect(classHint('coo\u212Aie-bar', '').negative).toBe('cookie');
    expect(classHint('menü-sidebar', '').negative).toBe('sidebar');
  });

  it('answers the same for a class string asked twice in a row, and for an id after it', () => {
    expect(classHint('share-bar', '').negative).toBe('share');
    expect(classHint('share-bar', '').negative).toBe('share');
    expect(classHint('', 'share-bar').negative).toBe('share');
    expect(classHint('x', 'main').positive).toBe(true);
  });
});

describe('classHint: word lists and the order of their tests', () => {
  it('joins two words into a poster field only where the first starts one ("user-title", not "user-name")', () => {
    expect(classHint('user-title', '').negative).toBe('usertitle');
    expect(classHint('postProfile', '').negative).toBe('postprofile');
    expect(classHint('post-count big', '').negative).toBe('postcount');
    expect(classHint('user-name', '').negative).toBeNull();
    expect(classHint('usertitle', '').negative).toBe('usertitle');
  });

  it('keeps the order of the tests: a chrome word wins over a content word after it, a content word alone counts', () => {
    expect(classHint('entry-footer', '')).toEqual({ negative: 'footer', positive: true });
    expect(classHint('card-footer', '').negative).toBeNull();
    expect(classHint('blog-list', '').positive).toBe(true);
    expect(classHint('tool-tip', '').negative).toBe('tooltip');
    expect(classHint('cookienotice', '').negative).toBe('cookie');
  });
});

describe('isScreenReaderOnly', () => {
  it('finds each screen-reader-only name in any case, and nothing in lists without one', () => {
    const names = ['sr-only', 'SR_Only', 'screen-reader-text', 'visuallyHidden', 'show-for-sr', 'element-invisible'];
    const more = ['offscreen', 'assistive-text', 'sr-text', 'a11y-hidden', 'hidden-visually', 'hidden-accessible'];
    for (const name of [...names, ...more, 'blind']) expect(isScreenReaderOnly(`x ${name} y`)).toBe(true);
    for (const cls of ['label-sr-only', 'hidden', 'screenshot', 'blinds', 'card srcset', 'visually']) {
      expect(isScreenReaderOnly(cls)).toBe(false);
    }
  });
});
