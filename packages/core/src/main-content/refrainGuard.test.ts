// The guard that keeps legitimately repeated text: a paragraph written twice on purpose. The test also runs with the
// guard off, to show the guard is what keeps the text.
import { describe, expect, it } from 'vitest';
import { extractMainContent } from './extractMainContent.js';
import { page, para, text } from './testPages.fixture.js';

const count = (haystack: string, needle: string): number => haystack.split(needle).length - 1;

describe('refrain-guard', () => {
  const refrain = '<p>And the river runs on to the sea, as it always did and always will, whatever we say.</p>';
  const song = `<article><h1>The song</h1>${para('Verse one', 2)}${refrain}${para('Verse two', 2)}${refrain}</article>`;

  it('keeps a paragraph repeated under the same parent (a refrain)', () => {
    const out = text(extractMainContent(page(song)));
    expect(count(out, 'the river runs on')).toBe(2);
    const off = text(extractMainContent(page(song), { disabledRules: new Set(['refrain-guard']) }));
    expect(count(off, 'the river runs on')).toBe(1);
  });

  it('still drops a copy of a block in another branch (a layout duplicate)', () => {
    const box = '<div class="delivery-box"><p>Free delivery on every order over fifty euros, or returns.</p></div>';
    const body = `<main><div class="a">${para('Body', 3)}${box}</div><div class="b">${box}</div></main>`;
    const out = text(extractMainContent(page(body)));
    expect(count(out, 'Free delivery')).toBe(1);
  });

  it('keeps a paragraph repeated in alike blocks that each say more (the steps of a recipe)', () => {
    const again = '<p>Stir the pot slowly for two full minutes until the sauce turns smooth and glossy again.</p>';
    // long steps: the duplicate pass judges blocks up to 2,000 characters whole, so their paragraphs are read apart
    const step = (n: number): string => `<div class="step"><h3>Step ${n}</h3>${para(`Step ${n}`, 22)}${again}</div>`;
    const body = `<article><h1>The sauce</h1>${step(1)}${step(2)}${step(3)}</article>`;
    const out = text(extractMainContent(page(body)));
    expect(count(out, 'Stir the pot slowly')).toBe(3);
    const off = text(extractMainContent(page(body), { disabledRules: new Set(['refrain-in-alike-blocks']) }));
    expect(count(off, 'Stir the pot slowly')).toBe(1);
  });
});
