import { describe, expect, it } from 'vitest';
import { saysNoMainContent } from './chromeOnlyPage.js';
import { extractMainContent } from './extractMainContent.js';
import { chrome, para, page, text } from './testPages.fixture.js';

const menu = (n: number): string =>
  Array.from({ length: n }, (_, i) => `<li><a href="/plans/${i}">Plan number ${i}</a></li>`).join('');

/** A script-rendered shell: an empty app root, and a footer of menus and a legal line. */
const shell = (extra = ''): Document =>
  page(
    `${chrome}<main id="app"><div class="loading"></div>${extra}</main><footer class="footer">` +
      `<div class="footer__menu"><ul>${menu(12)}</ul></div><div class="footer-bottom"><p><a href="/pp">Privacy ` +
      `Policy</a> • <a href="/tou">Terms of Use</a> • Copyright Example Health, 2026</p></div></footer>`,
  );

describe('chrome-only-page', () => {
  it('answers "no main content" when the root holds no content text and only a chrome remnant is left', () => {
    const trace: string[] = [];
    const out = extractMainContent(shell(), { trace });
    expect(saysNoMainContent(out)).toBe(true);
    expect(text(out).trim()).toBe('');
    expect(trace).toContain('root holds no content text, only a chrome remnant: no main content');
  });

  it('switched off, the remnant is the answer, as before', () => {
    const out = extractMainContent(shell(), { disabledRules: new Set(['chrome-only-page']) });
    expect(saysNoMainContent(out)).toBe(false);
    expect(text(out)).toContain('Copyright Example Health, 2026');
  });

  it('leaves a page with content text alone, however short', () => {
    const out = extractMainContent(shell(para('The plan', 1)));
    expect(saysNoMainContent(out)).toBe(false);
    expect(text(out)).toContain('The plan paragraph 1 explains the matter');
  });

  it('leaves a page of links alone: nothing is left after pruning, and the caller falls back to the page', () => {
    const out = extractMainContent(page(`<nav><a href="/a">Alpha section</a> <a href="/b">Beta section</a></nav>`));
    expect(saysNoMainContent(out)).toBe(false);
  });
});
