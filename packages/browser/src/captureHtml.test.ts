// The rendered HTML as the client gets it, read in an isolated world: real Chromium, a fixture page on 127.0.0.1.
import { describe, expect, it } from 'vitest';
import { html, useSiteAndPool } from '../test/fixtureServer.js';

const env = useSiteAndPool({
  '/rendered': html(
    '<main id="m"><p>Static part.</p></main><script>document.getElementById("m").insertAdjacentHTML("beforeend", ' +
      '"<p>Added by script.</p>");</script>',
  ),
  // A page that rewrites the serialisers of its own world: the capture must not use them.
  '/tampered': html(
    '<main><p>The real text.</p></main><script>Object.defineProperty(Element.prototype, "outerHTML", { get() { ' +
      'return "<html>" + "forg" + "ed</html>"; } }); window.XMLSerializer = function () { return { ' +
      'serializeToString: () => "forg" + "ed" }; };</script>',
  ),
});

describe('the captured HTML', () => {
  it('is the doctype plus the live DOM after scripts ran', async () => {
    const result = await env.pool.render({ url: `${env.site.base}/rendered`, timeout: 20_000 });
    expect(result.html.startsWith('<!DOCTYPE html><html>')).toBe(true);
    expect(result.html).toContain('<p>Static part.</p><p>Added by script.</p>');
  });

  it('cannot be forged by a page that redefines outerHTML or XMLSerializer in its own world', async () => {
    const result = await env.pool.render({ url: `${env.site.base}/tampered`, timeout: 20_000 });
    expect(result.html).toContain('<p>The real text.</p>');
    expect(result.html).not.toContain('forged');
    expect(result.html.startsWith('<!DOCTYPE html>')).toBe(true);
  });
});
