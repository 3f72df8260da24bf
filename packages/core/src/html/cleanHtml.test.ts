import { describe, expect, it } from 'vitest';
import { cleanHtml } from './cleanHtml.js';
import { findBaseUrl } from './createUrlResolver.js';
import { parseHtml } from './parseHtml.js';

const clean = (html: string, url = 'https://example.com/dir/page.html') => {
  const document = parseHtml(html);
  return cleanHtml(document, { baseUrl: findBaseUrl(document, url) });
};

describe('cleanHtml', () => {
  it('removes script, style, noscript, meta, head and comments, keeping the text around them', () => {
    const body = clean(`<html><head><title>T</title><style>p{}</style></head><body>
      <p>a<!-- hidden --><script>alert(1)</script>b</p><noscript>enable js</noscript><meta itemprop="x" content="y">
      <style>.x{}</style><p>c</p></body></html>`);
    expect(body.ownerDocument.documentElement.innerHTML).not.toMatch(
      /<head|<script|<style|<noscript|<meta|<!--|<title/,
    );
    expect(body.textContent?.replace(/\s+/g, '')).toBe('abc');
  });

  it('resolves every URL attribute against the page URL', () => {
    const body = clean(`<body><a href="../up.html">u</a><a href="/root?q=1#h">r</a><a href="//cdn.example/x">p</a>
      <img src="img/a.png"><video src="v.mp4" poster="p.jpg"><source src="v.webm"></video><audio src="a.mp3"></audio>
      <iframe src="frame.html"></iframe><link href="style.css"><form action="send"></form>
      <a href="mailto:x@example.com">m</a><a href="javascript:void(0)">j</a><a href="#frag">f</a></body>`);
    const attr = (sel: string, name: string) => body.querySelector(sel)?.getAttribute(name);
    expect([...body.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([
      'https://example.com/up.html',
      'https://example.com/root?q=1#h',
      'https://cdn.example/x',
      'mailto:x@example.com',
      'javascript:void(0)',
      'https://example.com/dir/page.html#frag',
    ]);
    expect(attr('img', 'src')).toBe('https://example.com/dir/img/a.png');
    expect(attr('video', 'src')).toBe('https://example.com/dir/v.mp4');
    expect(attr('video', 'poster')).toBe('https://example.com/dir/p.jpg');
    expect(attr('source', 'src')).toBe('https://example.com/dir/v.webm');
    expect(attr('audio', 'src')).toBe('https://example.com/dir/a.mp3');
    expect(attr('iframe', 'src')).toBe('https://example.com/dir/frame.html');
    expect(attr('link', 'href')).toBe('https://example.com/dir/style.css');
    expect(attr('form', 'action')).toBe('https://example.com/dir/send');
  });

  it('joins <base href> onto the page URL (first base only) before resolving', () => {
    const body = clean(
      '<html><head><base href="/static/"><base href="/ignored/"></head><body><a href="x.html">x</a><img ' +
        'src="i.png"></body></html>',
    );
    expect(body.querySelector('a')?.getAttribute('href')).toBe('https://example.com/static/x.html');
    expect(body.querySelector('img')?.getAttribute('src')).toBe('https://example.com/static/i.png');
  });

  it('leaves unresolvable values as written and works without a page URL', () => {
    const body = clean('<a href="http://[bad">b</a><a href="rel.html">r</a>', 'not a url');
    expect([...body.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual(['http://[bad', 'rel.html']);
  });

  it('reduces responsive images to the largest candidate', () => {
    const body = clean(`<body>
      <img id="w" src="small.jpg" srcset="s.jpg 320w, l.jpg 1280w, m.jpg 640w" sizes="50vw">
      <img id="x" src="a.jpg" srcset="a.jpg 1x, a2.jpg 2x">
      <img id="lazy" src="data:image/gif;base64,R0lGOD" data-src="real.jpg">
      <img id="lazyset" src="data:image/gif;base64,R0lGOD" data-srcset="r1.jpg 1x, r3.jpg 3x">
      <picture><source type="image/webp" srcset="p.webp 800w, p-big.webp 1600w"><source srcset="p.jpg 1200w"><img id="pic" src="p-fallback.jpg"></picture>
    </body>`);
    const src = (id: string) => body.querySelector(`#${id}`)?.getAttribute('src');
    expect(src('w')).toBe('https://example.com/dir/l.jpg');
    expect(body.querySelector('#w')?.hasAttribute('srcset')).toBe(false);
    expect(src('x')).toBe('https://example.com/dir/a2.jpg');
    expect(src('lazy')).toBe('https://example.com/dir/real.jpg');
    expect(src('lazyset')).toBe('https://example.com/dir/r3.jpg');
    expect(src('pic')).toBe('https://example.com/dir/p-big.webp');
    expect(body.querySelector('picture source')).toBeNull();
  });

  it('keeps entities, emoji and non-Latin text intact', () => {
    const body = clean('<p title="a &amp; b">Fish &amp; chips &lt;3 &nbsp;😀 日本語 Ωμέγα &eacute;</p>');
    const p = body.querySelector('p')!;
    expect(p.textContent).toBe('Fish & chips <3 \u00a0😀 日本語 Ωμέγα é');
    expect(p.getAttribute('title')).toBe('a & b');
    expect(body.innerHTML).toContain('Fish &amp; chips &lt;3');
  });
});
