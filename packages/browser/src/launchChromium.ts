import { readFileSync } from 'node:fs';
import { chromium, type Browser, type LaunchOptions } from 'playwright-core';

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
 * Playwright does not export it: it is read from the command line of the first Chromium started (per process), and
 * that one Chromium is started again with both lists. `null`: could not be read (no /proc), lean flags not used.
 */
let learnedDisabledFeatures: string | null | undefined;

function leanArgs(args: readonly string[]): string[] {
  if (learnedDisabledFeatures == null) return [...args];
  const merged = new Set([...learnedDisabledFeatures.split(','), ...LEAN_DISABLED_FEATURES]);
  merged.delete('');
  return [...args, DISABLE_FEATURES + [...merged].join(',')];
}

/** The value of the last --disable-features switch on a running process's command line ('' when none). */
function disabledFeaturesOf(pid: number): string | null {
  try {
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    // Chromium may rewrite its title, joining the arguments with spaces instead of NULs.
    const found = [...cmdline.matchAll(/--disable-features=([^\s\0]*)/g)];
    return found.length > 0 ? found[found.length - 1][1] : '';
  } catch {
    return null;
  }
}

/**
 * `chromium.launch`, plus the lean feature switch when `lean` (the caller kept the default launch flags). The first
 * lean launch of the process starts Chromium twice (see learnedDisabledFeatures).
 */
export async function launchChromium(
  options: LaunchOptions & { args: readonly string[] },
  lean: boolean,
): Promise<Browser> {
  if (!lean) return chromium.launch({ ...options, args: [...options.args] });
  const known = learnedDisabledFeatures !== undefined;
  const launched = await chromium.launch({ ...options, args: leanArgs(options.args) });
  if (known) return launched;
  const pid = await findBrowserPid(launched);
  learnedDisabledFeatures = pid === undefined ? null : disabledFeaturesOf(pid);
  if (learnedDisabledFeatures === null) return launched;
  await launched.close().catch(() => {});
  return chromium.launch({ ...options, args: leanArgs(options.args) });
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
