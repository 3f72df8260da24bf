import { describe, expect, it } from 'vitest';
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
