// @scrape/browser: Chromium rendering for the scrape pipeline. The scraper owns policy (SSRF rules, artifacts,
// spec errors); this package owns the browser: pool, page setup, smart wait, actions and captures. This index names
// what the scraper (its user) calls; tunables and helpers stay in their modules.

/** A pool of Chromium contexts that renders pages (actions, screenshots, branding facts, a request guard hook). */
export { createBrowserPool } from './createBrowserPool.js';
/** The pool, its options and statistics; one render's request and result; a page action. */
export type { BrowserPool, BrowserPoolOptions, BrowserPoolStats, RenderRequest, RenderResult } from './types.js';
export type { Action } from './types.js';
/** A render's page kept open for interact, the verdict of the request guard, and the branding facts of a render. */
export type { RetainedPage, RequestVerdict, BrandingFacts, ComputedStyleFacts } from './types.js';
/** The width and height of PNG/JPEG/WebP bytes (screenshot checks). */
export { imageSize } from './imageSize.js';

/** Every failure of this package; `kind` says which (launch, navigation, timeout, action, ...). */
export { BrowserError, isBrowserError } from './BrowserError.js';
export type { BrowserErrorKind } from './BrowserError.js';

/** The separate Chromium that interact sessions live in (contexts held for minutes, profiles loaded and saved). */
export { createSessionBrowser } from './sessions/createSessionBrowser.js';
export type { SessionBrowser, SessionBrowserOptions, OpenSessionRequest } from './sessions/createSessionBrowser.js';
export type { ProfileState } from './sessions/createSessionBrowser.js';
/** An interact session's page. */
export type { SessionPage } from './types.js';
/** Runs user Playwright code in the sandbox process against a session page (docs/sandbox.md). */
export { runSandboxedCode, sandboxUnavailableReason } from './sessions/runSandboxedCode.js';
