import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { htmlToMarkdown } from './htmlToMarkdown.js';

const md = (html: string) => htmlToMarkdown(html);

describe('htmlToMarkdown: blocks', () => {
  it('writes ATX headings, paragraphs and `* * *` rules', () => {
    expect(md('<h1>Title</h1><p>One</p><hr><h3>Sub <em>part</em></h3>')).toBe(
      '# Title\n\nOne\n\n* * *\n\n### Sub *part*',
    );
  });

  it('keeps the heading text from ending in a closing `#` sequence', () => {
    expect(md('<h2>C#</h2><h2>Item #</h2>')).toBe('## C#\n\n## Item \\#');
  });

  it('writes `-` bullets and nests sublists under the item text so CommonMark nests them', () => {
    expect(md('<ul><li>a<ul><li>b<ol><li>c</li></ol></li></ul></li><li>d</li></ul>')).toBe('- a\n  - b\n    1. c\n- d');
  });

  it('honours <ol start> and indents continuation lines by the marker width', () => {
    expect(md('<ol start="9"><li>nine</li><li><p>ten</p><p>more</p></li></ol>')).toBe('9. nine\n\n10. ten\n\n    more');
  });

  it('separates adjacent lists by switching the marker, so they do not merge', () => {
    expect(md('<ul><li>a</li></ul><ul><li>b</li></ul><ol><li>c</li></ol><ol><li>d</li></ol>')).toBe(
      '- a\n\n* b\n\n1. c\n\n1) d',
    );
  });

  it('writes task lists from leading checkboxes', () => {
    expect(md('<ul><li><input type="checkbox" checked> done</li><li><input type="checkbox"> todo</li></ul>')).toBe(
      '- [x] done\n- [ ] todo',
    );
  });

  it('keeps the code language from class="language-x" or "lang-x", on <code> or <pre>', () => {
    expect(md('<pre><code class="language-ts">let a = 1;\n</code></pre>')).toBe('```ts\nlet a = 1;\n```');
    expect(md('<pre class="lang-py"><code>x = 1</code></pre>')).toBe('```py\nx = 1\n```');
  });

  it('makes the fence longer than any backtick run in the code', () => {
    expect(md('<pre><code>a\n```\nb</code></pre>')).toBe('````\na\n```\nb\n````');
  });

  it('drops the newline the HTML parser would drop right after <pre>, and keeps <br> in code as a line', () => {
    expect(md('<pre>\nfirst<br>second</pre>')).toBe('```\nfirst\nsecond\n```');
  });

  it('prefixes every line of a block quote, blank lines included', () => {
    expect(md('<blockquote><p>a</p><p>b<br>c</p><blockquote>d</blockquote></blockquote>')).toBe(
      '> a\n>\n> b\\\n> c\n>\n> > d',
    );
  });

  it('indents fenced code inside list items', () => {
    expect(md('<ul><li>item<pre><code>x\ny</code></pre></li></ul>')).toBe('- item\n  ```\n  x\n  y\n  ```');
  });

  it('turns <br><br> in running text into a paragraph break', () => {
    expect(md('<div>one<br><br>two<br>three</div>')).toBe('one\n\ntwo\\\nthree');
  });

  it('accepts a Document, an Element and a DocumentFragment', () => {
    const { document } = parseHTML(
      '<!DOCTYPE html><html><head><title>T</title></head><body><p>x <b>y</b></p></body></html>',
    );
    expect(htmlToMarkdown(document)).toBe('x **y**');
    expect(htmlToMarkdown(document.querySelector('p')!)).toBe('x **y**');
    const fragment = document.createDocumentFragment();
    fragment.appendChild(document.createElement('hr'));
    expect(htmlToMarkdown(fragment)).toBe('* * *');
  });

  it('skips scripts, styles, forms widgets and media fallbacks', () => {
    expect(
      md(
        '<p>a</p><script>x()</script><style>p{}</style><select><option>o</option></select><svg><text>t</text></svg><p>b</p>',
      ),
    ).toBe('a\n\nb');
  });
});

describe('htmlToMarkdown: inline', () => {
  it('moves spaces out of emphasis and drops empty emphasis', () => {
    expect(md('<p>some <b> bold </b> and <i></i>text</p>')).toBe('some **bold** and text');
  });

  it('writes emphasis inside words with `*`, which CommonMark allows there', () => {
    expect(md('<p>un<em>frigging</em>believable</p>')).toBe('un*frigging*believable');
  });

  it('drops emphasis CommonMark cannot open between a letter and punctuation, keeping the text', () => {
    expect(md('<p>before<em>.middle</em>after</p>')).toBe('before.middleafter');
  });

  it('writes strikethrough with ~~', () => {
    expect(md('<p><del>old</del> <s>older</s></p>')).toBe('~~old~~ ~~older~~');
  });

  it('joins adjacent code spans and picks a fence the code does not contain', () => {
    expect(md('<p><code>a</code><code>b</code> and <code>x ` y</code></p>')).toBe('`ab` and ``x ` y``');
  });

  it('keeps links whole when their text holds block elements or breaks (each a line break)', () => {
    expect(md('<a href="/card"><div>Title</div><p>Line one</p><br><p>Line two</p></a>')).toBe(
      '[Title\\\nLine one\\\n\\\nLine two](/card)',
    );
  });

  it('puts a link that wraps only a heading inside the heading', () => {
    expect(md('<a href="/post"><h2>Post title</h2></a>')).toBe('## [Post title](/post)');
  });

  it('encodes spaces in destinations, escapes unbalanced parentheses, and quotes titles', () => {
    expect(md('<a href="/a b" title="say &quot;hi&quot;">x</a> <a href="/w_(x)">y</a> <a href="/p)">z</a>')).toBe(
      '[x](/a%20b "say \\"hi\\"") [y](/w_(x)) [z](/p\\))',
    );
  });

  it('escapes brackets inside destinations (query strings, IPv6 hosts)', () => {
    expect(md('<a href="https://x.com/?a[]=1">q</a>')).toBe('[q](https://x.com/?a\\[\\]=1)');
  });

  it('writes images with alt and title; images inside links', () => {
    expect(md('<a href="/p"><img src="/i.png" alt="An [image]" title="T"></a>')).toBe(
      '[![An \\[image\\]](/i.png "T")](/p)',
    );
  });

  it('keeps an empty link by default and drops it when asked', () => {
    expect(md('<p>a<a href="/x"></a>b</p>')).toBe('a[](/x)b');
    expect(htmlToMarkdown('<p>a<a href="/x"> </a>b</p>', { keepEmptyLinks: false })).toBe('a b');
  });

  it('writes only the text of javascript: links and of anchors without href', () => {
    expect(md('<p><a href="javascript:void(0)">menu</a> <a name="top">top</a></p>')).toBe('menu top');
  });

  it('escapes `!` before a link so it does not become an image', () => {
    expect(md('<p>Wow!<a href="/x">link</a></p>')).toBe('Wow\\![link](/x)');
  });
});

describe('htmlToMarkdown: escaping', () => {
  it('escapes text that would read as markdown, and nothing else', () => {
    expect(md('<p>*a* _b_ snake_case [c] `d` &lt;div&gt; 2 &lt; 3 &amp;amp; a~~b~~ \\</p>')).toBe(
      '\\*a\\* \\_b\\_ snake_case [c] \\`d\\` \\<div> 2 < 3 \\&amp; a\\~\\~b\\~\\~ \\\\',
    );
  });

  it('escapes brackets only where they could be syntax (before `(`, `[` or `:`)', () => {
    expect(md('<p>see [1], [a](b), [c][d] and</p><p>[e]: /f</p>')).toBe('see [1], \\[a](b), \\[c][d] and\n\n\\[e]: /f');
  });

  it('escapes block syntax only at the start of a line', () => {
    expect(
      md('<p># not a heading</p><p>- not a list</p><p>1. not a list</p><p>&gt; not a quote</p><p>a - b # c</p>'),
    ).toBe('\\# not a heading\n\n\\- not a list\n\n1\\. not a list\n\n\\> not a quote\n\na - b # c');
  });

  it('after a line break inside a paragraph, escapes only an ordered start that could interrupt it (number 1)', () => {
    // CommonMark: a list interrupting a paragraph must start at 1 and have content; `150.` there is plain text.
    expect(md('<p>a budget of<br>150. That was all.<br>1. first<br>1.<br>- item</p>')).toBe(
      'a budget of\\\n150. That was all.\\\n1\\. first\\\n1.\\\n\\- item',
    );
    expect(md('<p>150. starts the paragraph</p>')).toBe('150\\. starts the paragraph');
  });

  it('escapes setext underlines after a line break', () => {
    expect(md('<p>title<br>===</p>')).toBe('title\\\n\\===');
  });
});

describe('htmlToMarkdown: tables', () => {
  it('writes GFM tables with a header row from <th>', () => {
    expect(md('<table><tr><th>A</th><th>B</th></tr><tr><td>1</td><td>2</td></tr></table>')).toBe(
      '| A | B |\n| --- | --- |\n| 1 | 2 |',
    );
  });

  it('writes header-less tables with an empty header row', () => {
    expect(md('<table><tr><td>1</td><td>2</td></tr><tr><td>3</td><td>4</td></tr></table>')).toBe(
      '|  |  |\n| --- | --- |\n| 1 | 2 |\n| 3 | 4 |',
    );
  });

  it('escapes pipes in cells, also in code, and flattens cell content to one line', () => {
    expect(
      md(
        '<table><tr><th>a|b</th><th><code>x|y</code></th></tr><tr><td><p>one</p><p>two<br>three</p></td><td>z</td></tr></table>',
      ),
    ).toBe('| a\\|b | `x\\|y` |\n| --- | --- |\n| one two three | z |');
  });

  it('spreads colspan and rowspan over empty cells and keeps alignment', () => {
    expect(
      md(
        '<table><tr><th colspan="2" align="center">wide</th><th>c</th></tr><tr><td ' +
          'rowspan="2">tall</td><td>b</td><td>c</td></tr><tr><td>b2</td><td>c2</td></tr></table>',
      ),
    ).toBe('| wide |  | c |\n| :---: | --- | --- |\n| tall | b | c |\n|  | b2 | c2 |');
  });

  it('renders layout tables (block content, nesting, role=presentation, one cell) as blocks', () => {
    expect(md('<table><tr><td><h2>Menu</h2></td><td><ul><li>x</li></ul></td></tr></table>')).toBe('## Menu\n\n- x');
    expect(md('<table role="presentation"><tr><td>a</td><td>b</td></tr></table>')).toBe('a\n\nb');
    expect(md('<table><tr><td>only</td></tr></table>')).toBe('only');
  });
});

describe('htmlToMarkdown: hostile input', () => {
  const nest = (tag: string, depth: number, leaf: string) => {
    const { document } = parseHTML('<!DOCTYPE html><html><body></body></html>');
    let el: Element = document.body;
    for (let i = 0; i < depth; i++) {
      const child = document.createElement(tag);
      if (tag === 'a') child.setAttribute('href', '/x');
      el.appendChild(child);
      el = child;
    }
    el.appendChild(document.createTextNode(leaf));
    return document;
  };

  it('converts 100,000 nested <div>s without touching the call stack', () => {
    expect(htmlToMarkdown(nest('div', 100_000, 'deep text'))).toBe('deep text');
  }, 60_000);

  it('caps 100,000 nested quotes and lists at 40 container levels', () => {
    const quotes = htmlToMarkdown(nest('blockquote', 100_000, 'q'));
    expect(quotes).toBe('> '.repeat(40) + 'q');
    const lists = htmlToMarkdown(nest('ul', 100_000, 'l'));
    // Content directly in a list opens an item; the 40-level cap bounds the prefix of every line.
    expect(lists.length).toBeLessThan(200);
    expect(lists.endsWith('l')).toBe(true);
  }, 60_000);

  it('keeps 100,000 nested emphasis and links to what renders differently', () => {
    expect(htmlToMarkdown(nest('em', 100_000, 'x'))).toBe('*_x_*');
    expect(htmlToMarkdown(nest('a', 100_000, 'x'))).toBe('[x](/x)');
  }, 60_000);

  // Sizes, not clocks: the timeouts only stop a hung run; they assert nothing about speed (benchmarks do).
  it('converts a 20 MB page, its output linear in its size', () => {
    const sentence = 'Text with *stars*, <b>bold</b> words and a <a href="https://example.com/x">link</a>. ';
    const paragraph = '<p>' + sentence.repeat(50) + '</p>\n';
    const count = Math.ceil(20_000_000 / paragraph.length);
    const out = md('<html><body>' + paragraph.repeat(count) + '</body></html>');
    const line = 'Text with \\*stars\\*, **bold** words and a [link](https://example.com/x).';
    expect(out).toBe(Array.from({ length: count }, () => Array(50).fill(line).join(' ')).join('\n\n'));
  }, 300_000);

  it('survives empty input, unclosed tags, bad nesting and binary garbage', () => {
    expect(md('')).toBe('');
    expect(md('<html><p>Unclosed')).toBe('Unclosed');
    expect(md('<b><i>x</b>y</i>')).toContain('x');
    const garbage = String.fromCharCode(...Array.from({ length: 5000 }, (_, i) => (i * 7919) % 65536));
    expect(() => md(garbage)).not.toThrow();
  });
});
