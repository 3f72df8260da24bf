import { describe, expect, it } from 'vitest';
import { parseSrcset, pickLargestCandidate, resolveSrcset } from './resolveSrcset.js';

describe('parseSrcset', () => {
  it('reads width and density descriptors', () => {
    expect(parseSrcset('a.jpg 320w, b.jpg 640w,c.jpg 1280w')).toEqual([
      { url: 'a.jpg', width: 320 },
      { url: 'b.jpg', width: 640 },
      { url: 'c.jpg', width: 1280 },
    ]);
    expect(parseSrcset('a.jpg, b.jpg 1.5x, c.jpg 2x')).toEqual([
      { url: 'a.jpg' },
      { url: 'b.jpg', density: 1.5 },
      { url: 'c.jpg', density: 2 },
    ]);
  });

  it('keeps commas that belong to URLs and tolerates junk', () => {
    expect(
      parseSrcset('https://cdn.example/w_300,h_200/x.jpg 300w, https://cdn.example/w_900,h_600/x.jpg 900w'),
    ).toEqual([
      { url: 'https://cdn.example/w_300,h_200/x.jpg', width: 300 },
      { url: 'https://cdn.example/w_900,h_600/x.jpg', width: 900 },
    ]);
    expect(parseSrcset('  ,, ')).toEqual([]);
    expect(parseSrcset('a.jpg 10q, b.jpg')).toEqual([{ url: 'a.jpg' }, { url: 'b.jpg' }]);
  });
});

describe('pickLargestCandidate / resolveSrcset', () => {
  it('takes the widest, then the densest, first on ties', () => {
    expect(resolveSrcset('a.jpg 320w, c.jpg 1280w, b.jpg 640w')).toBe('c.jpg');
    expect(resolveSrcset('a.jpg 1x, b.jpg 3x, c.jpg 2x')).toBe('b.jpg');
    expect(resolveSrcset('a.jpg, b.jpg')).toBe('a.jpg');
    expect(pickLargestCandidate([{ url: 'plain' }, { url: 'wide', width: 10 }])?.url).toBe('wide');
    expect(resolveSrcset('')).toBeUndefined();
  });
});
