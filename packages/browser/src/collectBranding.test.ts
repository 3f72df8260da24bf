// The `branding` render option on real Chromium: raw computed-style facts, read after the smart wait and actions.
import { describe, expect, it } from 'vitest';
import { html, useSiteAndPool } from '../test/fixtureServer.js';

const BRANDED = html(
  `<header><a href="/" class="site-logo"><img src="/logo.png" alt="Harbour" width="80" height="20"></a><nav><a href="/a">A</a></nav></header>
   <h1>Tides</h1><p>Read the <a href="/notes">notes</a> before sailing out.</p>
   <button class="cta">Subscribe</button><input type="text" value="x">
   <script>setTimeout(() => document.body.style.background = 'rgb(10, 20, 30)', 50);</script>`,
  `<link rel="icon" href="/icon.svg"><meta property="og:image" content="https://cdn.example/card.png">
   <style>body { color: rgb(40, 40, 40); font-family: "Fira Sans", sans-serif; } p a { color: rgb(0, 102, 204); }
   .cta { background: rgb(220, 38, 38); color: white; border-radius: 6px; border: 0; padding: 8px 16px; }</style>`,
);

const env = useSiteAndPool({ '/': BRANDED, '/logo.png': (_req, res) => res.writeHead(404).end() });

describe('render({ branding: true })', () => {
  it('returns the computed facts of the settled page', async () => {
    const result = await env.pool.render({ url: `${env.site.base}/`, timeout: 20_000, branding: true });
    const facts = result.branding!;
    // The script's late background change happened before the pass (it runs after the smart wait).
    expect(facts.background).toBe('rgb(10, 20, 30)');
    expect(facts.body).toMatchObject({ color: 'rgb(40, 40, 40)', fontFamily: '"Fira Sans", sans-serif' });
    expect(facts.h1).toMatchObject({ fontSize: '32px', fontWeight: '700' });
    expect(facts.buttons).toEqual([
      expect.objectContaining({
        background: 'rgb(220, 38, 38)',
        color: 'rgb(255, 255, 255)',
        borderRadius: '6px',
        className: 'cta',
        text: 'Subscribe',
      }),
    ]);
    expect(facts.links).toContainEqual(
      expect.objectContaining({ color: 'rgb(0, 102, 204)', inText: true, inNav: false, button: false, chars: 5 }),
    );
    expect(facts.logos).toEqual([
      expect.objectContaining({
        url: `${env.site.base}/logo.png`,
        tag: 'img',
        hinted: true,
        inHeader: true,
        linksHome: true,
      }),
    ]);
    expect(facts.icons).toEqual([`${env.site.base}/icon.svg`]);
    expect(facts.ogImage).toBe('https://cdn.example/card.png');
    expect(facts.inputs).toHaveLength(1);
    expect(result.timings.brandingMs).toBeGreaterThan(0);
  });

  it('sees the page as the actions left it, and is absent when not asked', async () => {
    const acted = await env.pool.render({
      url: `${env.site.base}/`,
      timeout: 20_000,
      branding: true,
      actions: [
        { type: 'executeJavascript', script: "document.querySelector('.cta').style.background = 'rgb(5, 150, 105)'" },
      ],
    });
    expect(acted.branding!.buttons[0].background).toBe('rgb(5, 150, 105)');
    const plain = await env.pool.render({ url: `${env.site.base}/`, timeout: 20_000 });
    expect(plain.branding).toBeUndefined();
  });
});
