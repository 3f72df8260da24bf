import { describe, expect, it } from 'vitest';
import { isMediaUrl } from './dropPlaceholderText.js';

describe('isMediaUrl', () => {
  it('knows a media file address, query string or fragment allowed', () => {
    expect(isMediaUrl('https://cdn.example/img/tee_bone_thumb.jpg')).toBe(true);
    expect(isMediaUrl('HTTP://cdn.example/v/clip.MP4?w=640#t=3')).toBe(true);
    expect(isMediaUrl('https://cdn.example/img/a.png.html')).toBe(false);
    expect(isMediaUrl('https://.png')).toBe(false);
    expect(isMediaUrl('see https://cdn.example/a.png')).toBe(false);
    expect(isMediaUrl('https://cdn.example/a.png and more')).toBe(false);
  });

  it('reads 20,000 ".gif#" and a final blank in one pass (quadratic before: rescanned to the end from each)', () => {
    expect(isMediaUrl(`http://o${'.gif#'.repeat(20_000)} `)).toBe(false);
    expect(isMediaUrl(`http://o${'.gif#'.repeat(20_000)}`)).toBe(true);
  });
});
