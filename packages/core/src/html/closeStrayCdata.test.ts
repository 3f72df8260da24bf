import { describe, expect, it } from 'vitest';
import { closeStrayCdata } from './closeStrayCdata.js';
import { parseHtml } from './parseHtml.js';

describe('closeStrayCdata', () => {
  it('leaves markup without a CDATA opener untouched (same string)', () => {
    const html = '<p>plain</p>';
    expect(closeStrayCdata(html)).toBe(html);
  });

  it('turns a stray opener in HTML content into the comment a browser sees (ends at the first >)', () => {
    expect(closeStrayCdata('<body><![CDATA[ <div id="x"></div><p>kept</p></body>')).toBe(
      '<body><!--[CDATA[ <div id="x"--></div><p>kept</p></body>',
    );
    expect(closeStrayCdata('<p>a<![CDATA[b]]>c</p>')).toBe('<p>a<!--[CDATA[b]]-->c</p>');
  });

  it('keeps openers inside scripts, styles, textareas, SVG and MathML', () => {
    const html =
      '<script>//<![CDATA[\nif (a > b) x();\n//]]></script><svg><text><![CDATA[1 < ' +
      '2]]></text></svg><textarea><![CDATA[t</textarea>';
    expect(closeStrayCdata(html)).toBe(html);
  });

  it('rewrites a stray opener after a closed script, and tells <s> from <script>', () => {
    expect(closeStrayCdata('<script>x</script><s>y</s><![CDATA[z>w')).toBe(
      '<script>x</script><s>y</s><!--[CDATA[z-->w',
    );
  });

  it('lets the rest of the page survive parsing', () => {
    const document = parseHtml('<body><![CDATA[ <div id="top"></div><main><p>The thread text.</p></main></body>');
    expect(document.body.textContent).toContain('The thread text.');
    expect(document.querySelector('main p')?.textContent).toBe('The thread text.');
  });
});
