import { describe, expect, it } from 'vitest';
import { extractMainContent } from './extractMainContent.js';
import { para, page, text } from './testPages.fixture.js';

const product = { jsonLdTypes: ['product'] };

const sizeGuide = `<div role="dialog" aria-modal="true" class="size-modal"><button class="close" aria-label="Close"></button>
  <h2>Size Guide</h2><p>Our fitted sheets fit mattresses up to 16 inches deep.</p>
  <table><tr><th>Size</th><th>Fitted sheet</th></tr><tr><td>Twin</td><td>39x75x16</td></tr><tr><td>Queen</td><td>60x80x16</td></tr></table></div>`;
const measurements =
  `<div class="measurements-modal"><h2>Measurements</h2><ul><li><span>Width: </span>30 ` +
  `1/8"</li><li><span>Depth: </span>15 3/8"</li><li><span>Height: </span>57 5/8"</li></ul></div>`;
const signup =
  `<div role="dialog" aria-modal="true" class="signup-modal"><h2>Get 15% off</h2><p>Join our list and ` +
  `hear about new colours first.</p><p>Offer valid on a first order only.</p></div>`;

describe('keepFactPanels', () => {
  it("keeps a product page's size guide and measurements though they sit in modals", () => {
    const doc = page(
      `<main><h1>Classic Sheet ` +
        `Set</h1>${para('The sheets', 3)}${measurements}<section>${sizeGuide}</section>${signup}</main>`,
    );
    const out = text(extractMainContent(doc, { hints: product }));
    expect(out).toContain('The sheets paragraph 3');
    expect(out).toContain('Queen');
    expect(out).toContain('Our fitted sheets fit mattresses');
    expect(out).toContain('Depth: 15 3/8"');
    expect(out).not.toContain('Join our list');
  });

  it('leaves modals alone on pages that are not a product', () => {
    const doc = page(
      `<main><h1>How to choose sheets</h1>${para('The guide', 3)}${measurements}<section>${sizeGuide}</section></main>`,
    );
    const out = text(extractMainContent(doc, { hints: { jsonLdTypes: ['article'] } }));
    expect(out).toContain('The guide paragraph 3');
    expect(out).not.toContain('Queen');
    expect(out).not.toContain('Depth: 15 3/8"');
  });
});
