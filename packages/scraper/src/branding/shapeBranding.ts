import type { BrandingFacts, ComputedStyleFacts } from '@scrape/browser';

/** HSL saturation above which a colour counts as a brand colour rather than a grey. */
const MIN_SATURATION = 0.25;
/** Lightness band of brand colours: near-white and near-black are backgrounds and text, whatever their hue. */
const MIN_LIGHTNESS = 0.12;
const MAX_LIGHTNESS = 0.9;
/** Relative luminance below which a page background reads as dark. */
const DARK_LUMINANCE = 0.4;
/** Base units tried from coarse to fine; the first that divides this share of the page's spacing values wins. */
const BASE_UNITS = [8, 4, 2] as const;
const BASE_UNIT_SHARE = 0.6;
/** What the browser paints under a transparent root: white, or Chromium's dark canvas under `color-scheme: dark`. */
const LIGHT_CANVAS = '#ffffff';
const DARK_CANVAS = '#121212';
/** Class/id words that name a primary or a secondary button. */
const PRIMARY_WORDS = /primary|cta|main|hero/i;
const SECONDARY_WORDS = /secondary|outline|ghost|alt|tertiary/i;

/** Spec §2.10, the members this build computes (all optional in the spec). */
export interface Branding {
  colorScheme: 'light' | 'dark';
  logo: string | null;
  colors: Record<string, string>;
  fonts: { family: string }[];
  typography: {
    fontFamilies: { primary?: string; heading?: string; code?: string };
    fontSizes: { h1?: string; h2?: string; h3?: string; body?: string };
    fontWeights: { light?: number; regular?: number; medium?: number; bold?: number };
    lineHeights: { heading?: string; body?: string };
  };
  spacing: { baseUnit?: number; borderRadius?: string };
  components: {
    buttonPrimary?: { background: string; textColor: string; borderRadius: string };
    buttonSecondary?: { background: string; textColor: string; borderColor: string; borderRadius: string };
    input?: { background: string; textColor: string; borderColor: string; borderRadius: string };
  };
  images: { logo?: string; favicon?: string; ogImage?: string };
}

interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

/** `rgb()`/`rgba()` as computed styles report them; anything else (transparent keywords, color()) is null. */
export function parseColor(value: string | null | undefined): Rgba | null {
  if (!value) return null;
  const m = /^rgba?\(\s*([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)(?:\s*[,/]\s*([\d.]+%?))?\s*\)$/i.exec(value.trim());
  if (!m) return null;
  let a = m[4] === undefined ? 1 : parseFloat(m[4]);
  if (m[4]?.endsWith('%')) a /= 100;
  return { r: Math.round(Number(m[1])), g: Math.round(Number(m[2])), b: Math.round(Number(m[3])), a };
}

export function toHex(c: Rgba): string {
  return `#${[c.r, c.g, c.b].map((v) => Math.max(0, Math.min(255, v)).toString(16).padStart(2, '0')).join('')}`;
}

/** An opaque colour as hex; null for transparent or unreadable ones. */
function opaqueHex(value: string | null | undefined): string | null {
  const c = parseColor(value);
  return c && c.a >= 0.5 ? toHex(c) : null;
}

function luminance(c: Rgba): number {
  const lin = (v: number) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(c.r) + 0.7152 * lin(c.g) + 0.0722 * lin(c.b);
}

function isSaturated(hex: string): boolean {
  const [r, g, b] = hexParts(hex);
  const max = Math.max(r, g, b) / 255;
  const min = Math.min(r, g, b) / 255;
  const l = (max + min) / 2;
  if (max === min) return false;
  const s = l > 0.5 ? (max - min) / (2 - max - min) : (max - min) / (max + min);
  return s >= MIN_SATURATION && l >= MIN_LIGHTNESS && l <= MAX_LIGHTNESS;
}

/** Keys by total weight, heaviest first; ties keep first-seen order. */
function ranked<T>(entries: Iterable<[T, number]>): T[] {
  const totals = new Map<T, number>();
  for (const [key, weight] of entries) totals.set(key, (totals.get(key) ?? 0) + weight);
  return [...totals.entries()].sort((a, b) => b[1] - a[1]).map(([key]) => key);
}

/** The first family of a font stack, unquoted. */
export function firstFamily(stack: string | null | undefined): string | undefined {
  const first = stack
    ?.split(',')[0]
    ?.trim()
    .replace(/^["']|["']$/g, '');
  return first || undefined;
}

/** `13.3333px` → `13.33px`: computed sizes carry float noise nobody designs with. */
function px(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const n = parseFloat(value);
  return value.endsWith('px') && Number.isFinite(n) ? `${Math.round(n * 100) / 100}px` : value;
}

/**
 * Spec §2.10 from the rendered page's computed-style facts (@scrape/browser `branding: true`). Pure: the same facts
 * always give the same branding.
 */
export function shapeBranding(facts: BrandingFacts): Branding {
  const declaredDark = /\bdark\b/.test(facts.colorScheme) && !/\blight\b/.test(facts.colorScheme);
  const background =
    opaqueHex(facts.background) ?? opaqueHex(facts.rootBackground) ?? (declaredDark ? DARK_CANVAS : LIGHT_CANVAS);
  const [r, g, b] = hexParts(background);
  const colorScheme = luminance({ r, g, b, a: 1 }) < DARK_LUMINANCE ? 'dark' : 'light';

  // Buttons: a filled one is primary (named "primary"/"cta" first, then the most common fill by area), an outlined
  // or named-secondary one that is not the primary is secondary.
  const filled = facts.buttons.filter((b) => {
    const fill = opaqueHex(b.background);
    return fill !== null && fill !== background && isSaturated(fill);
  });
  const primaryButton = filled.find((b) => PRIMARY_WORDS.test(b.className)) ?? byFill(filled).at(0);
  const secondaryButton =
    facts.buttons.find(
      (b) =>
        b !== primaryButton &&
        (SECONDARY_WORDS.test(b.className) || (opaqueHex(b.background) ?? background) === background) &&
        b.borderStyle !== 'none' &&
        parseFloat(b.borderWidth) > 0,
    ) ?? facts.buttons.find((b) => b !== primaryButton && SECONDARY_WORDS.test(b.className));

  const textLinks = facts.links.filter((l) => !l.button);
  const linkColor =
    ranked(
      textLinks
        .filter((l) => l.inText)
        .map((l) => [opaqueHex(l.color), Math.max(1, l.chars)] as [string | null, number]),
    ).find((c) => c !== null) ??
    ranked(
      textLinks
        .filter((l) => !l.inNav)
        .map((l) => [opaqueHex(l.color), Math.max(1, l.chars)] as [string | null, number]),
    ).find((c) => c !== null) ??
    undefined;

  const bodyText = facts.text.filter((t) => t.tag !== 'a' && t.tag !== 'button');
  const textColors = ranked(bodyText.map((t) => [opaqueHex(t.color), t.chars] as [string | null, number])).filter(
    (c): c is string => c !== null,
  );
  const textPrimary = textColors[0] ?? opaqueHex(facts.body.color) ?? undefined;
  const textSecondary = textColors.find((c) => c !== textPrimary && !isSaturated(c));

  const saturatedByUse = ranked<string>([
    ...facts.buttons.map((b) => [opaqueHex(b.background) ?? '', b.area / 100] as [string, number]),
    ...facts.text.map((t) => [opaqueHex(t.color) ?? '', t.chars] as [string, number]),
  ]).filter((c) => c !== '' && c !== background && isSaturated(c));
  const primary =
    (primaryButton && opaqueHex(primaryButton.background)) ??
    (linkColor && isSaturated(linkColor) ? linkColor : undefined) ??
    saturatedByUse[0] ??
    themeHex(facts.themeColor) ??
    undefined;
  const secondaryCandidates = secondaryButton
    ? [opaqueHex(secondaryButton.borderColor), opaqueHex(secondaryButton.color)]
    : [];
  const secondary = secondaryCandidates.find((c): c is string => c !== null && c !== primary && isSaturated(c));
  const accent = saturatedByUse.find((c) => c !== primary && c !== secondary && c !== linkColor);

  const colors: Record<string, string> = {};
  const setColor = (key: string, value: string | null | undefined) => {
    if (value) colors[key] = value;
  };
  setColor('primary', primary);
  setColor('secondary', secondary);
  setColor('accent', accent);
  setColor('background', background);
  setColor('textPrimary', textPrimary);
  setColor('textSecondary', textSecondary);
  setColor('link', linkColor);

  const fonts = ranked(facts.text.map((t) => [firstFamily(t.fontFamily), t.chars] as [string | undefined, number]))
    .filter((f): f is string => f !== undefined)
    .map((family) => ({ family }));
  const bodyStyle = facts.paragraph ?? facts.body;
  const headingStyle = facts.h1 ?? facts.h2 ?? facts.h3;

  const weights = facts.text.map((t) => Number(t.fontWeight)).filter((w) => Number.isFinite(w) && w > 0);
  const regular = Number(bodyStyle.fontWeight) || undefined;
  const bold = weights.filter((w) => w >= 600).sort((a, b) => b - a)[0];
  const medium = ranked(weights.filter((w) => w >= 500 && w < 600).map((w) => [w, 1] as [number, number]))[0];
  const light = ranked(weights.filter((w) => w <= 300).map((w) => [w, 1] as [number, number]))[0];

  const radiusSource = primaryButton ?? facts.buttons[0] ?? facts.inputs[0];

  const images: Branding['images'] = {};
  const logo = pickLogo(facts);
  if (logo) images.logo = logo;
  if (facts.icons[0]) images.favicon = facts.icons[0];
  if (facts.ogImage) images.ogImage = facts.ogImage;

  return {
    colorScheme,
    logo: logo ?? facts.icons[0] ?? null,
    colors,
    fonts,
    typography: {
      fontFamilies: defined({
        primary: firstFamily(bodyStyle.fontFamily) ?? fonts[0]?.family,
        heading: firstFamily(headingStyle?.fontFamily),
        code: firstFamily(facts.code),
      }),
      fontSizes: defined({
        h1: px(facts.h1?.fontSize),
        h2: px(facts.h2?.fontSize),
        h3: px(facts.h3?.fontSize),
        body: px(bodyStyle.fontSize),
      }),
      fontWeights: defined({ light, regular, medium, bold }),
      lineHeights: defined({ heading: px(headingStyle?.lineHeight), body: px(bodyStyle.lineHeight) }),
    },
    spacing: defined({ baseUnit: baseUnitOf(facts.spacing), borderRadius: px(radiusSource?.borderRadius) }),
    components: defined({
      buttonPrimary: primaryButton && {
        background: opaqueHex(primaryButton.background)!,
        textColor: opaqueHex(primaryButton.color) ?? textPrimary ?? '#000000',
        borderRadius: px(primaryButton.borderRadius)!,
      },
      buttonSecondary: secondaryButton && {
        background: opaqueHex(secondaryButton.background) ?? background,
        textColor: opaqueHex(secondaryButton.color) ?? textPrimary ?? '#000000',
        borderColor: borderOf(secondaryButton) ?? background,
        borderRadius: px(secondaryButton.borderRadius)!,
      },
      input: facts.inputs[0] && {
        background: opaqueHex(facts.inputs[0].background) ?? background,
        textColor: opaqueHex(facts.inputs[0].color) ?? textPrimary ?? '#000000',
        borderColor: borderOf(facts.inputs[0]) ?? background,
        borderRadius: px(facts.inputs[0].borderRadius)!,
      },
    }),
    images,
  };
}

/** `<meta name=theme-color>` as written (hex only; other notations are left alone). */
function themeHex(value: string | null): string | undefined {
  const m = value ? /^#([0-9a-f]{6}|[0-9a-f]{3})$/i.exec(value.trim()) : null;
  if (!m) return undefined;
  const h = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1];
  return `#${h.toLowerCase()}`;
}

function hexParts(hex: string): number[] {
  return [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
}

function borderOf(style: ComputedStyleFacts): string | null {
  return style.borderStyle !== 'none' && parseFloat(style.borderWidth) > 0 ? opaqueHex(style.borderColor) : null;
}

/** Buttons grouped by fill, the fill covering the most area first. */
function byFill<T extends { background: string; area: number }>(buttons: T[]): T[] {
  const order = ranked(buttons.map((b) => [opaqueHex(b.background)!, b.area] as [string, number]));
  return order.map((fill) => buttons.find((b) => opaqueHex(b.background) === fill)!);
}

/** A named logo beats one merely in the header; a link home and being higher up break ties. */
function pickLogo(facts: BrandingFacts): string | undefined {
  const score = (l: BrandingFacts['logos'][number]) =>
    (l.hinted ? 4 : 0) + (l.inHeader ? 2 : 0) + (l.linksHome ? 1 : 0);
  return [...facts.logos].sort((a, b) => score(b) - score(a) || a.top - b.top)[0]?.url;
}

function baseUnitOf(values: [number, number][]): number | undefined {
  const total = values.reduce((sum, [, count]) => sum + count, 0);
  if (total === 0) return undefined;
  const share = (unit: number) =>
    values.reduce((sum, [v, count]) => sum + (Math.round(v * 100) % (unit * 100) === 0 ? count : 0), 0) / total;
  return BASE_UNITS.find((unit) => share(unit) >= BASE_UNIT_SHARE);
}

function defined<T extends Record<string, unknown>>(object: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(
    Object.entries(object).filter(([, v]) => v !== undefined && v !== null && v !== ''),
  ) as never;
}
