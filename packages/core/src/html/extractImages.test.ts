import { describe, expect, it } from 'vitest';
import { extractImages } from './extractImages.js';
import { parseHtml } from './parseHtml.js';

describe('extractImages', () => {
  it('every image URL, absolute, once each, srcset candidates resolved, lazy-load and meta images included', () => {
    const doc = parseHtml(`<html><head>
      <meta property="og:image" content="/share.png"><meta name="twitter:image" content="https://cdn.example.com/tw.jpg">
    </head><body>
      <img src="a.png" srcset="a-640.png 640w, a-1280.png 1280w, a.png 1x">
      <img data-src="/lazy.jpg" src="data:image/gif;base64,R0lGOD">
      <picture><source srcset="/pic.avif 1x, /pic@2x.avif 2x" type="image/avif"><img src="/pic.jpg"></picture>
      <video poster="poster.jpg"><source src="/movie.mp4"></video>
      <input type="image" src="/button.png"><input type="text" src="/not-an-image.png">
      <img src="https://user:pw@example.org/secret.png"><img src="javascript:alert(1)"><img src="">
      <img src="a.png">
    </body></html>`);
    expect(extractImages(doc, { baseUrl: 'https://example.com/dir/page.html' })).toEqual([
      'https://example.com/share.png',
      'https://cdn.example.com/tw.jpg',
      'https://example.com/dir/a.png',
      'https://example.com/dir/a-640.png',
      'https://example.com/dir/a-1280.png',
      'https://example.com/lazy.jpg',
      'https://example.com/pic.avif',
      'https://example.com/pic@2x.avif',
      'https://example.com/pic.jpg',
      'https://example.com/dir/poster.jpg',
      'https://example.com/button.png',
      'https://example.org/secret.png',
    ]);
  });

  it('a page without images gives an empty list', () => {
    expect(extractImages(parseHtml('<p>text only</p>'), { baseUrl: 'https://example.com/' })).toEqual([]);
  });
});
