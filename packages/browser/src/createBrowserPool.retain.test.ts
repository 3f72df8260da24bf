// Pages kept after their render (RenderRequest.retain) for an interact session to adopt: real Chromium, real pages.
import { describe, expect, it } from 'vitest';
import { createBrowserPool } from '../dist/index.js';
import { html, useSiteAndPool } from '../test/fixtureServer.js';

const env = useSiteAndPool(
  {
    '/form': html(
      `<input id="q"><button id="reveal" onclick="document.getElementById('secret').hidden = false">show</button><p id="secret" hidden>revealed text</p>
       <script>window.ticks = 0; window.at = []; setInterval(() => { window.ticks++; window.at.push(Date.now()); }, 10);</script>`,
    ),
    '/plain': html('<h1>plain page</h1>'),
  },
  // One render slot and a short idle close: a kept page must neither hold the slot nor let Chromium close under it.
  { maxConcurrency: 1, idleTimeoutMs: 200 },
);

describe('retained render pages', () => {
  it('keeps the page after actions, paused, without holding a render slot or letting Chromium idle out', async () => {
    const result = await env.pool.render({
      url: `${env.site.base}/form`,
      timeout: 30_000,
      retain: true,
      actions: [
        { type: 'click', selector: '#q' },
        { type: 'write', text: 'typed before' },
        { type: 'click', selector: '#reveal' },
        { type: 'executeJavascript', script: 'return window.ticks' },
      ],
    });
    const kept = result.retained!;
    expect(kept).toBeDefined();
    expect(kept.alive()).toBe(true);
    expect(env.pool.stats()).toMatchObject({ retained: 1, active: 0 });
    // The page is paused from here until resume(); the page clock is this machine's clock.
    const keptFrom = Date.now();
    const hitsBefore = env.site.hits.filter((h) => h === '/form').length;

    // The only slot is free: another render runs while the page is kept.
    expect((await env.pool.render({ url: `${env.site.base}/plain`, timeout: 30_000 })).html).toContain('plain page');
    // Past the idle timeout, Chromium is still up for the kept page.
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(env.pool.stats().running).toBe(true);

    const keptTo = Date.now();
    await kept.resume();
    // The page's script was paused: its 10 ms interval never ran while the page was kept (a count of ticks would
    // also count the time around the pause and the resume, seconds on a busy machine).
    const ticks = (await kept.page.evaluate('window.ticks')) as number;
    const at = (await kept.page.evaluate('window.at')) as number[];
    expect(ticks).toBeGreaterThan(Number(result.actions!.javascriptReturns[0].value) - 1);
    expect(at.filter((t) => t > keptFrom && t < keptTo)).toEqual([]);
    // The same page, never re-loaded: the typed value and the revealed element are there.
    expect(await kept.page.inputValue('#q')).toBe('typed before');
    expect(await kept.page.isVisible('#secret')).toBe(true);
    expect(env.site.hits.filter((h) => h === '/form').length).toBe(hitsBefore);
    // And it runs again once resumed.
    await kept.page.waitForFunction((before) => (window as unknown as { ticks: number }).ticks > before + 5, ticks);

    await kept.close();
    expect(kept.alive()).toBe(false);
    expect(env.pool.stats().retained).toBe(0);
  });

  it('keeps nothing unless asked, and closing the pool closes kept pages', async () => {
    const plain = await env.pool.render({ url: `${env.site.base}/plain`, timeout: 30_000 });
    expect(plain.retained).toBeUndefined();
    const own = createBrowserPool({ maxConcurrency: 1 });
    const kept = (await own.render({ url: `${env.site.base}/plain`, timeout: 30_000, retain: true })).retained!;
    expect(own.stats().retained).toBe(1);
    await own.close();
    expect(kept.alive()).toBe(false);
    expect(kept.page.isClosed()).toBe(true);
  });
});
