import { shapeBranding, type Branding } from '../branding/shapeBranding.js';
import type { Source } from '../source.js';
import type { ScrapePlan } from './plan.js';

/**
 * `data.branding` (spec §2.10) from the computed-style facts the browser engine read off the rendered page. A Source
 * without them (a cache-only read, content that is not a page) has no branding: null with a warning saying why.
 */
export function renderBranding(plan: ScrapePlan, source: Source): { branding?: Branding | null; warning?: string } {
  if (!plan.formats.has('branding')) return {};
  if (source.branding) return { branding: shapeBranding(source.branding) };
  const why =
    source.engine === 'browser'
      ? 'the rendered page could not be read'
      : 'the page was not rendered in a browser for this response (cached copy)';
  return { branding: null, warning: `branding: ${why}.` };
}
