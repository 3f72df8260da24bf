// @scrape/core/internal: the parts of core that the other packages of this repository (and its benchmarks) use
// from the inside. No promise of stability to anyone else; the public face is `./index.ts`.
export { parseHtml } from './html/parseHtml.js';
export { buildDocument } from './html/buildDocument.js';
export { decodeHtml } from './html/decodeHtml.js';
export { findBaseUrl } from './html/createUrlResolver.js';
export { HTML_PIPELINE_STEPS, createHtmlPipelineState } from './html/processHtml.js';
export { extractLinks } from './html/extractLinks.js';
export { extractImages } from './html/extractImages.js';
export { extractAttributes, type AttributeValues } from './html/extractAttributes.js';
export { hasPdfMagic } from './pdf/isPdf.js';
export type { PdfPageBlocks } from './pdf/pdfTypes.js';
export { stripBase64Images } from './markdown/stripBase64Images.js';
export { markdownToPlainText } from './markdown/markdownToPlainText.js';
export { redactJsonStrings } from './pii/redactJsonStrings.js';
export { loadGazetteers as preloadPiiGazetteers } from './pii/loadGazetteers.js';
export { extractProduct } from './structured/extractProduct.js';
export { extractMenu } from './structured/extractMenu.js';
export { readSchemaNodes } from './structured/readSchemaNodes.js';
export type { Product, Menu } from './structured/structuredTypes.js';
// The main-content extractor on its own (benchmarks/quality-main-content scores it without the markdown writer).
export { extractMainContent } from './main-content/extractMainContent.js';
export { collectContentHints } from './main-content/collectContentHints.js';
export { saysNoMainContent } from './main-content/chromeOnlyPage.js';
