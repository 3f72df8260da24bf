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

  it('tracks many openers in one pass: upper-case tags, scripts opened and closed between them', () => {
    const scripts = Array.from({ length: 30 }, (_, i) => `<SCRIPT type="t">//<![CDATA[ a${i} > b //]]></Script>`);
    const html = `${scripts.join('<p>x</p>')}<p>1<![CDATA[2>3</p><STYLE><![CDATA[s</STYLE><scriptx><![CDATA[y>z`;
    expect(closeStrayCdata(html)).toBe(
      `${scripts.join('<p>x</p>')}<p>1<!--[CDATA[2-->3</p><STYLE><![CDATA[s</STYLE><scriptx><!--[CDATA[y-->z`,
    );
  });

  it('gives the same answer on pages with U+0130, whose lower case is longer (the slow path)', () => {
    const html = '<p>İstanbul</p><script>//<![CDATA[ x //]]></script><p>a<![CDATA[b>c</p>';
    expect(closeStrayCdata(html)).toBe('<p>İstanbul</p><script>//<![CDATA[ x //]]></script><p>a<!--[CDATA[b-->c</p>');
  });

  it('finds openers among other `<![` markup (conditional comments), and one that starts right after one', () => {
    const html = '<!--[if IE]><p>old</p><![endif]--><p>a<![<![CDATA[b>c</p><![if x]><![CDATA[d>e<![CDATA[';
    expect(closeStrayCdata(html)).toBe(
      '<!--[if IE]><p>old</p><![endif]--><p>a<![<!--[CDATA[b-->c</p><![if x]><!--[CDATA[d-->e<![CDATA[',
    );
  });
});
