import { existsSync } from 'node:fs';
import type { Browser, BrowserContext } from 'playwright-core';
import { BrowserError, reasonOf } from './BrowserError.js';
import { launchChromium } from './launchChromium.js';

// Starting and stopping what the render pool and the session browser both run: one Chromium, launched the same way.

/** Debian's package path; CHROMIUM_PATH overrides it. */
export const DEFAULT_EXECUTABLE = '/usr/bin/chromium';
/**
 * Flags that work for the system Chromium as root in a container: no sandbox (needs user namespaces), no GPU, no
 * QUIC (route interception needs TCP), and none of the background services that phone home or update themselves.
 * With these defaults the pool also disables the features in LEAN_DISABLED_FEATURES (see launchChromium.ts).
 */
export const DEFAULT_LAUNCH_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // WebRTC may only use UDP through a proxy, and pages get no proxy for it: no ICE candidates, so a page can neither
  // learn the host's addresses nor open UDP flows to local services past the SSRF guard (the HTTP proxy).
  '--webrtc-ip-handling-policy=disable_non_proxied_udp',
] as const;
/** A cold Chromium start takes ~0.5 s here; 30 s means it is wedged. */
const LAUNCH_TIMEOUT_MS = 30_000;
/** Closing a context of a wedged renderer must not hold a render slot or a session's stop forever. */
const CONTEXT_CLOSE_TIMEOUT_MS = 5_000;

/**
 * Launches Chromium headless at `executablePath` with `launchArgs` (DEFAULT_LAUNCH_ARGS and the lean features when
 * not given). Signals are left to the host process; a missing binary or a failed start is `browser_unavailable`.
 */
export async function startChromium(executablePath: string, launchArgs: string[] | undefined): Promise<Browser> {
  if (!existsSync(executablePath)) {
    throw new BrowserError(
      'browser_unavailable',
      `Chromium not found at ${executablePath}: install it (Debian: apt-get install -y chromium) or set ` +
        `CHROMIUM_PATH`,
      { executablePath },
    );
  }
  try {
    return await launchChromium(
      {
        executablePath,
        args: launchArgs ?? [...DEFAULT_LAUNCH_ARGS],
        headless: true,
        timeout: LAUNCH_TIMEOUT_MS,
        handleSIGINT: false,
        handleSIGTERM: false,
        handleSIGHUP: false,
      },
      launchArgs === undefined,
    );
  } catch (error) {
    throw new BrowserError(
      'browser_unavailable',
      `Chromium failed to start: ${reasonOf(error)}`,
      { executablePath },
      { cause: error },
    );
  }
}

/** Closes a context, giving up waiting after CONTEXT_CLOSE_TIMEOUT_MS (a wedged renderer); never throws. */
export async function closeQuietly(context: BrowserContext): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    context.close().catch(() => {}),
    new Promise<void>((resolve) => (timer = setTimeout(resolve, CONTEXT_CLOSE_TIMEOUT_MS))),
  ]);
  clearTimeout(timer);
}
