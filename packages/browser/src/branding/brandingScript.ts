import type { BrandingFacts } from '../types.js';
import { collectControls } from './collectControls.js';
import { collectIcons, collectLogos } from './collectLogos.js';
import { collectTextStyles } from './collectTextStyles.js';
import { type DomHelpers, domHelpers } from './domHelpers.js';

/** The branding collectors, each one concern of the in-page pass, handed to it in the page. */
const collectors = { collectTextStyles, collectControls, collectLogos, collectIcons };
type Collectors = typeof collectors;

/**
 * Runs in the page: the collectors' parts plus the page-level facts (backgrounds, colour scheme, type scale, code
 * font, meta). No closures over module scope: helpers and collectors come in as parameters.
 */
function brandingInPage([max, maxButtons]: [number, number], h: DomHelpers, c: Collectors): BrandingFacts {
  const body = document.body;
  const html = document.documentElement;
  const { text, spacing } = c.collectTextStyles(max, h);
  const { links, buttons, inputs } = c.collectControls(max, maxButtons, h);
  const logos = c.collectLogos(max, h);
  const icons = c.collectIcons(h);
  const meta = (name: string) =>
    document.querySelector(`meta[property="${name}"], meta[name="${name}"]`)?.getAttribute('content') ?? null;
  const colorSchemeMeta = meta('color-scheme');
  const code = document.querySelector('pre, code, kbd, samp');

  return {
    background: getComputedStyle(body ?? html).backgroundColor,
    rootBackground: getComputedStyle(html).backgroundColor,
    colorScheme: colorSchemeMeta ?? getComputedStyle(html).colorScheme,
    body: h.styleOf(body)!,
    paragraph: h.styleOf(document.querySelector('main p, article p, p')),
    h1: h.styleOf(document.querySelector('h1')),
    h2: h.styleOf(document.querySelector('h2')),
    h3: h.styleOf(document.querySelector('h3')),
    code: code ? getComputedStyle(code).fontFamily : null,
    text,
    links,
    buttons,
    inputs,
    spacing,
    logos,
    icons,
    ogImage: h.abs(meta('og:image')),
    themeColor: meta('theme-color'),
  };
}

/** An object literal of functions, written out as source for the page. */
function sourceOf(functions: Record<string, (...args: never[]) => unknown>): string {
  return `{${Object.entries(functions)
    .map(([name, fn]) => `${name}: ${fn.toString()}`)
    .join(',\n')}}`;
}

/**
 * The whole in-page branding pass as one expression for `page.evaluate`: one protocol round trip, as a single
 * function would be. Each function travels as its source text, the way Playwright sends a function anyway, so
 * they must not use module scope; they reach each other through the `h` (helpers) and `c` (collectors) arguments.
 */
export function brandingScript(max: number, maxButtons: number): string {
  const args = [JSON.stringify([max, maxButtons]), sourceOf(domHelpers), sourceOf(collectors)];
  return `(${brandingInPage.toString()})(${args.join(', ')})`;
}
