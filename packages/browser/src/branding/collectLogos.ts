import type { BrandingFacts } from '../types.js';
import type { DomHelpers } from './domHelpers.js';

// Runs in the page, sent as its source (see brandingScript.ts): no module scope, helpers come in as `h`.

/**
 * Logo candidates among the first `max` images and inline SVGs: those whose own or link's id, class, alt, src or
 * label says logo/brand, or that sit in the header or nav, and are visible. An SVG is sent as a data URL. Each notes
 * whether it was hinted, sits in the header, links home, and how far down it is.
 */
export function collectLogos(max: number, h: DomHelpers): BrandingFacts['logos'] {
  const logos: BrandingFacts['logos'] = [];
  const logoWord = /logo|brand/i;
  for (const el of Array.from(document.querySelectorAll('img, svg')).slice(0, max)) {
    const link = el.closest('a');
    const hints = [
      el.id,
      el.getAttribute('class'),
      el.getAttribute('alt'),
      el.getAttribute('src'),
      el.getAttribute('aria-label'),
      link?.className,
      link?.id,
      link?.getAttribute('aria-label'),
      el.parentElement?.className,
    ]
      .filter((s): s is string => typeof s === 'string')
      .join(' ');
    const inHeader = el.closest('header, nav, [role=banner]') !== null;
    if (!logoWord.test(hints) && !inHeader) continue;
    if (!h.visible(el)) continue;
    const tag = el.tagName.toLowerCase();
    let url: string | null = null;
    if (tag === 'img') url = h.abs((el as HTMLImageElement).currentSrc || el.getAttribute('src'));
    else {
      const svg = new XMLSerializer().serializeToString(el);
      url = `data:image/svg+xml;base64,${btoa(unescape(encodeURIComponent(svg)))}`;
    }
    if (!url) continue;
    const r = el.getBoundingClientRect();
    logos.push({
      url,
      tag,
      hinted: logoWord.test(hints),
      inHeader,
      linksHome: link ? h.abs(link.getAttribute('href')) === h.abs('/') : false,
      top: Math.round(r.top),
    });
  }
  return logos;
}

/** `link[rel~=icon]` and apple-touch-icon URLs, absolute, in document order. */
export function collectIcons(h: DomHelpers): string[] {
  const icons: string[] = [];
  for (const l of Array.from(document.querySelectorAll('link[rel]'))) {
    const rel = (l.getAttribute('rel') ?? '').toLowerCase().split(/\s+/);
    if (rel.includes('icon') || rel.includes('apple-touch-icon')) {
      const href = h.abs(l.getAttribute('href'));
      if (href) icons.push(href);
    }
  }
  return icons;
}
