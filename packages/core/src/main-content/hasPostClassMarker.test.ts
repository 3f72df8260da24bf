import { describe, expect, it } from 'vitest';
import { hasPostClassMarker } from './hasPostClassMarker.js';

describe('hasPostClassMarker', () => {
  it('knows WordPress post class lists', () => {
    expect(hasPostClassMarker('post-12 type-product status-publish')).toBe(true);
    expect(hasPostClassMarker('hentry')).toBe(true);
    expect(hasPostClassMarker('type-post category-news post-7')).toBe(true);
    expect(hasPostClassMarker('post-7 format-standard type-post')).toBe(true);
    expect(hasPostClassMarker('type-post post-7x')).toBe(false);
    expect(hasPostClassMarker('post-7')).toBe(false);
    expect(hasPostClassMarker('my-hentry')).toBe(false);
  });

  it('between the two classes only their own blanks may break the line (as `.` allowed)', () => {
    expect(hasPostClassMarker('type-post\npost-7')).toBe(true);
    expect(hasPostClassMarker('type-post\nsticky\npost-7')).toBe(true);
    expect(hasPostClassMarker('type-post a\nb post-7')).toBe(false);
    expect(hasPostClassMarker('post-7 \n\n type-post')).toBe(false);
  });

  it('reads 20,000 "type-…" classes in one pass (quadratic before: scanned to the end from each)', () => {
    const classes = `-${'\ttype-a'.repeat(20_000)}`;
    expect(hasPostClassMarker(classes)).toBe(false);
    expect(hasPostClassMarker(`${classes} post-5`)).toBe(true);
  });
});
