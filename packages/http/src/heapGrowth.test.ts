import { describe, expect, it } from 'vitest';
import { HEAP_GROWING_PERCENT, applyHeapGrowth } from './heapGrowth.js';

describe('applyHeapGrowth', () => {
  it('sets the growth factor when the operator did not', () => {
    expect(applyHeapGrowth(['--enable-source-maps'])).toBe(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  });

  it("leaves the operator's choice alone, V8's own heuristics (0) included", () => {
    expect(applyHeapGrowth(['--heap-growing-percent=0'])).toBeNull();
    expect(applyHeapGrowth(['--heap-growing-percent', '30'])).toBeNull();
  });
});
