import type { Page } from 'playwright-core';
import { BrowserError } from './BrowserError.js';
import { imageSize } from './imageSize.js';
import type { ScreenshotArtifact, ScreenshotOptions } from './types.js';

/**
 * The largest full page captured. Past Chromium's 16,384 px texture side a capture is stitched from tiles in memory,
 * and a page can claim any height: a 100,000 px page took the renderer down and surfaced as a connection failure.
 */
export const FULL_PAGE_MAX_HEIGHT_PX = 16_384;
/** And at most this many pixels (8K UHD): 4 bytes each while encoding, so about 130 MB at the worst. */
export const FULL_PAGE_MAX_PIXELS = 7_680 * 4_320;

/** PNG by default (lossless text); JPEG when a quality is given. CSS-pixel scale keeps mobile captures small. */
export async function takeScreenshot(
  page: Page,
  options: ScreenshotOptions,
  timeoutMs: number,
): Promise<ScreenshotArtifact> {
  const previous = options.viewport ? page.viewportSize() : null;
  if (options.viewport) await page.setViewportSize(options.viewport);
  try {
    if (options.fullPage) await checkFullPageSize(page);
    const jpeg = options.quality !== undefined;
    const bytes = await page.screenshot({
      type: jpeg ? 'jpeg' : 'png',
      quality: jpeg ? options.quality : undefined,
      fullPage: options.fullPage ?? false,
      scale: 'css',
      timeout: Math.max(1, timeoutMs),
    });
    const size = imageSize(bytes);
    return {
      bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      mimeType: jpeg ? 'image/jpeg' : 'image/png',
      width: size?.width ?? 0,
      height: size?.height ?? 0,
    };
  } finally {
    // A per-action viewport applies to that capture only; later actions see the page as before.
    if (previous) await page.setViewportSize(previous);
  }
}

/** Refuses, before Chromium tries, a full-page capture over the caps: a clear error instead of a dead renderer. */
async function checkFullPageSize(page: Page): Promise<void> {
  const size = await page
    .evaluate(() => {
      const root = document.documentElement;
      const body = document.body;
      return {
        width: Math.max(root?.scrollWidth ?? 0, body?.scrollWidth ?? 0, window.innerWidth),
        height: Math.max(root?.scrollHeight ?? 0, body?.scrollHeight ?? 0, window.innerHeight),
      };
    })
    .catch(() => null);
  if (!size) return;
  if (size.height > FULL_PAGE_MAX_HEIGHT_PX || size.width * size.height > FULL_PAGE_MAX_PIXELS) {
    throw new BrowserError(
      'too_large',
      `the full page is ${size.width}×${size.height} px, larger than a full-page screenshot may be ` +
        `(at most ${FULL_PAGE_MAX_HEIGHT_PX} px high and ${FULL_PAGE_MAX_PIXELS} pixels); ` +
        'take a viewport screenshot (fullPage: false) instead',
      { width: size.width, height: size.height, maxHeight: FULL_PAGE_MAX_HEIGHT_PX, maxPixels: FULL_PAGE_MAX_PIXELS },
    );
  }
}
