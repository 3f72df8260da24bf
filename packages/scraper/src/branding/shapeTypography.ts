import type { BrandingFacts } from '@scrape/browser';
import { firstFamily, px } from './cssValues.js';
import { defined } from './defined.js';
import { ranked } from './ranked.js';
import type { Branding } from './Branding.js';

/**
 * Fonts by characters set, and the type scale: body (the first paragraph, else the body) and heading (h1, else h2,
 * h3) families, sizes and line heights, the code font, and the weights in use (regular: the body's; bold: the
 * heaviest from 600; medium and light: the most common in their bands).
 */
export function shapeTypography(facts: BrandingFacts): Pick<Branding, 'fonts' | 'typography'> {
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
  return {
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
  };
}
