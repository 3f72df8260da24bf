import { describe, expect, it } from 'vitest';
import { mergeExtractions } from './mergeExtractions.js';

describe('mergeExtractions', () => {
  it('concatenates arrays without repeats, keeps the first scalar in URL order, and names the sources per field', () => {
    const merged = mergeExtractions([
      {
        url: 'https://b.test/',
        order: 1,
        data: { name: 'Second', ferries: [{ to: 'Isle' }, { to: 'Port' }], phone: null },
      },
      { url: 'https://a.test/', order: 0, data: { name: 'First', ferries: [{ to: 'Port' }], phone: '' } },
      { url: 'https://c.test/', order: 2, data: { phone: '555', ferries: [] } },
    ]);
    expect(merged.data).toEqual({ name: 'First', ferries: [{ to: 'Port' }, { to: 'Isle' }], phone: '555' });
    expect(merged.sources).toEqual({
      name: ['https://a.test/', 'https://b.test/'],
      ferries: ['https://a.test/', 'https://b.test/'],
      phone: ['https://c.test/'],
    });
  });

  it('nothing extracted is null', () => {
    expect(mergeExtractions([{ url: 'https://a.test/', order: 0, data: null }])).toEqual({ data: null, sources: {} });
  });
});
