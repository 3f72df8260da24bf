import type { Browser } from 'playwright-core';
import { BrowserError } from '../BrowserError.js';
import { findBrowserPid } from '../launchChromium.js';
import { startChromium } from '../startChromium.js';
import type { PoolState } from './poolState.js';

// The pool's one Chromium: started on first use, relaunched after a crash or disconnect, closed when idle.

async function launch(pool: PoolState): Promise<Browser> {
  const launched = await startChromium(pool.executablePath, pool.options.launchArgs);
  pool.launches++;
  launched.on('disconnected', () => {
    if (pool.browser !== launched) return;
    pool.browser = undefined;
    pool.browserPid = undefined;
    // Renders on the dead browser would otherwise wait for their timeout.
    for (const render of pool.active)
      render.fail(new BrowserError('browser_crashed', 'Chromium disconnected during the render'));
  });
  if (pool.closed) {
    await launched.close().catch(() => {});
    throw new BrowserError('browser_unavailable', 'browser pool is closed');
  }
  pool.browser = launched;
  pool.browserPid = await findBrowserPid(launched);
  return launched;
}

/** The running Chromium, or the one being launched (one launch at a time). */
export function getBrowser(pool: PoolState): Promise<Browser> {
  if (pool.closed) return Promise.reject(new BrowserError('browser_unavailable', 'browser pool is closed'));
  if (pool.browser?.isConnected()) return Promise.resolve(pool.browser);
  pool.launching ??= launch(pool).finally(() => {
    pool.launching = undefined;
  });
  return pool.launching;
}

/** Closes Chromium after `idleTimeoutMs` with no render running or waiting and no page kept. */
export function armIdleTimer(pool: PoolState): void {
  if (pool.idleTimer) clearTimeout(pool.idleTimer);
  pool.idleTimer = undefined;
  const busy = () => pool.active.size > 0 || pool.limit.pendingCount > 0 || pool.retained.size > 0;
  if (pool.idleTimeoutMs <= 0 || busy()) return;
  pool.idleTimer = setTimeout(() => {
    pool.idleTimer = undefined;
    if (busy() || !pool.browser) return;
    const idle = pool.browser;
    pool.browser = undefined;
    pool.browserPid = undefined;
    void idle.close().catch(() => {});
  }, pool.idleTimeoutMs);
  pool.idleTimer.unref?.();
}
