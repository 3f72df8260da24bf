import { createBrowserEngine } from '../engines/createBrowserEngine.js';
import type { Engine } from '../engines/engine.js';
import { createHttpEngine } from '../engines/createHttpEngine.js';
import type { ScraperOptions } from '../scraperOptions.js';

/** The scraper's two engines; `browser` is undefined when the caller turned it off. */
export interface ScraperEngines {
  fetch: Engine;
  browser: Engine | undefined;
}

/**
 * First step of `createScraper`: the caller's engines, or the built-in HTTP engine and Chromium engine with the
 * scraper's SSRF settings. One Chromium pool per scraper; it starts on the first render that needs it, not here.
 */
export function createScraperEngines(options: ScraperOptions): ScraperEngines {
  const allowPrivateUrls = options.allowPrivateUrls ?? false;
  const fetch =
    options.engines?.fetch ??
    createHttpEngine({
      allowPrivateUrls,
      allowAddress: options.allowAddress,
      lookup: options.lookup,
      maxResponseBytes: options.maxResponseBytes,
      maxRedirects: options.maxRedirects,
      userAgent: options.userAgent,
    });
  const browser =
    options.engines?.browser === false
      ? undefined
      : (options.engines?.browser ??
        createBrowserEngine({
          allowPrivateUrls,
          allowAddress: options.allowAddress,
          lookup: options.lookup,
          poolOptions: options.browser,
        }));
  return { fetch, browser };
}
