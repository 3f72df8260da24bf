import { describe, expect, it } from 'vitest';
import { classifyChange, markdownDiff } from './createChangeHistory.js';
import { normalizeMarkdown } from './normalizeMarkdown.js';

describe('normalizeMarkdown', () => {
  it('removes trailing spaces, collapses blank lines, trims blank edges and unifies line endings', () => {
    expect(normalizeMarkdown('\n\n# Title  \r\n\r\n\r\n\tPara one\t\n   \n\nPara two\n\n')).toBe(
      '# Title\n\n\tPara one\n\nPara two',
    );
  });

  it('keeps everything else, including leading indentation and inner spaces', () => {
    const text = '- a\n    - nested  item\n\n```\ncode\n```';
    expect(normalizeMarkdown(text)).toBe(text);
  });

  it('unifies Unicode composition', () => {
    expect(normalizeMarkdown('Cafe\u0301')).toBe(normalizeMarkdown('Caf\u00e9'));
  });
});

describe('classifyChange', () => {
  const page = (markdown: string, statusCode = 200) => ({ markdown, statusCode });
  it('new without history', () => expect(classifyChange(null, page('a'))).toBe('new'));
  it('same when only formatting noise differs', () =>
    expect(classifyChange(page('# A  \n\n\nb'), page('# A\n\nb\n'))).toBe('same'));
  it('changed when a word changes', () => expect(classifyChange(page('price: 10'), page('price: 12'))).toBe('changed'));
  it('changed when paragraphs are reordered (not a bag of characters)', () => {
    expect(classifyChange(page('first\n\nsecond'), page('second\n\nfirst'))).toBe('changed');
  });
  it('removed when the page is now 404 or 410 after having content', () => {
    expect(classifyChange(page('content'), page('Not found', 404))).toBe('removed');
    expect(classifyChange(page('content'), page('', 410))).toBe('removed');
  });
  it('same when it was gone and still is; new when it comes back', () => {
    expect(classifyChange(page('x', 404), page('y', 410))).toBe('same');
    expect(classifyChange(page('x', 404), page('content'))).toBe('new');
  });
});

describe('markdownDiff', () => {
  it('is a unified diff of the normalised texts', () => {
    const diff = markdownDiff('# T\n\nline one\nline two  \n', '# T\n\nline one\nline 2\n');
    expect(diff).toBe('--- previous\n+++ current\n@@ -1,4 +1,4 @@\n # T\n \n line one\n-line two\n+line 2\n');
  });
  it('has no hunks when nothing changed after normalisation', () => {
    expect(markdownDiff('a  \n\n\nb', 'a\n\nb')).toBe('--- previous\n+++ current\n');
  });
});
