import type { BrowserContextOptions, devices } from 'playwright-core';
import { loadPlaywright } from './loadPlaywright.js';
import { resolveLocation } from './resolveLocation.js';
import type { RenderRequest } from './types.js';

/** A common desktop size: responsive sites serve their full desktop layout at this width. */
export const DESKTOP_VIEWPORT = { width: 1920, height: 1080 } as const;
/** A current mainstream Android phone; its descriptor carries viewport, DPR, touch and a mobile UA. */
const MOBILE_DEVICE = 'Pixel 7';
/** Spec default location (§2.4). */
const DEFAULT_COUNTRY = 'US';
/** Headers Chromium owns; forwarding them breaks requests or is ignored. */
const DROPPED_HEADERS = new Set(['host', 'content-length', 'connection', 'transfer-encoding', 'keep-alive', 'upgrade']);

export interface ContextPlan {
  options: BrowserContextOptions;
  /** Cookies from a `cookie` header, scoped to the target URL's site (never sent to third parties). */
  cookies: { name: string; value: string; url: string }[];
  /** navigator.languages in priority order (Chromium only exposes the first by itself). */
  languages: string[];
  /**
   * The Accept-Language to send. Playwright's `locale` sends only that one tag and overrides any extra header of
   * the same name, so the page applies this value itself over CDP.
   */
  acceptLanguage: string;
}

/** Headless Chromium announces itself as "HeadlessChrome"; many sites block that, so we look like desktop Chrome. */
export function desktopUserAgent(browserVersion: string): string {
  const major = browserVersion.split('.')[0] || '120';
  return `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${major}.0.0.0 Safari/537.36`;
}

function mobileUserAgent(mobile: MobileDescriptor, browserVersion: string): string {
  const major = browserVersion.split('.')[0] || '120';
  return mobile.userAgent.replace(/Chrome\/[\d.]+/, `Chrome/${major}.0.0.0`);
}

function parseCookieHeader(header: string, url: string): ContextPlan['cookies'] {
  return header
    .split(';')
    .map((pair) => pair.trim())
    .filter((pair) => pair.includes('='))
    .map((pair) => {
      const at = pair.indexOf('=');
      return { name: pair.slice(0, at).trim(), value: pair.slice(at + 1).trim(), url };
    })
    .filter((c) => c.name.length > 0);
}

/** Chromium adds the q-weights itself to the ordered list it is given; weights already present would be doubled. */
function stripWeights(header: string): string {
  return header
    .split(',')
    .map((tag) => tag.split(';')[0].trim())
    .filter(Boolean)
    .join(',');
}

type MobileDescriptor = (typeof devices)[string];

/**
 * Turns a render request into the isolated context's options: device, locale, headers, TLS. Async only because the
 * mobile descriptor comes from playwright-core, which is loaded lazily (loadPlaywright.ts).
 */
export async function buildContextOptions(request: RenderRequest, browserVersion: string): Promise<ContextPlan> {
  const location = resolveLocation(request.location ?? { country: DEFAULT_COUNTRY });
  const extraHTTPHeaders: Record<string, string> = {};
  let userAgent: string | undefined;
  let cookies: ContextPlan['cookies'] = [];
  let acceptLanguage = stripWeights(location.acceptLanguage);
  for (const [rawName, value] of Object.entries(request.headers ?? {})) {
    if (typeof value !== 'string') continue;
    const name = rawName.toLowerCase();
    if (DROPPED_HEADERS.has(name)) continue;
    if (name === 'user-agent') userAgent = value;
    else if (name === 'cookie') cookies = parseCookieHeader(value, request.url);
    else if (name === 'accept-language') acceptLanguage = stripWeights(value);
    else extraHTTPHeaders[rawName] = value;
  }

  const mobile = request.mobile ? (await loadPlaywright()).devices[MOBILE_DEVICE] : undefined;
  const device = mobile
    ? {
        viewport: { ...mobile.viewport },
        deviceScaleFactor: mobile.deviceScaleFactor,
        isMobile: true,
        hasTouch: true,
        userAgent: mobileUserAgent(mobile, browserVersion),
      }
    : {
        viewport: { ...DESKTOP_VIEWPORT },
        deviceScaleFactor: 1,
        isMobile: false,
        hasTouch: false,
        userAgent: desktopUserAgent(browserVersion),
      };
  if (request.screenshot?.viewport) device.viewport = { ...request.screenshot.viewport };

  const options: BrowserContextOptions = {
    ...device,
    userAgent: userAgent ?? device.userAgent,
    locale: location.locale,
    timezoneId: location.timezoneId,
    geolocation: location.geolocation,
    permissions: location.geolocation ? ['geolocation'] : [],
    extraHTTPHeaders,
    ignoreHTTPSErrors: request.skipTlsVerification ?? true,
    // Service workers would fetch outside route interception, i.e. past the SSRF guard and the ad blocker.
    serviceWorkers: 'block',
    acceptDownloads: false,
    javaScriptEnabled: true,
  };
  return { options, cookies, languages: location.languages, acceptLanguage };
}
