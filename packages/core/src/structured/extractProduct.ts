import { productFromMarkup } from './productFromMarkup.js';
import { productFromOpenGraph } from './productFromOpenGraph.js';
import { findProductNode, productFromSchema } from './productFromSchema.js';
import { readPageFacts } from './readPageFacts.js';
import { allSources, readSchemaNodes, type SchemaSources } from './readSchemaNodes.js';
import type { Product } from './structuredTypes.js';

export interface ExtractStructuredOptions {
  /** The base URL relative URLs resolve against (<base href> joined onto the page URL); default the page URL. */
  baseUrl?: string;
  /** The page's schema.org things when already read (product and menu share one read). */
  sources?: SchemaSources;
}

/**
 * `data.product` (spec §2.11) from the parsed page before any cleaning: schema.org Product/ProductGroup in JSON-LD,
 * then microdata, then RDFa; Open Graph product tags; then shop markup (title, buy button, price). Null when the
 * page is not a product page.
 */
export function extractProduct(
  document: Document,
  url: string,
  options: ExtractStructuredOptions = {},
): Product | null {
  const baseUrl = options.baseUrl ?? url;
  const sources = options.sources ?? readSchemaNodes(document, baseUrl);
  const facts = readPageFacts(document, url, baseUrl);
  const titles = [document.querySelector('h1')?.textContent ?? '', facts.meta('og:title') ?? ''];
  const node = findProductNode(allSources(sources), titles);
  // The page's own markup says it lists several products: no fallback may pick one of them.
  if (node === 'listing') return null;
  if (node) return productFromSchema(node, facts, [...sources.jsonLd, ...sources.microdata, ...sources.rdfa], document);
  return productFromOpenGraph(facts, document) ?? productFromMarkup(facts, document) ?? null;
}
