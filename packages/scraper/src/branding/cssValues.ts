// Computed CSS values as the branding format writes them.

/** The first family of a font stack, unquoted. */
export function firstFamily(stack: string | null | undefined): string | undefined {
  const first = stack
    ?.split(',')[0]
    ?.trim()
    .replace(/^["']|["']$/g, '');
  return first || undefined;
}

/** `13.3333px` → `13.33px`: computed sizes carry float noise nobody designs with. */
export function px(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const n = parseFloat(value);
  return value.endsWith('px') && Number.isFinite(n) ? `${Math.round(n * 100) / 100}px` : value;
}
