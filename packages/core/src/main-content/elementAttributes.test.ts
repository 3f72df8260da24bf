import { describe, expect, it } from 'vitest';
import { DOMParser, parseHTML } from 'linkedom';
import { parseHtml } from '../html/parseHtml.js';
import { type ElementAttributes, readAttributes } from './elementAttributes.js';

/** What the getters say of the attributes readAttributes reads. */
function byGetters(el: Element): ElementAttributes {
  return {
    cls: el.getAttribute('class'),
    id: el.getAttribute('id'),
    style: el.getAttribute('style'),
    role: el.getAttribute('role'),
    hidden: el.hasAttribute('hidden'),
    ariaModal: el.getAttribute('aria-modal'),
    dataRole: el.getAttribute('data-role'),
    dataTestId: el.getAttribute('data-testid'),
    dataTest: el.getAttribute('data-test'),
    itemprop: el.getAttribute('itemprop'),
  };
}

const PAGE = `<html><body>
  <div class="a b" id="x" style="display:none" role="main" hidden data-role="nav" data-testid="t" data-test="u"
    itemprop="articleBody" aria-modal="true" title="other">one</div>
  <p CLASS="Upper" ID="Up">two</p>
  <span data-x="1" class="">three</span>
  <div hidden="">four</div>
  <a href="/x?a=1&amp;b=2" class="q&quot;r &lt;s&gt;">five</a>
  <em>bare</em>
</body></html>`;

describe('readAttributes', () => {
  it('reads what getAttribute and hasAttribute give, for each element of an HTML document', () => {
    const document = parseHtml(PAGE);
    const elements = [...document.body.querySelectorAll('*')];
    expect(elements.length).toBe(6);
    for (const el of elements) expect({ ...readAttributes(el, true) }).toEqual(byGetters(el));
  });

  it('reads linkedom HTML documents parsed by linkedom itself the same way', () => {
    const { document } = parseHTML(PAGE);
    for (const el of document.body.querySelectorAll('*'))
      expect({ ...readAttributes(el as unknown as Element, true) }).toEqual(byGetters(el as unknown as Element));
  });

  it('asks the getters in an XML document, where linkedom escapes the values', () => {
    const xml = new DOMParser().parseFromString('<root><item class="a&amp;b" id="c&lt;d">x</item></root>', 'text/xml');
    const item = xml.documentElement.firstElementChild as unknown as Element;
    expect({ ...readAttributes(item, false) }).toEqual(byGetters(item));
    expect(readAttributes(item, false).cls).toBe(item.getAttribute('class'));
  });
});
