import type { Browser, LaunchOptions } from 'playwright-core';
import { loadPlaywright } from './loadPlaywright.js';

/**
 * Chromium features that cost CPU on every render and show a page nothing. Headless Chromium is the full browser
 * with a hidden window per context, and each such window loaded the omnibox popup's two WebUI pages
 * (chrome://omnibox-popup.top-chrome/, a renderer process of their own), and the spare renderer Chromium starts
 * ahead for the next navigation belongs to the last context, so the next render (a new context) cannot use it: three
 * renderer processes started per render where one is used. Disabling these cut Chromium's CPU per render of the
 * benchmark article by ~40% (docs/decisions.md, "Browser pool: one renderer per render"). Unknown names are ignored
 * by Chromium, so a version that renamed one only loses the saving.
 */
export const LEAN_DISABLED_FEATURES = [
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
  'WebUIOmniboxFullPopup',
  'SpareRendererForSitePerProcess',
] as const;

const DISABLE_FEATURES = '--disable-features=';

/**
 * Playwright passes its own --disable-features (HTTPS upgrades, third-party storage partitioning, a redirect fix
 * for route interception, ...) and Chromium keeps only the last such switch, so ours must repeat Playwright's list.
 * Playwright does not export it: once per process, a dry launch (Node's own binary as the "browser", which refuses
 * Chromium's switches and exits at once) makes Playwright fail with the command line it built in the error, where
 * the list is read. `null`: not found there, lean features not used (Chromium runs as Playwright configures it).
 */
let learnedDisabledFeatures: Promise<string | null> | undefined;

function learnDisabledFeatures(): Promise<string | null> {
  learnedDisabledFeatures ??= loadPlaywright()
    .then(({ chromium }) => chromium.launch({ executablePath: process.execPath, args: [], timeout: 30_000 }))
    .then(
      async (browser) => {
        await browser.close().catch(() => {});
        return null;
      },
      (error: unknown) => {
        const found = [...String((error as Error)?.message ?? '').matchAll(/--disable-features=([^\s"']*)/g)];
        return found.length > 0 ? found[found.length - 1][1] : null;
      },
    );
  return learnedDisabledFeatures;
}

/** `args` plus one --disable-features with Playwright's list and ours. */
function leanArgs(args: readonly string[], playwrightDisabled: string): string[] {
  const merged = new Set([...playwrightDisabled.split(','), ...LEAN_DISABLED_FEATURES]);
  merged.delete('');
  return [...args, DISABLE_FEATURES + [...merged].join(',')];
}

/** `chromium.launch`, plus the lean feature switch when `lean` (the caller kept the default launch flags). */
export async function launchChromium(
  options: LaunchOptions & { args: readonly string[] },
  lean: boolean,
): Promise<Browser> {
  const playwrightDisabled = lean ? await learnDisabledFeatures() : null;
  const args = playwrightDisabled === null ? [...options.args] : leanArgs(options.args, playwrightDisabled);
  const { chromium } = await loadPlaywright();
  return chromium.launch({ ...options, args });
}

/** The browser process id, from Chromium itself (SystemInfo lists its processes); used for stats and crash tests. */
export async function findBrowserPid(browser: Browser): Promise<number | undefined> {
  try {
    const session = await browser.newBrowserCDPSession();
    const info = (await session.send('SystemInfo.getProcessInfo')) as { processInfo: { type: string; id: number }[] };
    await session.detach().catch(() => {});
    return info.processInfo.find((p) => p.type === 'browser')?.id;
  } catch {
    return undefined;
  }
}
