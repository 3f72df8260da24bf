import type * as Playwright from 'playwright-core';

/**
 * playwright-core, imported on first use and kept. Importing it costs ~32 MB of V8 heap (the heap snapshot of
 * issue #27), which a server that never renders, or has not rendered yet, should not pay at start-up; so modules
 * import only its types statically and reach its values (`chromium`, `devices`) through here.
 */
let loading: Promise<typeof Playwright> | undefined;

export function loadPlaywright(): Promise<typeof Playwright> {
  loading ??= import('playwright-core');
  return loading;
}
