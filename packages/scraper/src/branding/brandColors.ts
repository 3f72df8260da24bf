import type { ComputedStyleFacts } from '@scrape/browser';

// Colour arithmetic for the branding format: computed-style colours to hex, and the tests that tell a brand colour
// from a grey, a background or text.

/** HSL saturation above which a colour counts as a brand colour rather than a grey. */
const MIN_SATURATION = 0.25;
/** Lightness band of brand colours: near-white and near-black are backgrounds and text, whatever their hue. */
const MIN_LIGHTNESS = 0.12;
const MAX_LIGHTNESS = 0.9;

export interface Rgba {
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

/** `#rrggbb` of a colour, channels clamped to 0–255. */
export function toHex(c: Rgba): string {
  return `#${[c.r, c.g, c.b].map((v) => Math.max(0, Math.min(255, v)).toString(16).padStart(2, '0')).join('')}`;
}

/** An opaque colour as hex; null for transparent or unreadable ones. */
export function opaqueHex(value: string | null | undefined): string | null {
  const c = parseColor(value);
  return c && c.a >= 0.5 ? toHex(c) : null;
}

/** Relative luminance (WCAG) of a colour. */
export function luminance(c: Rgba): number {
  const lin = (v: number) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(c.r) + 0.7152 * lin(c.g) + 0.0722 * lin(c.b);
}

/** A brand colour: saturated enough, neither near-white nor near-black. */
export function isSaturated(hex: string): boolean {
  const [r, g, b] = hexParts(hex);
  const max = Math.max(r, g, b) / 255;
  const min = Math.min(r, g, b) / 255;
  const l = (max + min) / 2;
  if (max === min) return false;
  const s = l > 0.5 ? (max - min) / (2 - max - min) : (max - min) / (max + min);
  return s >= MIN_SATURATION && l >= MIN_LIGHTNESS && l <= MAX_LIGHTNESS;
}

/** `<meta name=theme-color>` as written (hex only; other notations are left alone). */
export function themeHex(value: string | null): string | undefined {
  const m = value ? /^#([0-9a-f]{6}|[0-9a-f]{3})$/i.exec(value.trim()) : null;
  if (!m) return undefined;
  const h = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1];
  return `#${h.toLowerCase()}`;
}

/** `#rrggbb` as its three channel values. */
export function hexParts(hex: string): number[] {
  return [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
}

/** The border colour of a style that draws a border; null when it draws none. */
export function borderOf(style: ComputedStyleFacts): string | null {
  return style.borderStyle !== 'none' && parseFloat(style.borderWidth) > 0 ? opaqueHex(style.borderColor) : null;
}
