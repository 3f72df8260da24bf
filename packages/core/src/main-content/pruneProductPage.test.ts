import { describe, expect, it } from 'vitest';
import { isIdentifierLabel } from './pruneProductPage.js';

describe('isIdentifierLabel', () => {
  it('knows labels written as code identifiers', () => {
    expect(isIdentifierLabel('retail_price_tier1:')).toBe(true);
    expect(isIdentifierLabel('cat_thumb_Petrol Blue:')).toBe(true);
    expect(isIdentifierLabel('Fabric:')).toBe(false);
    expect(isIdentifierLabel('a_b')).toBe(false);
    expect(isIdentifierLabel('care label_x')).toBe(false);
    expect(isIdentifierLabel('price_tier::')).toBe(false);
  });

  it('reads 40,000 "A_A" in one pass (quadratic before: the rest was tried after every underscore)', () => {
    expect(isIdentifierLabel(`a${'A_A'.repeat(40_000)}!`)).toBe(false);
    expect(isIdentifierLabel(`a${'A_A'.repeat(40_000)}:`)).toBe(true);
  });
});
