import { describe, expect, it } from 'vitest';
import {
  bodyStartsWithContent,
  bodyTagOffset,
  judgeClientRendered,
  looksClientRendered,
  startsWithContent,
} from './looksClientRendered.js';

const page = (body: string, head = '') =>
  `<!doctype html><html><head><title>t</title>${head}</head><body>${body}</body></html>`;
const bundle = `<script>${'var x=1;'.repeat(1_000)}</script>`;
const article =
  `<article><h1>Harbour ` +
  `report</h1>${'<p>The tide came in over the breakwater and the boats rose with it. </p>'.repeat(30)}</article>`;

describe('looksClientRendered', () => {
  it.each([
    ['a React root', page('<div id="root"></div><script src="/static/js/main.js"></script>'), 'spa-root'],
    ['a Vue #app', page('<div id="app"></div>'), 'spa-root'],
    [
      'a Next.js shell',
      page('<div id="__next"></div><script id="__NEXT_DATA__" type="application/json">{}</script>'),
      'spa-root',
    ],
    ['an Angular app-root', page('<app-root></app-root>'), 'spa-root'],
    [
      'a noscript asking for JavaScript',
      page(
        '<div class="shell"><noscript>You need to enable JavaScript to run this ' +
          'app.</noscript></div><span>Loading</span>',
      ),
      'noscript',
    ],
    ['an empty body with a big bundle', page(`<div class="x"></div>${bundle}`), 'script-heavy-empty'],
    [
      'an empty body with chunked scripts',
      page(
        '<div class="x">Loading…</div><script src="/a.js"></script><script src="/b.js"></script><script ' +
          'src="/c.js"></script>',
      ),
      'script-heavy-empty',
    ],
    [
      'a page whose only text is an "enable JavaScript" notice',
      page('<div id="app"><p>Please enable JavaScript to view this site.</p></div><script src="/app.js"></script>'),
      'js-notice',
    ],
    [
      'a "JavaScript is required" notice',
      page('<main><h2>JavaScript is required</h2></main><script>start()</script>'),
      'js-notice',
    ],
    [
      'a splash screen with custom elements and no text',
      page(
        '<section id="d-splash"><div class="dots"></div></section><discourse-assets></discourse-assets>' +
          '<script type="module" src="/assets/app.js"></script>',
      ),
      'empty-body',
    ],
  ])('%s → client-rendered', (_name, html, reason) => {
    expect(judgeClientRendered(html)).toEqual({ clientRendered: true, reason });
  });

  it.each([
    ['a server-rendered article', page(article)],
    ['an article that also mounts a widget root', page(`${article}<div id="root"></div>${bundle}`)],
    ['a server-rendered React page (root has content)', page(`<div id="root">${article}</div>${bundle}`)],
    ['a short static page without scripts', page('<h1>Hello</h1><p>Short note.</p>')],
    ['an article with an analytics noscript pixel', page(`${article}<noscript><img src="/pixel.gif"></noscript>`)],
    ['plain text', 'just some text, no markup at all'],
    [
      'a short page about JavaScript with no script of its own',
      page('<h1>Enable JavaScript in your browser</h1><p>Open the settings.</p>'),
    ],
  ])('%s → not client-rendered', (_name, html) => {
    expect(looksClientRendered(html)).toBe(false);
  });

  it('an empty page with nothing that could run is not rendered: a browser would show it as it is', () => {
    const splash = '<section id="d-splash"><div class="dots"></div></section><discourse-assets></discourse-assets>';
    // Module preloads fetch a bundle but never run it.
    const preloads = '<link rel="modulepreload" href="/chunk-a.js"><link rel="modulepreload" href="/chunk-b.js">';
    expect(judgeClientRendered(page(splash + preloads))).toEqual({ clientRendered: false, reason: 'nothing-to-run' });
    // Anything that could change the page keeps the render: a handler, a refresh, a frame.
    for (const extra of ['<img src="a.png" onload="start()" alt="">', '<iframe src="/app"></iframe>'])
      expect(judgeClientRendered(page(splash + extra)).clientRendered).toBe(true);
    const refresh = '<meta http-equiv="refresh" content="0; url=/app">';
    expect(judgeClientRendered(page(splash, refresh))).toEqual({ clientRendered: true, reason: 'empty-body' });
  });

  it('startsWithContent: a page with text early decides at once; a cut-off script or tag never counts as text', () => {
    const long = page(`${article}${'<p>more</p>'.repeat(5_000)}`);
    expect(startsWithContent(long.slice(0, 65_536))).toBe(true);
    expect(judgeClientRendered(long).reason).toBe('has-content');
    // A shell whose first 64 KB are inside an inline bundle that looks like text: no early verdict, the judge decides.
    const prose = 'The tide came in over the breakwater and the boats rose with it. ';
    const shell = page(`<script>/* ${prose.repeat(2_000)} */</script><div id="root"></div>`);
    expect(startsWithContent(shell.slice(0, 65_536))).toBe(false);
    expect(judgeClientRendered(shell)).toEqual({ clientRendered: true, reason: 'spa-root' });
    // Text cut inside an open tag or a comment is not counted either.
    expect(startsWithContent(page(`<!-- ${prose.repeat(100)}`))).toBe(false);
    expect(startsWithContent(page(`<div title="${prose.repeat(100)}`).slice(0, 5_000))).toBe(false);
    // No <body> in the start (a huge head): no early verdict.
    expect(startsWithContent(`<html><head><style>${'a{}'.repeat(30_000)}</style>`)).toBe(false);
  });

  it('bodyStartsWithContent: the window starts at <body>, so a head larger than the window still decides at once', () => {
    const bytes = (html: string) => new TextEncoder().encode(html);
    const bigHead = `<style>${'a{color:red}'.repeat(8_000)}</style>`;
    const withHead = page(article, bigHead);
    expect(startsWithContent(withHead.slice(0, 65_536))).toBe(false);
    expect(bodyStartsWithContent(bytes(withHead), 65_536)).toBe(true);
    expect(judgeClientRendered(withHead).reason).toBe('has-content');
    // The same head before an empty app root: no early verdict, the judge finds the shell.
    const shell = page(`<div id="root"></div>${bundle}`, bigHead);
    expect(bodyStartsWithContent(bytes(shell), 65_536)).toBe(false);
    expect(judgeClientRendered(shell).clientRendered).toBe(true);
  });

  it('bodyTagOffset: the byte offset of the first <body> tag, non-ASCII text before it and <bodyx> not counted', () => {
    const html = '<html><head><title>Crème brûlée – ünïcödé</title><bodyx></bodyx></head><BODY class="a">x</BODY>';
    const bytes = new TextEncoder().encode(html);
    const at = bodyTagOffset(bytes, 1_000);
    expect(new TextDecoder().decode(bytes.subarray(at, at + 5))).toBe('<BODY');
    expect(bodyTagOffset(bytes, at - 1)).toBe(-1);
    expect(bodyTagOffset(new TextEncoder().encode('<div>no body here</div>'), 1_000)).toBe(-1);
    expect(bodyTagOffset(new TextEncoder().encode('<Body_x><bOdY-x>'), 1_000)).toBe(8);
    expect(bodyTagOffset(new TextEncoder().encode('<p><body'), 1_000)).toBe(3);
    expect(bodyTagOffset(new TextEncoder().encode('<p><body'), 2)).toBe(-1);
  });

  it('bodyTagOffset agrees with /<body\\b/i on the Latin-1 view of the bytes (generated pages)', () => {
    // Pieces that come close to a body tag, UTF-8 sequences and word characters around it, in a fixed pseudo-random mix.
    const pieces = ['<body', '<BODY', '<BoDy', 'body', '<', '>', 'é', 'ü', '_', 'x', '1', ' ', '-', '<bod', 'y', '\n'];
    let seed = 7;
    const next = () => (seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 1);
    for (let page = 0; page < 500; page++) {
      const html = Array.from({ length: 1 + (next() % 12) }, () => pieces[next() % pieces.length]).join('');
      const bytes = new TextEncoder().encode(html);
      const limit = next() % (bytes.length + 2);
      const found = Buffer.from(bytes)
        .toString('latin1')
        .search(/<body\b/i);
      expect(bodyTagOffset(bytes, limit), html).toBe(found > limit ? -1 : found);
    }
  });
});
