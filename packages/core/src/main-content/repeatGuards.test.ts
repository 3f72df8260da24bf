// The two guards that keep legitimately repeated text: a paragraph written twice on purpose, and a keyword link that
// recurs in many paragraphs. Each test also runs with its guard off, to show the guard is what keeps the text.
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
    expect(count(text(extractMainContent(page(song), { disabledRules: new Set(['refrain-guard']) })), 'the river runs on')).toBe(1);
  });

  it('still drops a copy of a block in another branch (a layout duplicate)', () => {
    const box = '<div class="delivery-box"><p>Free delivery on every order over fifty euros, returns within thirty days.</p></div>';
    const out = text(extractMainContent(page(`<main><div class="a">${para('Body', 3)}${box}</div><div class="b">${box}</div></main>`)));
    expect(count(out, 'Free delivery')).toBe(1);
  });
});

describe('sentence-link-guard', () => {
  // a glossary-style article: every paragraph links the same keyword inside its sentence
  const paragraphs = Array.from({ length: 6 }, (_, i) =>
    `<p>Item ${i} of the guide explains how <a href="/wiki/bitcoin">Bitcoin</a> wallets store keys, step ${i}, in plain words.</p>`).join('');
  const doc = () => page(`<article><h1>Guide</h1>${paragraphs}</article>`);

  it('keeps a keyword link that recurs inside the sentences of many paragraphs', () => {
    expect(count(text(extractMainContent(doc())), 'Bitcoin wallets')).toBe(6);
    expect(count(text(extractMainContent(doc(), { disabledRules: new Set(['sentence-link-guard']) })), 'Bitcoin wallets')).toBe(0);
  });
});
