import { describe, expect, it } from 'vitest';
import { joinLine } from './joinLines.js';

describe('joinLine', () => {
  it('undoes a hyphen that split a word at the line end', () => {
    expect(joinLine('the inter-', 'nationalization plan')).toBe('the internationalization plan');
    expect(joinLine('the standard\u00ad', 'ization')).toBe('the standardization');
  });

  it('cannot tell a compound split at a line end from a hyphenated word (the usual trade-off)', () => {
    expect(joinLine('a well\u2010', 'known fact')).toBe('a wellknown fact');
  });

  it('keeps hyphens before capitals and digits (compounds, ranges)', () => {
    expect(joinLine('the Franco-', 'Prussian war')).toBe('the Franco- Prussian war');
    expect(joinLine('pages 10-', '12')).toBe('pages 10- 12');
  });

  it('joins with a space in spaced scripts and without one in CJK', () => {
    expect(joinLine('steady growth', 'this quarter')).toBe('steady growth this quarter');
    expect(joinLine('日本語の', '文章です')).toBe('日本語の文章です');
    expect(joinLine('코로나바이러스감염', '증-19')).toBe('코로나바이러스감염증-19');
    // The PDF's own trailing space wins (Korean wrapped at a word boundary).
    expect(joinLine('나타났다.', '이와 관련하여', true)).toBe('나타났다. 이와 관련하여');
  });
});
