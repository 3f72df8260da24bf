import { describe, expect, it } from 'vitest';
import { extractMainContent } from './extractMainContent.js';
import { para, page, text } from './testPages.fixture.js';

describe('dropExpanderLabels', () => {
  it('drops the label of a toggle that unfolds text, not a sentence that starts the same way', () => {
    const doc =
      page(`<div class="story">${para('Story', 4)}<div class="folded">${para('Folded', 2)}</div><div class="toggle">Read more…</div>
      <p>Show more patience with beginners, the last paragraph says.</p></div>`);
    const out = text(extractMainContent(doc));
    expect(out).toContain('Folded paragraph 2');
    expect(out).toContain('Show more patience');
    expect(out).not.toContain('Read more');
  });
});
