import { menuFromMarkup } from './menuFromMarkup.js';
import { menuFromSchema, merchantOf } from './menuFromSchema.js';
import { readPageFacts } from './readPageFacts.js';
import { allSources, readSchemaNodes } from './readSchemaNodes.js';
import type { ExtractStructuredOptions } from './extractProduct.js';
import type { Menu } from './structuredTypes.js';

/**
 * `data.menu` (spec §2.12) from the parsed page before any cleaning: schema.org Menu/MenuSection/MenuItem (JSON-LD,
 * microdata, RDFa) when present, else menu markup (headings as sections, blocks with a name and a price as items),
 * scored. A page that is not a menu gets `{isMenu: false, confidence, sections: []}`.
 */
export function extractMenu(document: Document, url: string, options: ExtractStructuredOptions = {}): Menu {
  const baseUrl = options.baseUrl ?? url;
  const sources = options.sources ?? readSchemaNodes(document, baseUrl);
  const facts = readPageFacts(document, url, baseUrl);
  for (const roots of allSources(sources)) {
    const menu = menuFromSchema(roots, facts);
    if (menu) return menu;
  }
  const roots = allSources(sources).flat();
  const siteName = facts.meta('og:site_name');
  const merchant = merchantOf(roots) ?? (siteName ? { name: siteName } : undefined);
  return menuFromMarkup(document, facts, merchant);
}
