import type { BrandingFacts } from '@scrape/browser';
import { isSaturated, opaqueHex } from './brandColors.js';
import { ranked } from './ranked.js';

/** Class/id words that name a primary or a secondary button. */
const PRIMARY_WORDS = /primary|cta|main|hero/i;
const SECONDARY_WORDS = /secondary|outline|ghost|alt|tertiary/i;

type Button = BrandingFacts['buttons'][number];

/**
 * The page's primary and secondary buttons. A filled one (a brand colour, not the background) is primary: named
 * "primary"/"cta" first, then the most common fill by area. An outlined or named-secondary one that is not the
 * primary is secondary.
 */
export function pickButtons(
  facts: BrandingFacts,
  background: string,
): { primaryButton: Button | undefined; secondaryButton: Button | undefined } {
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
  return { primaryButton, secondaryButton };
}

/** Buttons grouped by fill, the fill covering the most area first. */
function byFill<T extends { background: string; area: number }>(buttons: T[]): T[] {
  const order = ranked(buttons.map((b) => [opaqueHex(b.background)!, b.area] as [string, number]));
  return order.map((fill) => buttons.find((b) => opaqueHex(b.background) === fill)!);
}
