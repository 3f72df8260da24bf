import { describe, expect, it } from 'vitest';
import { parseHtml } from './parseHtml.js';
import { MAX_TREE_DEPTH, flattenDeepElements } from './flattenDeepElements.js';
import { limitMarkupNesting, MARKUP_NESTING_LIMIT } from './limitMarkupNesting.js';

function maxDepth(root: Node): number {
  let deepest = 0;
  const stack: Array<[Node, number]> = [[root, 0]];
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    deepest = Math.max(deepest, depth);
    for (let c = node.firstChild; c; c = c.nextSibling) stack.push([c, depth + 1]);
  }
  return deepest;
}

describe('parseHtml', () => {
  it('always gives html > head + body, whatever the markup', () => {
    for (const input of [
      '',
      'just text',
      '<p>hi</p>',
      '<html><p>Unclosed',
      '<body><p>x</p></body>',
      '<!doctype html><title>T</title><p>a',
      '<html><head></head><body>a</body></html><p>after',
    ]) {
      const document = parseHtml(input);
      expect(document.documentElement.localName).toBe('html');
      expect(document.documentElement.firstElementChild?.localName).toBe('head');
      expect(document.head.nextElementSibling).toBe(document.body);
      expect(document.body.localName).toBe('body');
    }
  });

  it('puts stray content into the body and leading head elements into the head', () => {
    expect(parseHtml('<html><p>Unclosed').body.innerHTML).toBe('<p>Unclosed</p>');
    expect(parseHtml('just text').body.textContent).toBe('just text');
    const titled = parseHtml('<!doctype html><title>T</title><meta name="a" content="b"><p>a');
    expect(titled.head.querySelector('title')?.textContent).toBe('T');
    expect(titled.head.querySelector('meta')?.getAttribute('content')).toBe('b');
    expect(titled.body.innerHTML).toBe('<p>a</p>');
    expect(parseHtml('<html><head></head><body>a</body></html><p>after').body.innerHTML).toBe('a<p>after</p>');
    expect(parseHtml('<div>x</div><p>y').body.innerHTML).toBe('<div>x</div><p>y</p>');
  });

  it('files content found inside <head> of a page without a <body> tag in the body, as a browser does', () => {
    const document = parseHtml(
      '<html><head><title>T</title><meta charset="utf-8"><div id="story"><h1>Headline</h1><p>Text.</p></div>' +
        '<script>x()</script></html>',
    );
    expect(document.head.innerHTML).toBe('<title>T</title><meta charset="utf-8">');
    expect(document.body.firstElementChild?.id).toBe('story');
    expect(document.body.querySelector('script')).not.toBeNull();
    expect(document.title).toBe('T');
    // head matter alone stays in the head
    expect(
      parseHtml('<html><head><title>T</title><style>p{}</style></head><body><p>x</p></body></html>').head.children
        .length,
    ).toBe(2);
  });

  it('handles wrong nesting and unclosed tags without losing text', () => {
    const document = parseHtml('<div><p>one<b>two</div>three</b><i>four');
    expect(document.body.textContent).toBe('onetwothreefour');
  });

  it('keeps 100,000 nested <div>s within the depth cap and keeps their text', () => {
    const n = 100_000;
    const document = parseHtml(
      `<html><body>${'<div>'.repeat(n)}deep text<img src="a.png">${'</div>'.repeat(n)}<p>after</p></body></html>`,
    );
    expect(maxDepth(document)).toBeLessThanOrEqual(MAX_TREE_DEPTH + 2);
    expect(document.body.textContent).toBe('deep textafter');
    expect(document.body.querySelector('img')?.getAttribute('src')).toBe('a.png');
    // a recursive serializer would have overflowed on the original tree
    expect(document.body.cloneNode(true).textContent).toBe('deep textafter');
  });

  it('flattens a deep tree from a source shallower than the markup guard, keeping order', () => {
    const n = MAX_TREE_DEPTH + 200;
    const inner = Array.from({ length: n }, (_, i) => `<span>${i % 10}`).join('') + '</span>'.repeat(n);
    const document = parseHtml(`<div>${inner}</div>`);
    expect(maxDepth(document)).toBeLessThanOrEqual(MAX_TREE_DEPTH + 2);
    expect(document.body.textContent).toBe(Array.from({ length: n }, (_, i) => i % 10).join(''));
  });

  // parseHtml walks the tree for the cap only when the parse saw a depth near it (shaping adds levels above).
  it('leaves nothing to flatten at depths around the cap, with and without <html> and <body> written', () => {
    for (let n = MAX_TREE_DEPTH - 4; n <= MAX_TREE_DEPTH + 4; n++) {
      const nested = '<span>'.repeat(n) + 'x' + '</span>'.repeat(n);
      for (const html of [nested, `<p>a</p>${nested}`, `<html><body>${nested}</body></html>`]) {
        const document = parseHtml(html);
        expect(flattenDeepElements(document.documentElement), `${n} ${html.slice(0, 20)}`).toBe(0);
        expect(document.body.textContent).toContain('x');
      }
    }
  });

  // Our linkedom patch builds class lists lazily and reads classes from the attribute; this pins what that must keep.
  it('reads classes as written and keeps class-list changes, selectors and serialisation in step', () => {
    const document = parseHtml('<div id="a" class=" x  y "><p>t</p></div>');
    const div = document.getElementById('a') as Element;
    const p = document.querySelector('p') as Element;
    expect(div.getAttribute('class')).toBe(' x  y ');
    expect(p.getAttribute('class')).toBeNull();
    expect(p.className).toBe('');
    expect(document.querySelector('.y')).toBe(div);
    expect(div.classList.contains('x')).toBe(true);
    div.classList.add('z');
    div.classList.remove('x');
    expect(div.getAttribute('class')).toBe('y z');
    expect(document.querySelector('.z')).toBe(div);
    expect(document.querySelector('.x')).toBeNull();
    p.className = 'q';
    expect(p.outerHTML).toBe('<p class="q">t</p>');
    div.removeAttribute('class');
    expect(div.className).toBe('');
    expect(document.querySelector('.z')).toBeNull();
  });

  it('survives binary garbage and NUL bytes', () => {
    const garbage = Array.from({ length: 100_000 }, (_, i) => String.fromCharCode((i * 7919 + 13) % 65536)).join('');
    const document = parseHtml(garbage);
    expect(document.body).toBeTruthy();
    expect(parseHtml('<p>a\0b</p>').body.textContent).toBe('a\uFFFDb');
  });

  // linkedom spends most of a huge parse in GC (a WeakMap entry per node): seconds, not a hang; the size is the point.
  it('parses a 20 MB page', { timeout: 120_000 }, () => {
    const row = '<div class="row"><p>Lorem ipsum dolor sit amet, <a href="/x">link</a> &amp; more text.</p></div>\n';
    const html = `<html><body>${row.repeat(Math.ceil(20_000_000 / row.length))}</body></html>`;
    expect(html.length).toBeGreaterThanOrEqual(20_000_000);
    const document = parseHtml(html);
    expect(document.body.lastElementChild?.textContent).toBe('Lorem ipsum dolor sit amet, link & more text.');
  });
});

describe('limitMarkupNesting', () => {
  it('leaves ordinary markup untouched (same string)', () => {
    const html = '<div><p>a<p>b<ul><li>c<li>d</ul><script>if (a<b) "<div>"</script></div>';
    expect(limitMarkupNesting(html)).toBe(html);
    const manyFlat = '<div>x</div>'.repeat(MARKUP_NESTING_LIMIT * 2);
    expect(limitMarkupNesting(manyFlat)).toBe(manyFlat);
  });

  it('drops tags nested beyond the limit and keeps the text', () => {
    const out = limitMarkupNesting(`${'<div>'.repeat(10)}x${'</div>'.repeat(10)}<b>y</b>`, 4);
    expect(out).toBe('<div><div><div><div>x</div></div></div></div><b>y</b>');
  });

  it('does not count void elements, comments, raw text or implied closes as nesting', () => {
    const html = `${'<br><img src=x><!-- <div> -->'.repeat(10)}<script>${'<div>'.repeat(10)}</script><div>ok</div>`;
    expect(limitMarkupNesting(html, 2)).toBe(html);
    const soup = `<ul>${'<li>item'.repeat(50)}</ul>${'<p>para'.repeat(50)}<table>${'<tr><td>a<td>b'.repeat(50)}</table>`;
    expect(limitMarkupNesting(soup, 5)).toBe(soup);
  });

  it('is not fooled by stray end tags, <div/> or iframes hiding depth', () => {
    const n = 50;
    for (const unit of ['<div></b>', '<div/>', '<iframe><div>']) {
      const html = `${unit.repeat(n)}x`;
      const out = limitMarkupNesting(html, 10);
      expect(out).not.toBe(html);
      expect(out.match(/<div/g)?.length).toBeLessThanOrEqual(10);
      expect(out.endsWith('x')).toBe(true);
    }
    const svg = `<svg>${'<g/>'.repeat(n)}</svg>`;
    expect(limitMarkupNesting(svg, 10)).toBe(svg);
  });
});
