import { describe, expect, it } from 'vitest';
import { parseHTML } from 'linkedom';
import { extractMainContent } from './extractMainContent.js';

const para = (seed: string, n = 3): string =>
  Array.from({ length: n }, (_, i) => `<p>${seed} paragraph ${i + 1} explains the matter in plain words, with enough detail, commas, and full sentences to read like prose.</p>`).join('');
const page = (body: string): Document => parseHTML(`<!doctype html><html><body>${body}</body></html>`).document as unknown as Document;
const text = (el: Element): string => (el.textContent ?? '').replace(/\s+/g, ' ');

describe('dropExpanderLabels', () => {
  it('drops the label of a toggle that unfolds text, not a sentence that starts the same way', () => {
    const doc = page(`<div class="story">${para('Story', 4)}<div class="folded">${para('Folded', 2)}</div><div class="toggle">Read more…</div>
      <p>Show more patience with beginners, the last paragraph says.</p></div>`);
    const out = text(extractMainContent(doc));
    expect(out).toContain('Folded paragraph 2');
    expect(out).toContain('Show more patience');
    expect(out).not.toContain('Read more');
  });
});
