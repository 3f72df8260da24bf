import type { BrowserContext } from 'playwright-core';
import { captureProfileState } from '../sessions/profileState.js';
import { closeQuietly } from '../startChromium.js';
import type { RetainedPage } from '../types.js';
import { armIdleTimer } from './poolBrowser.js';
import type { PoolState } from './poolState.js';

/**
 * Keeps a rendered context open for a later adopter (an interact session). Its page's script is paused (a debugger
 * pause: no timers, no handlers, no animation frames) until `resume`, so a kept page costs memory but no CPU.
 * (`Page.setWebLifecycleState` frozen does not stop a visible headless page's timers: measured, 51 ticks of a
 * 20 ms interval in 1 s frozen.) The guard proxy registration lives as long as the context.
 */
export async function retainContext(
  pool: PoolState,
  context: BrowserContext,
  releaseProxy: (() => void) | undefined,
  guarded: boolean,
): Promise<RetainedPage> {
  const { retained } = pool;
  const page = context.pages()[0];
  if (!page || page.isClosed()) throw new Error('the render has no page to keep');
  const cdp = await context.newCDPSession(page);
  await cdp.send('Debugger.enable');
  await cdp.send('Debugger.pause');
  let gone = false;
  const handle: RetainedPage = {
    page,
    context,
    retainedAt: Date.now(),
    guarded,
    alive: () => !gone && !page.isClosed() && (context.browser()?.isConnected() ?? false),
    async resume() {
      // A pause not yet taken (no script ran since) is cancelled by the resume; detaching ends the pause anyway.
      await cdp.send('Debugger.resume').catch(() => {});
      await cdp.detach().catch(() => {});
    },
    captureState: () => captureProfileState(context, page),
    async close() {
      if (gone) return;
      gone = true;
      retained.delete(handle);
      await closeQuietly(context);
      releaseProxy?.();
      armIdleTimer(pool);
    },
  };
  context.on('close', () => {
    gone = true;
    if (retained.delete(handle)) {
      releaseProxy?.();
      armIdleTimer(pool);
    }
  });
  retained.add(handle);
  return handle;
}
