import { describe, expect, it } from 'vitest';
import { parseHtml } from './parseHtml.js';
import { processHtml } from './processHtml.js';
import { resolveStreamedContent } from './resolveStreamedContent.js';

const text = (el: Element): string => (el.textContent ?? '').replace(/\s+/g, ' ').trim();

describe('resolveStreamedContent', () => {
  it('moves a boundary segment into its place and drops the fallback its comments mark', () => {
    const html =
      '<body><main><h1>Title</h1><!--$?--><template id="B:0"></template><p>Loading...</p><!--/$--><p>After</p></main>' +
      '<footer>Footer</footer><div hidden id="S:0"><p>The streamed article text.</p></div>' +
      '<script>$RC("B:0","S:0")</script></body>';
    const document = parseHtml(html);
    expect(resolveStreamedContent(document, html)).toBe(1);
    expect(text(document.querySelector('main')!)).toBe('TitleThe streamed article text.After');
    expect(document.getElementById('S:0')).toBeNull();
    expect(document.querySelector('template')).toBeNull();
  });

  it('fills a segment placeholder, following the completion script when ids differ', () => {
    const html =
      '<body><div id="a"><template id="P:7"></template></div><div id="b"><template id="P:2"></template></div>' +
      '<div hidden id="S:2"><p>goes to seven</p></div><script>$RS("S:2","P:7")</script></body>';
    const document = parseHtml(html);
    resolveStreamedContent(document, html);
    expect(text(document.getElementById('a')!)).toBe('goes to seven');
    expect(document.getElementById('b')!.querySelector('template')).not.toBeNull();
  });

  it('without boundary comments (a saved page) places the content and keeps the fallback', () => {
    const html =
      '<body><article><template id="B:1"></template><div>Loading paragraph</div></article><div hidden ' +
      'id="S:1"><p>Real paragraph.</p></div></body>';
    const document = parseHtml(html);
    resolveStreamedContent(document, html);
    expect(text(document.querySelector('article')!)).toBe('Real paragraph.Loading paragraph');
  });

  it('leaves pages without segments, and segments without a placeholder, untouched', () => {
    const plain = '<body><div hidden id="S:x-menu"><p>menu</p></div><div hidden id="S:3"><p>orphan</p></div></body>';
    const document = parseHtml(plain);
    expect(resolveStreamedContent(document, plain)).toBe(0);
    expect(document.getElementById('S:3')!.hasAttribute('hidden')).toBe(true);
    expect(resolveStreamedContent(parseHtml('<p>no streaming</p>'), '<p>no streaming</p>')).toBe(0);
  });

  it('lets the main-content markdown hold the streamed article instead of the loading placeholder', () => {
    const para = (i: number): string =>
      `<p>Streamed paragraph ${i} of the article, long enough to read as prose with several words in it.</p>`;
    const html =
      `<html><body><nav><a href="/">Home</a><a href="/a">A</a></nav><main><h1>Index funds</h1><!--$?--><template ` +
      `id="B:0"></template>` +
      `<div>Loading paragraph...</div><!--/$--></main><footer><p>Footer text of the site, copyright and ` +
      `more.</p></footer>` +
      `<div hidden id="S:0">${[1, 2, 3, 4].map(para).join('')}</div><script>$RC("B:0","S:0")</script></body></html>`;
    const { markdown } = processHtml({ body: html, url: 'https://example.com/a' }, { outputs: ['markdown'] });
    expect(markdown).toContain('Streamed paragraph 4');
    expect(markdown).toContain('Index funds');
    expect(markdown).not.toContain('Loading paragraph');
    expect(markdown).not.toContain('Footer text');
  });
});
