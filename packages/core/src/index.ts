// The public face of @scrape/core: pure transforms (strings and bytes in, values out).
export { CoreError, isCoreError, type CoreErrorKind } from './errors.js';
export {
  processHtml,
  type ProcessHtmlInput,
  type ProcessHtmlOptions,
  type ProcessHtmlResult,
} from './html/processHtml.js';
export type { PageMetadata } from './html/metadata.js';
export {
  HTML_PIPELINE_STEPS,
  createHtmlPipelineState,
  type HtmlOutput,
  type HtmlPipelineState,
  type HtmlPipelineStep,
} from './html/processHtml.js';
export { decodeHtml, decodeHtmlWithEncoding, type DecodedHtml } from './html/decodeHtml.js';
export { parseHtml } from './html/parseHtml.js';
export { MAX_TREE_DEPTH } from './html/flattenDeepElements.js';
export { cleanHtml, REMOVED_TAGS, type CleanHtmlOptions } from './html/cleanHtml.js';
export { createUrlResolver, findBaseUrl, type UrlResolver } from './html/createUrlResolver.js';
export { parseSrcset, pickLargestCandidate, resolveSrcset, type ImageCandidate } from './html/resolveSrcset.js';
export { applyIncludeTags } from './html/applyIncludeTags.js';
export { applyExcludeTags } from './html/applyExcludeTags.js';
export { extractLinks, type ExtractLinksOptions } from './html/extractLinks.js';
export { extractImages, type ExtractImagesOptions } from './html/extractImages.js';
export {
  extractAttributes,
  MAX_ATTRIBUTE_VALUES,
  type AttributeSelector,
  type AttributeValues,
} from './html/extractAttributes.js';
export { extractMetadata, metadataKey, type ExtractMetadataOptions } from './html/extractMetadata.js';
export {
  extractMainContent,
  collectContentHints,
  type ContentHints,
  type ExtractMainContentOptions,
} from './main-content/extractMainContent.js';
export { parsePdf, MAX_PDF_PAGES, MAX_PDF_BYTES } from './pdf/parsePdf.js';
export { isPdf, hasPdfMagic } from './pdf/isPdf.js';
export type {
  ParsePdfOptions,
  ParsePdfContext,
  ParsePdfResult,
  PdfParseMode,
  PdfBlock,
  PdfBlockType,
  PdfPageBlocks,
  PdfPage,
  PdfMetadata,
} from './pdf/pdfTypes.js';
export type { OcrEngine, OcrPageResult, OcrLine, OcrWord } from './pdf/OcrEngine.js';
export { htmlToMarkdown, type HtmlToMarkdownOptions } from './markdown/htmlToMarkdown.js';
export { stripBase64Images, BASE64_IMAGE_PLACEHOLDER } from './markdown/stripBase64Images.js';
export { markdownToPlainText } from './markdown/markdownToPlainText.js';
export { redactPII } from './pii/redactPII.js';
export { redactJsonStrings, type RedactJsonResult } from './pii/redactJsonStrings.js';
export { resolveRedactOptions } from './pii/resolveRedactOptions.js';
export { loadGazetteers as preloadPiiGazetteers } from './pii/loadGazetteers.js';
export {
  PII_ENTITIES,
  DEFAULT_PII_ENTITIES,
  PII_MODES,
  PII_REPLACE_STYLES,
  type PiiEntity,
  type PiiMode,
  type PiiReplaceStyle,
  type PiiSpan,
  type RedactPIIOptions,
  type ResolvedRedactPIIOptions,
  type RedactPIIResult,
} from './pii/piiTypes.js';
export { extractProduct, type ExtractStructuredOptions } from './structured/extractProduct.js';
export { extractMenu } from './structured/extractMenu.js';
export { readSchemaNodes, type SchemaSources } from './structured/readSchemaNodes.js';
export { parsePriceText, priceFromValues, normalizeCurrency } from './structured/parsePrice.js';
export type {
  Product,
  ProductVariant,
  Price,
  ImageRef,
  Menu,
  MenuSection,
  MenuItem,
} from './structured/structuredTypes.js';
