import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBrowserPool, type BrowserPool } from '../dist/index.js';
import { DEFAULT_LAUNCH_ARGS } from '../dist/startChromium.js';
import { LEAN_DISABLED_FEATURES } from '../dist/launchChromium.js';
import { html, startFixtureServer, type FixtureServer } from '../test/fixtureServer.js';

let site: FixtureServer;
let hold = false;
let imageAsked: (() => void) | undefined;
let finishImage: (() => void) | undefined;

beforeAll(async () => {
  site = await startFixtureServer({
    // The page commits at once; its image hangs until the test has looked at Chromium's processes.
    '/held': html('<h1>held page</h1><img src="/held.svg">'),
    '/held.svg': (_req, res) => {
      const finish = () => res.end('<svg xmlns="http://www.w3.org/2000/svg"/>');
      if (!hold) return finish();
      finishImage = finish;
      imageAsked?.();
    },
  });
});

afterAll(async () => {
  await site?.close();
});

/** Command lines of the live descendants of `pid` (Chromium's zygotes, renderers, GPU and utility processes). */
function descendantCommandLines(pid: number): string[] {
  const parent = new Map<number, number>();
  const cmdline = new Map<number, string>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parent.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
      cmdline.set(Number(entry), readFileSync(`/proc/${entry}/cmdline`, 'utf8'));
    } catch {
      // The process ended between the listing and the read.
    }
  }
  const under = (p: number): boolean => {
    for (let up = parent.get(p); up !== undefined && up > 1; up = parent.get(up)) if (up === pid) return true;
    return false;
  };
  return [...cmdline].filter(([p]) => under(p)).map(([, line]) => line);
}

/** Renders /held and returns the renderer processes alive while its image is still loading. */
async function renderersDuringRender(pool: BrowserPool): Promise<string[]> {
  await pool.render({ url: `${site.base}/held`, timeout: 20_000, blockAds: false }); // launch
  hold = true;
  const asked = new Promise<void>((resolve) => (imageAsked = resolve));
  const render = pool.render({ url: `${site.base}/held`, timeout: 20_000, blockAds: false });
  await asked;
  const renderers = descendantCommandLines(pool.stats().pid!).filter((line) => line.includes('--type=renderer'));
  hold = false;
  finishImage?.();
  expect((await render).html).toContain('held page');
  return renderers;
}

describe('lean Chromium features', () => {
  const pools: BrowserPool[] = [];
  afterAll(async () => Promise.all(pools.map((pool) => pool.close())));

  it('starts one renderer per render: no omnibox WebUI, no spare renderer', async () => {
    const pool = createBrowserPool({ maxConcurrency: 1, idleTimeoutMs: 0 });
    pools.push(pool);
    const renderers = await renderersDuringRender(pool);
    expect(renderers.filter((line) => line.includes('top-chrome-webui'))).toEqual([]);
    expect(renderers).toHaveLength(1);
  });

  it("keeps Playwright's disabled features beside its own (Chromium honours only the last --disable-features)", async () => {
    const pool = createBrowserPool({ maxConcurrency: 1, idleTimeoutMs: 0 });
    pools.push(pool);
    await pool.render({ url: `${site.base}/held`, timeout: 20_000, blockAds: false });
    const cmdline = readFileSync(`/proc/${pool.stats().pid}/cmdline`, 'utf8');
    const switches = [...cmdline.matchAll(/--disable-features=([^\s\0]*)/g)];
    const disabled = switches[switches.length - 1][1].split(',');
    for (const feature of LEAN_DISABLED_FEATURES) expect(disabled).toContain(feature);
    // Two of Playwright's: an http:// page stays http://, and route interception keeps cross-origin redirects.
    expect(disabled).toEqual(expect.arrayContaining(['HttpsUpgrades', 'AvoidCorsURLLoaderRestartOnRedirect']));
  });

  it('leaves launch flags the caller chose alone', async () => {
    const pool = createBrowserPool({ maxConcurrency: 1, idleTimeoutMs: 0, launchArgs: [...DEFAULT_LAUNCH_ARGS] });
    pools.push(pool);
    const renderers = await renderersDuringRender(pool);
    // Chromium's own behaviour with its defaults, which the test above relies on telling apart.
    expect(renderers.length).toBeGreaterThan(1);
  });
});
