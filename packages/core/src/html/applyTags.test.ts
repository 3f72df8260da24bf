// includeTags and excludeTags on one page: what each keeps or removes, and the typed error for a bad selector.
import { describe, expect, it } from 'vitest';
import { CoreError } from '../errors.js';
import { applyExcludeTags } from './applyExcludeTags.js';
import { applyIncludeTags } from './applyIncludeTags.js';
import { parseHtml } from './parseHtml.js';

const PAGE = `<body>
  <header class="top">Header</header>
  <article id="a1"><h1>One</h1><div class="ad">Ad</div><p class="keep">First <span class="keep">nested</span></p></article>
  <aside>Side</aside>
  <article id="a2"><p>Second</p><div class="ad">Ad 2</div></article>
  <footer>Footer <p class="keep">kept footer</p></footer>
</body>`;

describe('applyIncludeTags', () => {
  it('keeps only matching subtrees, in document order, without repeating nested matches', () => {
    const body = parseHtml(PAGE).body;
    const kept = applyIncludeTags(body, ['.keep', 'article']);
    expect(Array.from(kept.children).map((c) => c.id || c.className)).toEqual(['a1', 'a2', 'keep']);
    expect(kept.textContent).toBe('OneAdFirst nestedSecondAd 2kept footer');
  });

  it('returns an empty container when nothing matches', () => {
    expect(applyIncludeTags(parseHtml(PAGE).body, ['table']).childNodes.length).toBe(0);
  });
});

describe('applyExcludeTags', () => {
  it('removes matches anywhere, including inside included subtrees', () => {
    const body = parseHtml(PAGE).body;
    const kept = applyIncludeTags(body, ['article']);
    expect(applyExcludeTags(kept, ['.ad', 'h1'])).toBe(3);
    expect(kept.textContent).toBe('First nestedSecond');
  });

  it('with no selectors changes nothing', () => {
    const body = parseHtml(PAGE).body;
    const before = body.innerHTML;
    expect(applyExcludeTags(body, [])).toBe(0);
    expect(body.innerHTML).toBe(before);
  });
});

describe('bad selectors', () => {
  it.each([
    ['includeTags', 'div['],
    ['includeTags', 'p::after'],
    ['excludeTags', 'a,,b'],
    ['excludeTags', ''],
    ['includeTags', ':no-such-pseudo'],
  ] as const)('%s %j is a typed invalid_selector error naming it', (option, selector) => {
    const body = parseHtml(PAGE).body;
    const run = () =>
      option === 'includeTags' ? applyIncludeTags(body, ['article', selector]) : applyExcludeTags(body, [selector]);
    let error: unknown;
    try {
      run();
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(CoreError);
    expect(error).toMatchObject({
      kind: 'invalid_selector',
      message: `Invalid CSS selector in ${option}: "${selector}"`,
      details: { selector, option },
    });
  });

  it('rejects non-string selectors the same way', () => {
    expect(() => applyIncludeTags(parseHtml(PAGE).body, [42 as unknown as string])).toThrow(
      'Invalid CSS selector in includeTags: "42"',
    );
  });
});
