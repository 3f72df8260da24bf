import { describe, expect, it } from 'vitest';
import { extractMainContent } from './extractMainContent.js';
import { isMobileOnly } from './dropMobileCopies.js';
import { page } from './testPages.fixture.js';

const count = (s: string, needle: string): number => s.split(needle).length - 1;

const story = `<p>The walnut desk is built from solid oiled timber, with a cable tray under the top and a drawer that runs on soft-close rails.</p>
  <p>Each desk is made to order in our workshop and delivered flat in two boxes, with every tool needed to put it together.</p>`;

describe('dropMobileCopies (phone-only copies of a block)', () => {
  it('drops a block hidden at desktop width whose text stands elsewhere, keeps the desktop copy', () => {
    // the phone copy sits elsewhere in the layout and leaves out the price: neither an exact nor a sibling copy
    const box = (cls: string, price: string) =>
      `<div class="${cls}"><h2>Walnut writing desk</h2><p>Solid walnut, oiled by hand, with a soft-close ` +
      `drawer.</p>${price}<p>Made to order in six weeks.</p></div>`;
    const doc =
      page(`<main><h1>Walnut desk</h1><div class="top">${box('buybox d-none d-lg-block', '<p>$1,290.00</p>')}<div class="gallery"><img src="a.jpg" alt=""></div></div>
      <section class="details"><h2>Details</h2>${story}</section><section class="more">${box('buybox d-lg-none', '')}<p>Questions about this desk? Our workshop answers within a day.</p></section></main>`);
    const trace: string[] = [];
    const out = (extractMainContent(doc, { trace }).textContent ?? '').replace(/\s+/g, ' ');
    expect(count(out, 'Solid walnut, oiled by hand'), trace.join('\n')).toBe(1);
    expect(out).toContain('Made to order in six weeks.');
    expect(out).toContain('soft-close rails');
  });

  it('drops a card named as the phone layout of a component when the wide layout shows its text', () => {
    const card = (mod: string, extra: string) =>
      `<div class="mosaic__card${mod}"><h3>Cyber resilience</h3><p>Plans that keep the business running through an ` +
      `attack and after it.</p>${extra}</div>`;
    const doc =
      page(`<main><h1>Security services</h1>${story}<div class="mosaic"><div class="mosaic__grid">${card('', '<p>Read the report</p>')}</div>
      <div class="mosaic__slider">${card(' mosaic__card--mobile', '')}</div></div></main>`);
    const out = extractMainContent(doc, {}).textContent ?? '';
    expect(count(out, 'Plans that keep the business running')).toBe(1);
  });

  it('keeps a phone-only block with text of its own', () => {
    const doc = page(
      `<main><h1>Walnut desk</h1>${story}<div class="lg:hidden"><p>Only on phones: a note about the delivery of the ` +
        `two boxes by courier.</p></div></main>`,
    );
    const out = extractMainContent(doc, {}).textContent ?? '';
    expect(out).toContain('Only on phones');
  });

  it('reads the framework classes: hidden from desktop up unless shown again there', () => {
    expect(isMobileOnly('col d-lg-none')).toBe(true);
    expect(isMobileOnly('md:hidden')).toBe(true);
    expect(isMobileOnly('vc_hidden-lg vc_hidden-md')).toBe(true);
    expect(isMobileOnly('elementor-hidden-desktop')).toBe(true);
    expect(isMobileOnly('md:hidden lg:block')).toBe(false);
    expect(isMobileOnly('d-md-none d-lg-flex')).toBe(false);
    expect(isMobileOnly('hidden md:block')).toBe(false);
    expect(isMobileOnly('d-none d-lg-block')).toBe(false);
    // a component's phone layout named in its class, not a rule that hides it on phones
    expect(isMobileOnly('mosaic__card mosaic__card--mobile')).toBe(true);
    expect(isMobileOnly('product-title titleMobile')).toBe(true);
    expect(isMobileOnly('elementor-section elementor-hidden-mobile')).toBe(false);
    expect(isMobileOnly('elementor-widget-mobile__width-inherit')).toBe(false);
  });
});
