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

  it('fields named like Object.prototype members are plain fields (the model reads hostile pages)', () => {
    const first = JSON.parse('{"constructor":"a","__proto__":{"x":1},"toString":["t"]}') as unknown;
    const second = JSON.parse('{"constructor":"b","__proto__":{"y":2},"toString":["u"]}') as unknown;
    const merged = mergeExtractions([
      { url: 'https://a.test/', order: 0, data: first },
      { url: 'https://b.test/', order: 1, data: second },
    ]);
    const data = merged.data as Record<string, unknown>;
    expect(Object.getPrototypeOf(data)).toBe(Object.prototype);
    expect(JSON.stringify(data)).toBe('{"constructor":"a","__proto__":{"x":1,"y":2},"toString":["t","u"]}');
    expect(JSON.stringify(merged.sources)).toBe(
      '{"constructor":["https://a.test/","https://b.test/"],"__proto__":["https://a.test/","https://b.test/"],' +
        '"toString":["https://a.test/","https://b.test/"]}',
    );
  });

  it('nothing extracted is null', () => {
    expect(mergeExtractions([{ url: 'https://a.test/', order: 0, data: null }])).toEqual({ data: null, sources: {} });
  });
});
