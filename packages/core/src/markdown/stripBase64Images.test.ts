import { describe, expect, it } from 'vitest';
import { stripBase64Images } from './stripBase64Images.js';

describe('stripBase64Images', () => {
  it('replaces base64 image data with the placeholder, keeping alt and title', () => {
    expect(
      stripBase64Images('a ![logo](data:image/png;base64,iVBORw0KGgo=) b ![x](data:image/gif;base64,R0lG "t")'),
    ).toBe('a ![logo](<Base64-Image-Removed>) b ![x](<Base64-Image-Removed> "t")');
  });

  it('handles the angle-bracket destination form and parameters before ;base64', () => {
    expect(stripBase64Images('![](<data:image/svg+xml;charset=utf-8;base64,PHN2Zz4=>)')).toBe(
      '![](<Base64-Image-Removed>)',
    );
  });

  it('keeps data URIs that are not base64 images, and links that are not images', () => {
    const md =
      '![s](data:image/svg+xml;utf8,%3Csvg%3E) [file](data:image/png;base64,AAAA) ![t](data:text/plain;base64,SGk=)';
    expect(stripBase64Images(md)).toBe(md);
  });

  it('never lets a broken data URI swallow the following lines', () => {
    expect(stripBase64Images('![cut](data:image/png;base64,AAAA\nnext line\n\n# Heading')).toBe(
      '![cut](<Base64-Image-Removed>)\nnext line\n\n# Heading',
    );
  });

  it('leaves markdown without data URIs untouched', () => {
    const md = '# T\n\n![a](https://x/y.png) [b](c)';
    expect(stripBase64Images(md)).toBe(md);
  });

  it('is linear: 10 MB of base64 and 200,000 unclosed image openers', () => {
    const payload = 'A'.repeat(10_000_000);
    expect(stripBase64Images(`![big](data:image/png;base64,${payload}) end`)).toBe(
      '![big](<Base64-Image-Removed>) end',
    );
    const hostile = '![a](data:image/png;base64,'.repeat(200_000);
    const out = stripBase64Images(hostile);
    expect(out.split('<Base64-Image-Removed>').length - 1).toBe(200_000);
  }, 60_000);
});

describe('stripBase64Images on hostile input', () => {
  it('stays linear with 300,000 data-URI openers that have no comma and no image', () => {
    const hostile = '](data:image/png'.repeat(300_000);
    expect(stripBase64Images(hostile)).toBe(hostile);
  }, 60_000);
});
