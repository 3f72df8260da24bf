import type { Page } from 'playwright-core';
import { imageSize } from './imageSize.js';
import type { ScreenshotArtifact, ScreenshotOptions } from './types.js';

/** PNG by default (lossless text); JPEG when a quality is given. CSS-pixel scale keeps mobile captures small. */
export async function takeScreenshot(page: Page, options: ScreenshotOptions, timeoutMs: number): Promise<ScreenshotArtifact> {
  const previous = options.viewport ? page.viewportSize() : null;
  if (options.viewport) await page.setViewportSize(options.viewport);
  try {
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
