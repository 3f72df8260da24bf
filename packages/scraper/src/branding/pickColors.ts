import type { BrandingFacts } from '@scrape/browser';
import { isSaturated, opaqueHex, themeHex } from './brandColors.js';
import type { pickButtons } from './pickButtons.js';
import { ranked } from './ranked.js';

/**
 * The palette: the link colour (links in running text first, then any outside the navigation), the text colours
 * by characters set (secondary: the next grey), and the brand colours. Primary is the primary button's fill, else
 * a saturated link colour, else the saturated colour used most (button area and text), else the theme colour;
 * secondary comes from the secondary button's border or text; accent is the next saturated colour in use.
 */
export function pickColors(
  facts: BrandingFacts,
  background: string,
  { primaryButton, secondaryButton }: ReturnType<typeof pickButtons>,
): { colors: Record<string, string>; textPrimary: string | undefined } {
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
  return { colors, textPrimary };
}
