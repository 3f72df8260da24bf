import { describe, expect, it } from 'vitest';
import { htmlToMarkdown } from './htmlToMarkdown.js';
import { markdownToPlainText } from './markdownToPlainText.js';

describe('markdownToPlainText', () => {
  it('drops images, keeps link text, removes block and inline markers', () => {
    const md = [
      '# Title',
      '',
      '> A **bold** and *em* quote with [a link](https://x.com/a "t") and ![img](https://x.com/i.png)',
      '',
      '- item one',
      '  1. nested `code` ~~gone~~',
      '- [x] task',
      '',
      '* * *',
    ].join('\n');
    expect(markdownToPlainText(md)).toBe(
      'Title\n\nA bold and em quote with a link and\n\nitem one\nnested code gone\ntask',
    );
  });

  it('removes escapes and decodes entities, keeping snake_case and a lone tilde', () => {
    expect(markdownToPlainText('\\*not em\\* snake_case \\[x] 1\\. \\# a &amp; b &nbsp;~5')).toBe(
      '*not em* snake_case [x] 1. # a & b  ~5',
    );
  });

  it('turns tables into cell text and drops the separator row', () => {
    expect(markdownToPlainText('| A | B \\| C |\n| --- | :---: |\n| 1 | [two](/2) |')).toBe('A B | C\n1 two');
  });

  it('keeps fenced code content verbatim, without fences', () => {
    expect(markdownToPlainText('```js\nconst a = *b*;\n```\nafter')).toBe('const a = *b*;\nafter');
  });

  it('drops the URL of a link whose text spans lines, and hard-break backslashes', () => {
    expect(markdownToPlainText('[first\\\nsecond](https://x.com/long)')).toBe('first\nsecond');
  });

  it('reads back the text of converted HTML', () => {
    const html = '<h2>News</h2><p>Read <a href="/a">the <b>full</b> story</a> &amp; more.</p><ul><li>*one*</li></ul>';
    expect(markdownToPlainText(htmlToMarkdown(html))).toBe('News\n\nRead the full story & more.\n\n*one*');
  });

  // Sizes, not clocks: the timeouts only stop a hung (quadratic) run.
  it('is linear on a 3 MB input full of unclosed brackets', () => {
    const text = '[a '.repeat(1_000_000) + ']';
    expect(markdownToPlainText(text).length).toBeGreaterThan(1_000_000);
  }, 60_000);
});

describe('markdownToPlainText on hostile input', () => {
  it('stays linear with 300,000 `](` openers, `&`s without `;` and unclosed data URIs', () => {
    const hostile = '[]('.repeat(300_000) + '&x'.repeat(300_000) + '[](data:'.repeat(100_000);
    expect(markdownToPlainText(hostile).length).toBeGreaterThan(0);
  }, 60_000);

  it('still drops a long data-URI image whole', () => {
    expect(markdownToPlainText(`a ![x](data:image/png;base64,${'A'.repeat(1_000_000)}) b`)).toBe('a  b');
  });
});
