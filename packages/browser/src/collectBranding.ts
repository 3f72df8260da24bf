import type { Page } from 'playwright-core';
import { brandingScript } from './branding/brandingScript.js';
import type { BrandingFacts } from './types.js';

/** Elements looked at per kind (links, images): enough for any real page, bounded on huge DOMs. */
const MAX_ELEMENTS = 400;
/** Buttons kept, in document order: a page's primary and secondary buttons come early; each costs a style record. */
const MAX_BUTTONS = 40;
/** Time the in-page pass may take before the render gives up on branding (it is a few ms on real pages). */
export const BRANDING_MAX_MS = 3_000;
/** The in-page pass as one expression (branding/brandingScript.ts), built once. */
const BRANDING_SCRIPT = brandingScript(MAX_ELEMENTS, MAX_BUTTONS);

/**
 * Reads the rendered page's computed styles for the `branding` format: raw facts only (colours as the browser
 * reports them, sizes in px); the scraper turns them into the spec's shape. Null when the page cannot be read.
 */
export async function collectBranding(page: Page, timeoutMs: number): Promise<BrandingFacts | undefined> {
  const work = page.evaluate<BrandingFacts>(BRANDING_SCRIPT).catch(() => undefined);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), Math.max(1, Math.min(timeoutMs, BRANDING_MAX_MS)));
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
