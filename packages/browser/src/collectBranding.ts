import type { Page } from 'playwright-core';
import type { BrandingFacts } from './types.js';

/** Elements looked at per kind (links, images): enough for any real page, bounded on huge DOMs. */
const MAX_ELEMENTS = 400;
/** Buttons kept, in document order: a page's primary and secondary buttons come early; each costs a style record. */
const MAX_BUTTONS = 40;
/** Time the in-page pass may take before the render gives up on branding (it is a few ms on real pages). */
export const BRANDING_MAX_MS = 3_000;

/**
 * Reads the rendered page's computed styles for the `branding` format: raw facts only (colours as the browser
 * reports them, sizes in px); the scraper turns them into the spec's shape. Null when the page cannot be read.
 */
export async function collectBranding(page: Page, timeoutMs: number): Promise<BrandingFacts | undefined> {
  const work = page.evaluate(brandingInPage, [MAX_ELEMENTS, MAX_BUTTONS] as [number, number]).catch(() => undefined);
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

/** Runs in the page: no closures over module scope, everything it needs is inside. */
function brandingInPage([max, maxButtons]: [number, number]): BrandingFacts {
  const abs = (u: string | null | undefined): string | null => {
    if (!u) return null;
    try {
      return new URL(u, document.baseURI).href;
    } catch {
      return null;
    }
  };
  const visible = (el: Element): boolean => {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) return false;
    const cs = getComputedStyle(el);
    return cs.visibility !== 'hidden' && cs.display !== 'none' && Number(cs.opacity) > 0;
  };
  const ownText = (el: Element): number => {
    let n = 0;
    for (const child of Array.from(el.childNodes))
      if (child.nodeType === 3) n += (child.textContent ?? '').trim().length;
    return n;
  };
  const styleOf = (el: Element | null) => {
    if (!el) return null;
    const cs = getComputedStyle(el);
    return {
      color: cs.color,
      background: cs.backgroundColor,
      fontFamily: cs.fontFamily,
      fontSize: cs.fontSize,
      fontWeight: cs.fontWeight,
      lineHeight: cs.lineHeight,
      borderColor: cs.borderTopColor,
      borderWidth: cs.borderTopWidth,
      borderStyle: cs.borderTopStyle,
      borderRadius: cs.borderTopLeftRadius,
    };
  };

  const body = document.body;
  const html = document.documentElement;
  // Aggregated here, not per element: the answer crosses the CDP pipe, and a big page has thousands of elements.
  const textByStyle = new Map<string, BrandingFacts['text'][number]>();
  const spacingCounts = new Map<number, number>();
  let seen = 0;
  for (const el of Array.from(body ? body.querySelectorAll('*') : [])) {
    if (seen >= max * 5) break;
    const chars = ownText(el);
    const tag = el.tagName.toLowerCase();
    if (tag === 'script' || tag === 'style' || tag === 'noscript') continue;
    if (!visible(el)) continue;
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

  const buttonSelector =
    'button, input[type=submit], input[type=button], [role=button], a[class*=btn], a[class*=button], a[class*=cta]';
  const linksByStyle = new Map<string, BrandingFacts['links'][number]>();
  for (const a of Array.from(document.querySelectorAll('a[href]')).slice(0, max)) {
    if (!visible(a)) continue;
    const cs = getComputedStyle(a);
    const link = {
      color: cs.color,
      background: cs.backgroundColor,
      chars: (a.textContent ?? '').trim().length,
      inNav: a.closest('nav, header, footer') !== null,
      inText: a.closest('p, li, td, dd, blockquote') !== null,
      button: a.matches(buttonSelector),
    };
    const key = `${link.color}|${link.background}|${link.inNav}|${link.inText}|${link.button}`;
    const known = linksByStyle.get(key);
    if (known) known.chars += link.chars;
    else linksByStyle.set(key, link);
  }
  const links = [...linksByStyle.values()];

  const buttons: BrandingFacts['buttons'] = [];
  for (const el of Array.from(document.querySelectorAll(buttonSelector))) {
    if (buttons.length >= maxButtons) break;
    if (!visible(el)) continue;
    const r = el.getBoundingClientRect();
    const style = styleOf(el)!;
    buttons.push({
      ...style,
      className: `${typeof el.className === 'string' ? el.className : ''} ${el.id}`.trim(),
      text: ((el as HTMLInputElement).value || el.textContent || '').trim().slice(0, 80),
      area: Math.round(r.width * r.height),
    });
  }

  const inputs: BrandingFacts['inputs'] = [];
  for (const el of Array.from(
    document.querySelectorAll(
      'input:not([type=submit]):not([type=button]):not([type=hidden]):not([type=checkbox]):not([type=radio]), ' +
        'textarea, select',
    ),
  ).slice(0, 20)) {
    if (!visible(el)) continue;
    inputs.push(styleOf(el)!);
  }

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
    if (!visible(el)) continue;
    const tag = el.tagName.toLowerCase();
    let url: string | null = null;
    if (tag === 'img') url = abs((el as HTMLImageElement).currentSrc || el.getAttribute('src'));
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
      linksHome: link ? abs(link.getAttribute('href')) === abs('/') : false,
      top: Math.round(r.top),
    });
  }

  const icons: string[] = [];
  for (const l of Array.from(document.querySelectorAll('link[rel]'))) {
    const rel = (l.getAttribute('rel') ?? '').toLowerCase().split(/\s+/);
    if (rel.includes('icon') || rel.includes('apple-touch-icon')) {
      const href = abs(l.getAttribute('href'));
      if (href) icons.push(href);
    }
  }
  const meta = (name: string) =>
    document.querySelector(`meta[property="${name}"], meta[name="${name}"]`)?.getAttribute('content') ?? null;
  const colorSchemeMeta = meta('color-scheme');
  const code = document.querySelector('pre, code, kbd, samp');

  return {
    background: getComputedStyle(body ?? html).backgroundColor,
    rootBackground: getComputedStyle(html).backgroundColor,
    colorScheme: colorSchemeMeta ?? getComputedStyle(html).colorScheme,
    body: styleOf(body)!,
    paragraph: styleOf(document.querySelector('main p, article p, p')),
    h1: styleOf(document.querySelector('h1')),
    h2: styleOf(document.querySelector('h2')),
    h3: styleOf(document.querySelector('h3')),
    code: code ? getComputedStyle(code).fontFamily : null,
    text: [...textByStyle.values()],
    links,
    buttons,
    inputs,
    spacing: [...spacingCounts.entries()],
    logos,
    icons,
    ogImage: abs(meta('og:image')),
    themeColor: meta('theme-color'),
  };
}
