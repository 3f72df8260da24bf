import type { BrandingFacts } from '@scrape/browser';
import { borderOf, hexParts, luminance, opaqueHex } from './brandColors.js';
import type { Branding } from './Branding.js';
import { px } from './cssValues.js';
import { defined } from './defined.js';
import { pickButtons } from './pickButtons.js';
import { pickColors } from './pickColors.js';
import { shapeTypography } from './shapeTypography.js';

export type { Branding } from './Branding.js';

/** Relative luminance below which a page background reads as dark. */
const DARK_LUMINANCE = 0.4;
/** Base units tried from coarse to fine; the first that divides this share of the page's spacing values wins. */
const BASE_UNITS = [8, 4, 2] as const;
const BASE_UNIT_SHARE = 0.6;
/** What the browser paints under a transparent root: white, or Chromium's dark canvas under `color-scheme: dark`. */
const LIGHT_CANVAS = '#ffffff';
const DARK_CANVAS = '#121212';

/**
 * Spec §2.10 from the rendered page's computed-style facts (@scrape/browser `branding: true`). Pure: the same facts
 * always give the same branding. The steps: background and colour scheme, buttons (pickButtons), palette
 * (pickColors), type (shapeTypography), then spacing, components and images.
 */
export function shapeBranding(facts: BrandingFacts): Branding {
  const declaredDark = /\bdark\b/.test(facts.colorScheme) && !/\blight\b/.test(facts.colorScheme);
  const background =
    opaqueHex(facts.background) ?? opaqueHex(facts.rootBackground) ?? (declaredDark ? DARK_CANVAS : LIGHT_CANVAS);
  const [r, g, b] = hexParts(background);
  const colorScheme = luminance({ r, g, b, a: 1 }) < DARK_LUMINANCE ? 'dark' : 'light';

  const buttons = pickButtons(facts, background);
  const { primaryButton, secondaryButton } = buttons;
  const { colors, textPrimary } = pickColors(facts, background, buttons);
  const { fonts, typography } = shapeTypography(facts);
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
    typography,
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
