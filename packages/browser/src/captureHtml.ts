// The rendered page's HTML (doctype + documentElement.outerHTML), read over the render's own CDP session in an
// isolated world of the main frame. Playwright's page.content() gives the same string, but its first call on a page
// sets up Playwright's utility world and injected script (~50 ms measured per render); here it is three protocol
// round trips (~5 ms). The isolated world shares the DOM, not the page's JavaScript, so a page that redefines
// `outerHTML` or `XMLSerializer` cannot change what we read. Any failure falls back to page.content().
import type { CDPSession, Page } from 'playwright-core';

const SERIALIZE = `(document.doctype ? new XMLSerializer().serializeToString(document.doctype) : '') +
  (document.documentElement ? document.documentElement.outerHTML : '')`;

export async function captureHtml(page: Page, cdp: CDPSession): Promise<string> {
  try {
    const { frameTree } = await cdp.send('Page.getFrameTree');
    const { executionContextId } = await cdp.send('Page.createIsolatedWorld', {
      frameId: frameTree.frame.id,
      worldName: 'scrape-capture',
    });
    const evaluated = await cdp.send('Runtime.evaluate', {
      expression: SERIALIZE,
      contextId: executionContextId,
      returnByValue: true,
    });
    const value: unknown = evaluated.result?.value;
    if (!evaluated.exceptionDetails && typeof value === 'string') return value;
  } catch {
    // The session or frame went away (a navigation at the last moment): Playwright knows how to wait that out.
  }
  return page.content();
}
