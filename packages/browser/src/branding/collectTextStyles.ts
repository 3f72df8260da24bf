import type { BrandingFacts } from '../types.js';
import type { DomHelpers } from './domHelpers.js';

// Runs in the page, sent as its source (see brandingScript.ts): no module scope, helpers come in as `h`.

/**
 * Walks the visible elements of the body (at most `max * 5`) once: the characters each text style sets (tag, colour,
 * font) and how often each non-zero spacing (padding, margin, gap under 200 px) occurs. Aggregated here, not per
 * element: the answer crosses the CDP pipe, and a big page has thousands of elements.
 */
export function collectTextStyles(max: number, h: DomHelpers): Pick<BrandingFacts, 'text' | 'spacing'> {
  const textByStyle = new Map<string, BrandingFacts['text'][number]>();
  const spacingCounts = new Map<number, number>();
  const body = document.body;
  let seen = 0;
  for (const el of Array.from(body ? body.querySelectorAll('*') : [])) {
    if (seen >= max * 5) break;
    const chars = h.ownText(el);
    const tag = el.tagName.toLowerCase();
    if (tag === 'script' || tag === 'style' || tag === 'noscript') continue;
    if (!h.visible(el)) continue;
    seen++;
    const cs = getComputedStyle(el);
    for (const v of [
      cs.paddingTop,
      cs.paddingRight,
      cs.paddingBottom,
      cs.paddingLeft,
      cs.marginTop,
      cs.marginBottom,
      cs.rowGap,
      cs.columnGap,
    ]) {
      const px = parseFloat(v);
      if (px > 0 && px < 200) spacingCounts.set(px, (spacingCounts.get(px) ?? 0) + 1);
    }
    if (chars > 0) {
      const key = `${tag}|${cs.color}|${cs.fontFamily}|${cs.fontSize}|${cs.fontWeight}`;
      const known = textByStyle.get(key);
      if (known) known.chars += chars;
      else
        textByStyle.set(key, {
          tag,
          chars,
          color: cs.color,
          fontFamily: cs.fontFamily,
          fontSize: cs.fontSize,
          fontWeight: cs.fontWeight,
        });
    }
  }
  return { text: [...textByStyle.values()], spacing: [...spacingCounts.entries()] };
}
