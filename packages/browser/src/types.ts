import type { ProfileState } from './sessions/profileState.js';
import type { BrowserContext, Page } from 'playwright-core';
/** Page actions of spec §2.3, executed in order. */
export type Action =
  | { type: 'wait'; milliseconds: number; selector?: undefined }
  | { type: 'wait'; selector: string; milliseconds?: undefined }
  | { type: 'click'; selector: string; all?: boolean }
  | { type: 'write'; text: string }
  | { type: 'press'; key: string }
  | { type: 'scroll'; direction?: 'up' | 'down'; selector?: string }
  | { type: 'scrape' }
  | { type: 'executeJavascript'; script: string }
  | { type: 'screenshot'; fullPage?: boolean; quality?: number; viewport?: Viewport }
  | { type: 'pdf'; format?: PdfFormat; landscape?: boolean; scale?: number };

export type PdfFormat = 'A0' | 'A1' | 'A2' | 'A3' | 'A4' | 'A5' | 'A6' | 'Letter' | 'Legal' | 'Tabloid' | 'Ledger';

export interface Viewport {
  width: number;
  height: number;
}

export interface ScreenshotOptions {
  /** Capture the whole scrollable page instead of the viewport. */
  fullPage?: boolean;
  /** 1-100: JPEG at this quality; absent: PNG. */
  quality?: number;
  /** Lay the page out at this size (CSS pixels) before capturing. */
  viewport?: Viewport;
}

export interface RenderRequest {
  url: string;
  /** Who the render is for (the account): the pool's slots are shared fairly among tenants. */
  tenant?: string;
  /** Sent with every request; `cookie` becomes cookies of the target site, `user-agent` the browser's UA. */
  headers?: Record<string, string>;
  mobile?: boolean;
  /** ISO 3166-1 alpha-2 country and preferred languages in priority order. */
  location?: { country: string; languages?: string[] };
  /** Extra milliseconds after the smart wait (spec `waitFor`). */
  waitFor?: number;
  /** Whole-render budget in ms, queue wait included (spec `timeout`). */
  timeout: number;
  actions?: Action[];
  /** Capture the page after settling and actions (the `screenshot` format). */
  screenshot?: ScreenshotOptions;
  /** Block ads/trackers and dismiss cookie banners (default true, as the spec). */
  blockAds?: boolean;
  /** Accept invalid TLS certificates (default true, as the spec). */
  skipTlsVerification?: boolean;
  /**
   * The SSRF hook: called with the URL of every request the page makes (navigation, subresources, fetch/XHR,
   * websockets) and of every redirect hop (through the pool's guard proxy: plain HTTP hops by full URL, HTTPS
   * connections as `https://host[:port]/`). A refused request never leaves the machine; when it is the page itself
   * or a hop of its navigation the render fails with kind `blocked`. A hook that throws counts as a refusal.
   * Verdicts are memoised per render and URL. Answering a {@link RequestVerdict} with `addresses` also pins the
   * connection: the guard proxy dials only those addresses (in order), so a host name cannot resolve to another
   * address between the check and the connection (DNS rebinding).
   */
  allowRequest?: (url: string) => boolean | RequestVerdict | Promise<boolean | RequestVerdict>;
  /**
   * An upstream HTTP proxy for all of this render's traffic. With `allowRequest` the guard proxy checks each request
   * first and then forwards it through this proxy (by host name: the upstream resolves, so `addresses` pins do not
   * apply).
   */
  proxy?: UpstreamProxy;
  /**
   * Read the page's computed styles for the `branding` format after the smart wait and actions ({@link BrandingFacts}).
   */
  branding?: boolean;
  /** A browser profile: `state` is loaded into the fresh context; `capture` returns the state at the end. */
  profile?: { state?: ProfileState; capture?: boolean };
  /**
   * Keep the context and its page open after a successful render and hand them back as `RenderResult.retained`
   * (frozen, holding no render slot) for an interact session to adopt. The caller must close it.
   */
  retain?: boolean;
}

/** The answer of `allowRequest` when it wants to say more than yes/no. */
export interface RequestVerdict {
  allow: boolean;
  /** IP addresses the request may connect to (the checked resolution of its host); absent: any resolution. */
  addresses?: readonly string[];
}

/** An HTTP forward proxy (`server` like `http://proxy.example:8080`). */
export interface UpstreamProxy {
  server: string;
  username?: string;
  password?: string;
}

export interface Artifact {
  bytes: Uint8Array;
  mimeType: string;
}

export interface ScreenshotArtifact extends Artifact {
  width: number;
  height: number;
}

export interface ActionResults {
  screenshots: ScreenshotArtifact[];
  scrapes: { url: string; html: string }[];
  javascriptReturns: { type: string; value: unknown }[];
  pdfs: Artifact[];
}

export interface RenderTimings {
  /** Waiting for a pool slot. */
  queuedMs: number;
  /** Browser (re)launch, when this render had to start it. */
  launchMs: number;
  /** New isolated context + page. */
  contextMs: number;
  /** Cookies, request guard, consent dismisser, init scripts, new page, language override. */
  setupMs: number;
  /** `goto` until the load event. */
  navigationMs: number;
  /** Smart wait (network quiet + DOM stable + consent dismissal) plus `waitFor`. */
  settleMs: number;
  actionsMs: number;
  screenshotMs: number;
  /** Serialising the DOM and reading the response headers. */
  captureMs: number;
  /** The in-page branding pass (0 when not asked). */
  brandingMs?: number;
  totalMs: number;
}

export interface RenderResult {
  /** The URL asked for. */
  url: string;
  /** The page's URL at the end (after redirects and actions). */
  finalUrl: string;
  /** Status of the main document response (after redirects). */
  status: number;
  /** Headers of the main document response, names lower-cased. */
  headers: Record<string, string>;
  contentType: string;
  /** The rendered DOM serialised at the end. */
  html: string;
  screenshot?: ScreenshotArtifact;
  /** Present when `actions` were sent. */
  actions?: ActionResults;
  /** Present when `branding` was asked and the page could be read. */
  branding?: BrandingFacts;
  /** Requests refused by `allowRequest` and ad/tracker requests blocked, for logging. */
  blockedRequests: { refused: number; ads: number };
  /** The context's cookies and storage at the end, when `profile.capture` was asked. */
  profileState?: ProfileState;
  /** The render's page, kept open, when `retain` was asked and the page could be kept. */
  retained?: RetainedPage;
  timings: RenderTimings;
}

/** An interact session's page in its own context (createSessionBrowser's `open`). */
export interface SessionPage {
  page: Page;
  context: BrowserContext;
  /** The context's cookies and the storage of the origins it visited (sessionStorage of the current page only). */
  captureState(): Promise<ProfileState>;
  close(): Promise<void>;
}

/**
 * A render's context and page kept open after the render (`RenderRequest.retain`), with everything the render put in
 * it: the page after actions, cookies, storage, the request guard. Frozen until `resume`; whoever holds it closes it.
 */
export interface RetainedPage extends SessionPage {
  /** When the render finished and the page was kept (ms since epoch). */
  readonly retainedAt: number;
  /** Whether the render had an SSRF hook (`allowRequest`): its check stays installed on the kept context. */
  readonly guarded: boolean;
  /** False once closed, or when the page, its context or Chromium went away. */
  alive(): boolean;
  /** Unfreezes the page so its scripts and timers run again; call once, before driving it. */
  resume(): Promise<void>;
}

export interface BrowserPoolOptions {
  /** Chromium binary; default /usr/bin/chromium (the service: CHROMIUM_PATH). */
  executablePath?: string;
  /** Renders at once (each in its own context); default 4. */
  maxConcurrency?: number;
  /** Close Chromium after this long without renders; default 60 s. 0 keeps it open. */
  idleTimeoutMs?: number;
  /** Replaces the default launch flags. */
  launchArgs?: string[];
  /** Extra ad-block list files (EasyList syntax) added to the shipped list (the service: SCRAPE_ADBLOCK_LISTS). */
  adBlockLists?: readonly string[];
}

export interface RenderOptions {
  signal?: AbortSignal;
}

export interface BrowserPoolStats {
  running: boolean;
  /** Renders at once (the pool's concurrency). */
  size: number;
  active: number;
  queued: number;
  /** Pages kept after their render for an interact session (they hold no render slot). */
  retained: number;
  launches: number;
  /** Renders that got a slot since start, and their summed wait for it in ms. */
  rendersStarted: number;
  queueWaitMsTotal: number;
  /** Pid of the Chromium browser process, when running. */
  pid: number | undefined;
}

export interface BrowserPool {
  render(request: RenderRequest, options?: RenderOptions): Promise<RenderResult>;
  stats(): BrowserPoolStats;
  /** Closes Chromium; later renders fail with `browser_unavailable`. */
  close(): Promise<void>;
}

/** Computed style of one element, as the browser reports it (colours `rgb()/rgba()`, sizes in px). */
export interface ComputedStyleFacts {
  color: string;
  background: string;
  fontFamily: string;
  fontSize: string;
  fontWeight: string;
  lineHeight: string;
  borderColor: string;
  borderWidth: string;
  borderStyle: string;
  borderRadius: string;
}

/** The raw facts of the `branding` format, read from the rendered page; the scraper shapes them (spec §2.10). */
export interface BrandingFacts {
  /** Computed background of body (and of the root element, which paints when body is transparent). */
  background: string;
  rootBackground: string;
  /** `<meta name=color-scheme>` or the root's computed `color-scheme`. */
  colorScheme: string;
  body: ComputedStyleFacts;
  /** The first paragraph of the main content. */
  paragraph: ComputedStyleFacts | null;
  h1: ComputedStyleFacts | null;
  h2: ComputedStyleFacts | null;
  h3: ComputedStyleFacts | null;
  /** Font family of code/pre, when the page has any. */
  code: string | null;
  /** Visible elements with their own text, grouped by tag and style: the characters each style sets. */
  text: { tag: string; chars: number; color: string; fontFamily: string; fontSize: string; fontWeight: string }[];
  /** Grouped by style and place (`chars` summed). `button`: styled as a button (a.btn...), not a link colour. */
  links: { color: string; background: string; chars: number; inNav: boolean; inText: boolean; button: boolean }[];
  buttons: (ComputedStyleFacts & { className: string; text: string; area: number })[];
  inputs: ComputedStyleFacts[];
  /** Non-zero paddings, margins and gaps in px, as `[value, how many times]`. */
  spacing: [number, number][];
  logos: { url: string; tag: string; hinted: boolean; inHeader: boolean; linksHome: boolean; top: number }[];
  /** `link[rel=icon]` / apple-touch-icon URLs, absolute, in document order. */
  icons: string[];
  ogImage: string | null;
  themeColor: string | null;
}
