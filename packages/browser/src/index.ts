// @scrape/browser: Chromium rendering for the scrape pipeline. The scraper owns policy (SSRF rules, artifacts,
// spec errors); this package owns the browser: pool, page setup, smart wait, actions and captures.
export {
  createBrowserPool,
  DEFAULT_EXECUTABLE,
  DEFAULT_LAUNCH_ARGS,
  DEFAULT_MAX_CONCURRENCY,
  DEFAULT_IDLE_TIMEOUT_MS,
} from './createBrowserPool.js';
export { BrowserError, isBrowserError } from './BrowserError.js';
export type { BrowserErrorKind, BrowserErrorDetails } from './BrowserError.js';
export { validateRenderRequest, MAX_ACTIONS, MAX_TOTAL_WAIT_MS, MAX_VIEWPORT_SIDE } from './validateRenderRequest.js';
export { resolveLocation, toAcceptLanguage } from './resolveLocation.js';
export type { ResolvedLocation } from './resolveLocation.js';
export { imageSize } from './imageSize.js';
export { BRANDING_MAX_MS } from './collectBranding.js';
export { loadAdBlocker } from './loadAdBlocker.js';
export type { AdBlocker } from './loadAdBlocker.js';
export type {
  Action,
  ActionResults,
  Artifact,
  BrandingFacts,
  ComputedStyleFacts,
  BrowserPool,
  BrowserPoolOptions,
  BrowserPoolStats,
  PdfFormat,
  RenderOptions,
  RenderRequest,
  RenderResult,
  RenderTimings,
  RetainedPage,
  RequestVerdict,
  UpstreamProxy,
  ScreenshotArtifact,
  ScreenshotOptions,
  Viewport,
} from './types.js';
// Interact sessions: long-lived contexts and the sandbox that runs user Playwright code against them.
export { createSessionBrowser } from './sessions/createSessionBrowser.js';
export type {
  SessionBrowser,
  SessionBrowserOptions,
  SessionPage,
  OpenSessionRequest,
  ProfileState,
} from './sessions/createSessionBrowser.js';
export {
  runSandboxedCode,
  sandboxHasNetworkIsolation,
  sandboxUnavailableReason,
  SANDBOX_HEAP_MB,
  SANDBOX_MAX_CALLS,
  SANDBOX_MEMORY_MB,
  SANDBOX_GROUP_MEMORY_MB,
  SANDBOX_OUTPUT_MAX_BYTES,
  SANDBOX_MESSAGE_MAX_BYTES,
} from './sessions/runSandboxedCode.js';
export type { SandboxResult, SandboxOptions, SandboxLanguage } from './sessions/runSandboxedCode.js';
export { sandboxIsolation, DEFAULT_SANDBOX_LIMITS } from './sessions/sandboxIsolation.js';
export { sandboxMemoryGroupAvailable } from './sessions/sandboxMemoryCgroup.js';
export type { SandboxIsolation, SandboxLimits } from './sessions/sandboxIsolation.js';
export { evaluateBounded, EvaluateTooLargeError, EVALUATE_RESULT_MAX_CHARS } from './evaluateBounded.js';
