import { describe, expect, it } from 'vitest';
import iconv from 'iconv-lite';
import { CoreError } from '../errors.js';
import { HTML_PIPELINE_STEPS, processHtml } from './processHtml.js';

const URL_ = 'https://news.example/2024/story.html';
const ARTICLE_TEXT = 'The council voted on Tuesday to extend the library hours through the winter. '.repeat(2);
const MORE_TEXT =
  'Residents had asked for longer evening hours since the spring, citing exams and remote work. '.repeat(2);
const PAGE = `<!doctype html><html lang="en"><head>
  <meta charset="utf-8"><title>Library hours extended</title>
  <meta name="description" content="Council votes">
  <meta property="og:title" content="Library hours">
  <link rel="icon" href="/favicon.png"><base href="/2024/">
  <script>window.tracking = true</script><style>body{}</style>
</head><body>
  <header><nav><a href="/">Home</a> <a href="/sports">Sports</a> <a href="/weather">Weather</a></nav></header>
  <main><article>
    <h1>Library hours extended</h1>
    <p>${ARTICLE_TEXT}</p>
    <p>${MORE_TEXT}</p>
    <p>${ARTICLE_TEXT}</p>
    <p>Read the <a href="minutes.pdf">meeting minutes</a> or <a href="#comments">jump to comments</a>.</p>
    <p>${MORE_TEXT}</p>
    <p><img alt="chart" src="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk"> <img alt="photo" src="photo.jpg" srcset="photo-400.jpg 400w, photo-1200.jpg 1200w"></p>
    <!-- editor note -->
    <noscript><p>Enable JavaScript for comments.</p></noscript>
  </article></main>
  <footer><p>© News Example</p><a href="/privacy">Privacy</a></footer>
</body></html>`;

describe('processHtml', () => {
  it('returns rawHtml untouched, main-content markdown, cleaned html, content links and metadata', () => {
    const result = processHtml({ body: PAGE, url: URL_ });
    expect(result.rawHtml).toBe(PAGE);
    expect(result.markdown).toContain('Library hours extended');
    expect(result.markdown).toContain('The council voted on Tuesday');
    expect(result.markdown).not.toContain('Sports');
    expect(result.markdown).not.toContain('Privacy');
    expect(result.markdown).toContain('[meeting minutes](https://news.example/2024/minutes.pdf)');
    expect(result.markdown).toContain('![chart](<Base64-Image-Removed>)');
    expect(result.markdown).toContain('https://news.example/2024/photo-1200.jpg');
    expect(result.html).toContain('src="https://news.example/2024/photo-1200.jpg"');
    expect(result.html).toContain('data:image/png;base64,');
    expect(result.html).not.toMatch(/<script|<style|<noscript|<meta|<!--|<head[\s>]|Sports/);
    expect(result.links).toEqual(['https://news.example/2024/minutes.pdf']);
    expect(result.metadata).toMatchObject({
      title: 'Library hours extended',
      description: 'Council votes',
      ogTitle: 'Library hours',
      language: 'en',
      favicon: 'https://news.example/favicon.png',
    });
  });

  it('with onlyMainContent false keeps the whole cleaned page', () => {
    const result = processHtml({ body: PAGE, url: URL_ }, { onlyMainContent: false });
    expect(result.markdown).toContain('Sports');
    expect(result.markdown).toContain('Privacy');
    expect(result.links).toEqual([
      'https://news.example/',
      'https://news.example/sports',
      'https://news.example/weather',
      'https://news.example/2024/minutes.pdf',
      'https://news.example/privacy',
    ]);
    expect(result.html.startsWith('<body>')).toBe(true);
    expect(result.html).not.toMatch(/<script|<style|<noscript|<meta|<!--|<head[\s>]/);
  });

  it('includeTags bypasses main content; excludeTags removes matches inside the included subtrees too', () => {
    const result = processHtml(
      { body: PAGE, url: URL_ },
      { includeTags: ['nav', 'footer'], excludeTags: ['a[href="/weather"]'] },
    );
    expect(result.markdown).toContain('Sports');
    expect(result.markdown).toContain('News Example');
    expect(result.markdown).not.toContain('Weather');
    expect(result.markdown).not.toContain('council');
    expect(result.links).toEqual([
      'https://news.example/',
      'https://news.example/sports',
      'https://news.example/privacy',
    ]);
    expect(result.html.startsWith('<nav>')).toBe(true);
  });

  it('excludeTags also applies before main-content extraction', () => {
    const result = processHtml({ body: PAGE, url: URL_ }, { excludeTags: ['img', 'h1'] });
    expect(result.markdown).not.toContain('![');
    expect(result.markdown).not.toContain('# Library');
    expect(result.markdown).toContain('The council voted');
  });

  it('throws a typed CoreError naming a bad selector', () => {
    expect(() => processHtml({ body: PAGE, url: URL_ }, { includeTags: ['main', 'div[oops'] })).toThrow(CoreError);
    expect(() => processHtml({ body: PAGE, url: URL_ }, { excludeTags: ['::before'] })).toThrow(
      'Invalid CSS selector in excludeTags: "::before"',
    );
  });

  it('keeps base64 images in markdown when removeBase64Images is false', () => {
    const result = processHtml({ body: PAGE, url: URL_ }, { removeBase64Images: false });
    expect(result.markdown).toContain('](data:image/png;base64,iVBOR');
  });

  it('decodes bytes with the Content-Type charset, or by sniffing', () => {
    const japanese =
      '<html><head><title>ニュース</title></head><body><p>日本語の記事です。ひらがなとカタカナ。</p></body></html>';
    const bytes = new Uint8Array(iconv.encode(japanese, 'shift_jis'));
    const declared = processHtml({ body: bytes, url: URL_, contentType: 'text/html; charset=Shift_JIS' });
    expect(declared.rawHtml).toBe(japanese);
    expect(declared.markdown).toContain('日本語の記事です。ひらがなとカタカナ。');
    expect(declared.metadata.title).toBe('ニュース');
    expect(processHtml({ body: bytes, url: URL_ }).markdown).toContain('日本語の記事です。');
  });

  it('falls back to the whole page when pruning leaves nothing of a page of links', () => {
    const result = processHtml({
      body: '<body><nav><a href="/a">Alpha section</a> <a href="/b">Beta section</a></nav></body>',
      url: URL_,
    });
    expect(result.markdown).toContain('Alpha section');
  });

  it('answers nothing, not the whole page, when the page holds only chrome (chromeOnlyPage.ts)', () => {
    const menu = Array.from({ length: 12 }, (_, i) => `<li><a href="/plans/${i}">Plan number ${i}</a></li>`).join('');
    const shell =
      `<body><header><a href="/">Home</a> <a href="/shop">Shop</a></header><main id="app"><div class="loading">` +
      `</div></main><footer class="footer"><div class="footer__menu"><ul>${menu}</ul></div><div class="footer-bottom">` +
      '<p><a href="/pp">Privacy Policy</a> • Copyright Example Health, 2026</p></div></footer></body>';
    const result = processHtml({ body: shell, url: URL_ }, { outputs: ['markdown', 'html'] });
    expect(result.markdown).toBe('');
    expect(result.html).not.toContain('Plan number');
    const whole = processHtml({ body: shell, url: URL_ }, { onlyMainContent: false });
    expect(whole.markdown).toContain('Plan number 3');
  });

  it('falls back to the whole page when the main content is hidden until scripts run', () => {
    const hydrated = `<body><div id="__next"><div style="visibility:hidden"><nav><a href="/x">Menu</a></nav>
      <article><p>${ARTICLE_TEXT}</p><p>${MORE_TEXT}</p></article></div></div></body>`;
    const result = processHtml({ body: hydrated, url: URL_ });
    expect(result.markdown).toContain('The council voted on Tuesday');
    expect(result.html).toContain('The council voted on Tuesday');
  });

  it('keeps the text of a script-rendered page whose only content is its <noscript> view', () => {
    const shell =
      '<html><head><script src="/app.js"></script></head><body><noscript>You need to enable JavaScript to run this ' +
      'app.</noscript><div id="root"></div></body></html>';
    const result = processHtml({ body: shell, url: URL_ });
    expect(result.markdown.trim()).toBe('You need to enable JavaScript to run this app.');
    expect(result.html).not.toContain('<noscript');
  });

  it('a page rendered with scripts on (scriptsRan) never answers its <noscript> notice, in any mode', () => {
    const rendered =
      '<html><body><noscript>You need to enable JavaScript to run this app.</noscript><div id="root"><h1>Tide ' +
      'tables</h1><p>High water at 06:10.</p></div></body></html>';
    for (const onlyMainContent of [true, false]) {
      const result = processHtml({ body: rendered, url: URL_ }, { scriptsRan: true, onlyMainContent });
      expect(result.markdown).toContain('High water at 06:10.');
      expect(result.markdown).not.toMatch(/enable JavaScript/);
    }
    const empty =
      '<html><body><noscript>You need to enable JavaScript to run this app.</noscript><div ' +
      'id="root"></div></body></html>';
    expect(processHtml({ body: empty, url: URL_ }, { scriptsRan: true }).markdown.trim()).toBe('');
    expect(processHtml({ body: empty, url: URL_ }, { scriptsRan: true }).rawHtml).toContain('<noscript>');
  });

  it('computes only the requested outputs', () => {
    const result = processHtml({ body: PAGE, url: URL_ }, { outputs: ['links'] });
    expect(result.markdown).toBe('');
    expect(result.html).toBe('');
    expect(result.links).toEqual(['https://news.example/2024/minutes.pdf']);
    expect(result.metadata.title).toBe('Library hours extended');
  });

  it('runs its steps in a fixed, readable order', () => {
    expect(HTML_PIPELINE_STEPS.map((s) => s.name)).toEqual([
      'decode',
      'parse',
      'streamed',
      'noscriptOfRenderedPage',
      'metadata',
      'structured',
      'excludeTags',
      'includeTags',
      'clean',
      'mainContent',
      'dropNoscript',
      'html',
      'markdown',
      'links',
    ]);
  });
});

describe('processHtml on bad input', () => {
  const run = (body: string | Uint8Array, onlyMainContent = true) =>
    processHtml({ body, url: URL_ }, { onlyMainContent });

  it('handles empty input', () => {
    for (const body of ['', new Uint8Array()]) {
      const result = run(body);
      expect(result).toMatchObject({ rawHtml: '', markdown: '', links: [] });
    }
  });

  it('handles unclosed and mis-nested markup', () => {
    expect(run('<html><p>Unclosed').markdown.trim()).toBe('Unclosed');
    expect(run('<div><p>one <b>two</div> three</b> <i>four', false).markdown).toMatch(
      /one \*\*two\*\*[\s\S]*three[\s\S]*four/,
    );
  });

  it('handles 100,000 nested <div>s without a stack overflow', () => {
    const n = 100_000;
    const body = `<html><body>${'<div>'.repeat(n)}<p>deep paragraph</p>${'</div>'.repeat(n)}</body></html>`;
    for (const onlyMainContent of [true, false]) {
      const result = run(body, onlyMainContent);
      expect(result.markdown).toContain('deep paragraph');
    }
  });

  it('handles binary garbage', () => {
    const bytes = new Uint8Array(200_000).map((_, i) => (i * 7919 + 13) % 256);
    const result = run(bytes);
    expect(typeof result.markdown).toBe('string');
    expect(result.rawHtml.length).toBeGreaterThan(0);
  });

  it('handles a 20 MB page', { timeout: 180_000 }, () => {
    const row = `<div class="post"><h2>Title</h2><p>Some text with a <a href="/p">link</a>.</p></div>\n`;
    const body = `<html><body>${row.repeat(Math.ceil(20_000_000 / row.length))}<p>THE END</p></body></html>`;
    const result = run(body, false);
    expect(result.markdown).toContain('THE END');
    expect(result.links).toEqual(['https://news.example/p']);
  });
});
