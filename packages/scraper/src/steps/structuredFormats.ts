import type { Menu, Product } from '@scrape/core/internal';
import type { Source } from '../source.js';
import type { ScrapePlan } from './plan.js';
import type { Content } from './types.js';

/** What processHtml should read from the page before cleaning (spec §2.11, §2.12); undefined when neither is asked. */
export function structuredWanted(plan: ScrapePlan): { product?: boolean; menu?: boolean } | undefined {
  const product = plan.formats.has('product');
  const menu = plan.formats.has('menu');
  return product || menu ? { product, menu } : undefined;
}

/**
 * `data.product` and `data.menu`, read by the core on the page's one parse. Content that is not HTML (JSON, text,
 * PDF) has no product (null) and is not a menu.
 */
export function renderStructured(
  plan: ScrapePlan,
  source: Source,
  content: Content,
): { product?: Product | null; menu?: Menu } {
  const out: { product?: Product | null; menu?: Menu } = {};
  if (plan.formats.has('product')) out.product = content.product ?? null;
  if (plan.formats.has('menu'))
    out.menu = content.menu ?? { isMenu: false, confidence: 0, sourceUrl: source.finalUrl, sections: [] };
  return out;
}
