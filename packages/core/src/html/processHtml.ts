// The HTML pipeline: one page in, the v2 outputs (rawHtml, html, markdown, links, metadata) out.
// The order of operations is the list HTML_PIPELINE_STEPS below; each step is a small function of its own file.
import { hintCarrierCollector, type ContentHints } from '../main-content/collectContentHints.js';
import { saysNoMainContent } from '../main-content/chromeOnlyPage.js';
import { extractMainContent } from '../main-content/extractMainContent.js';
import { htmlToMarkdown } from '../markdown/htmlToMarkdown.js';
import { stripBase64Images } from '../markdown/stripBase64Images.js';
import { applyExcludeTags } from './applyExcludeTags.js';
import { applyIncludeTags } from './applyIncludeTags.js';
import { cleanHtml, REMOVED_TAGS } from './cleanHtml.js';
import { findBaseUrl } from './createUrlResolver.js';
import { decodeHtml } from './decodeHtml.js';
import { extractLinks } from './extractLinks.js';
import { extractMetadata } from './extractMetadata.js';
import type { PageMetadata } from './metadata.js';
import { parseHtml } from './parseHtml.js';
import { resolveStreamedContent } from './resolveStreamedContent.js';
import { innerHtml, outerHtml } from './serializeHtml.js';
import { extractMenu } from '../structured/extractMenu.js';
import { extractProduct } from '../structured/extractProduct.js';
import { readSchemaNodes } from '../structured/readSchemaNodes.js';
import type { Menu, Product } from '../structured/structuredTypes.js';
import { walkElements } from './walkElements.js';
import { WALK_CONTINUE, WALK_SKIP_CHILDREN } from './walkNodes.js';

export interface ProcessHtmlInput {
  /** The response body: decoded text, or raw bytes to be decoded by BOM / Content-Type / <meta charset> / sniffing. */
  body: string | Uint8Array;
  /** The page URL (final URL after redirects); relative URLs resolve against <base href> joined onto it. */
  url: string;
  /** The Content-Type header value, if any (its charset parameter is honoured). */
  contentType?: string;
}

/** Outputs that cost work beyond parsing; metadata and rawHtml are always produced. */
export type HtmlOutput = 'html' | 'markdown' | 'links';

export interface ProcessHtmlOptions {
  /** Default true: keep only the main content. */
  onlyMainContent?: boolean;
  /** CSS selectors; keep only matching subtrees (bypasses main-content scoring). */
  includeTags?: string[];
  /** CSS selectors; remove matches (also inside included subtrees). */
  excludeTags?: string[];
  /** Default true: in markdown only, base64 image targets become <Base64-Image-Removed>. */
  removeBase64Images?: boolean;
  /** Which of html/markdown/links to produce (default all); the others come back empty, saving their cost. */
  outputs?: readonly HtmlOutput[];
  /** Structured formats read from the page before cleaning (spec §2.11 product, §2.12 menu); off by default. */
  structured?: { product?: boolean; menu?: boolean };
  /**
   * The HTML is a page rendered with JavaScript on (a browser's DOM): its <noscript> was never shown to a reader, so
   * it is dropped before anything reads the page (no "enable JavaScript" notice as content). Default false.
   */
  scriptsRan?: boolean;
}

export interface ProcessHtmlResult {
  /** The decoded, unmodified HTML. */
  rawHtml: string;
  /** Cleaned HTML with onlyMainContent/includeTags/excludeTags applied. */
  html: string;
  markdown: string;
  /** Links of the cleaned page: absolute, de-duplicated, first-seen order. */
  links: string[];
  metadata: PageMetadata;
  /** Only when `structured.product` was asked: the product, or null when the page is not one. */
  product?: Product | null;
  /** Only when `structured.menu` was asked. */
  menu?: Menu;
}

/** The working state the steps pass along; exported so benchmarks can time the steps one by one. */
export interface HtmlPipelineState {
  readonly input: ProcessHtmlInput;
  readonly options: ProcessHtmlOptions;
  rawHtml: string;
  document?: Document;
  baseUrl?: string;
  hints?: ContentHints;
  metadata: PageMetadata;
  /** The cleaned body (unset when includeTags selected the content instead). */
  page?: Element;
  /** What the outputs are made of: the includeTags selection, the main content, or the cleaned body. */
  content?: Element;
  /** True when `content` is a wrapper we made, whose children (not itself) are the output. */
  contentIsWrapper: boolean;
  result: ProcessHtmlResult;
}

export interface HtmlPipelineStep {
  name: string;
  run: (state: HtmlPipelineState) => void;
}

/** <noscript> stays through main-content extraction (it reads the crawler view of script-rendered pages). */
const CLEANED_BEFORE_CONTENT = new Set([...REMOVED_TAGS].filter((tag) => tag !== 'noscript'));

export const HTML_PIPELINE_STEPS: readonly HtmlPipelineStep[] = [
  {
    name: 'decode',
    run: (s) => {
      const { body, contentType } = s.input;
      s.rawHtml = typeof body === 'string' ? body : body instanceof Uint8Array ? decodeHtml(body, contentType) : '';
      s.result.rawHtml = s.rawHtml;
    },
  },
  {
    name: 'parse',
    run: (s) => {
      s.document = parseHtml(s.rawHtml);
    },
  },
  {
    // Streamed server rendering parks content in hidden segments at the end of <body>: put it where a browser would.
    name: 'streamed',
    run: (s) => {
      resolveStreamedContent(need(s.document), s.rawHtml);
    },
  },
  {
    // A rendered page's <noscript> is what a reader without JavaScript would have seen instead: not this page.
    name: 'noscriptOfRenderedPage',
    run: (s) => {
      if (s.options.scriptsRan && /<noscript/i.test(s.rawHtml))
        removeElements(need(s.document).documentElement, 'noscript');
    },
  },
  {
    // Everything that lives in <head> or <script> is read now, before cleaning removes it.
    name: 'metadata',
    run: (s) => {
      const document = need(s.document);
      s.baseUrl = findBaseUrl(document, s.input.url);
      // the hints' carriers are gathered in the metadata's walk of the document (one walk for both)
      const hints = usesMainContent(s.options) ? hintCarrierCollector(s.rawHtml) : undefined;
      s.metadata = extractMetadata(document, { baseUrl: s.baseUrl, onElement: hints?.visit });
      s.result.metadata = s.metadata;
      if (hints) s.hints = hints.hints();
    },
  },
  {
    // Structured data (JSON-LD, microdata, RDFa, Open Graph, shop markup) is read from the page as written, before
    // cleaning removes scripts and head tags; product and menu share one read of the schema.org things.
    name: 'structured',
    run: (s) => {
      const wanted = s.options.structured;
      if (!wanted?.product && !wanted?.menu) return;
      const document = need(s.document);
      const baseUrl = s.baseUrl ?? s.input.url;
      const sources = readSchemaNodes(document, baseUrl);
      if (wanted.product) s.result.product = extractProduct(document, s.input.url, { baseUrl, sources });
      if (wanted.menu) s.result.menu = extractMenu(document, s.input.url, { baseUrl, sources });
    },
  },
  {
    // On the page as written, before URLs are made absolute: users write selectors like a[href="/login"].
    name: 'excludeTags',
    run: (s) => {
      if (s.options.excludeTags?.length) applyExcludeTags(need(s.document).body, s.options.excludeTags);
    },
  },
  {
    name: 'includeTags',
    run: (s) => {
      if (!s.options.includeTags?.length) return;
      s.content = applyIncludeTags(need(s.document).body, s.options.includeTags);
      s.contentIsWrapper = true;
    },
  },
  {
    // With includeTags only the selection is cleaned; otherwise the whole document (which drops <head>).
    name: 'clean',
    run: (s) => {
      if (s.content) {
        cleanHtml(s.content, { baseUrl: s.baseUrl });
        return;
      }
      const removedTags = usesMainContent(s.options) ? CLEANED_BEFORE_CONTENT : REMOVED_TAGS;
      s.page = cleanHtml(need(s.document), { baseUrl: s.baseUrl, removedTags });
    },
  },
  {
    name: 'mainContent',
    run: (s) => {
      if (s.content) return;
      const page = need(s.page);
      s.content = usesMainContent(s.options) ? mainContentOrPage(need(s.document), s) : page;
    },
  },
  {
    name: 'dropNoscript',
    run: (s) => {
      // Most pages have none; a text search is far cheaper than walking the content to find out.
      if (!usesMainContent(s.options) || !/<noscript/i.test(s.rawHtml)) return;
      const content = need(s.content);
      // The extractor may pick a <noscript> crawler view as the content itself: keep its children, not the element
      // (converters drop <noscript>, which would leave an empty page).
      if (content.localName === 'noscript') {
        const wrapper = content.ownerDocument.createElement('div');
        while (content.firstChild) wrapper.appendChild(content.firstChild);
        s.content = wrapper;
        s.contentIsWrapper = true;
      }
      removeElements(need(s.content), 'noscript');
    },
  },
  {
    name: 'html',
    run: (s) => {
      if (!wants(s.options, 'html')) return;
      const content = need(s.content);
      s.result.html = s.contentIsWrapper ? innerHtml(content) : outerHtml(content);
    },
  },
  {
    name: 'markdown',
    run: (s) => {
      if (!wants(s.options, 'markdown')) return;
      const markdown = htmlToMarkdown(need(s.content));
      s.result.markdown = s.options.removeBase64Images === false ? markdown : stripBase64Images(markdown);
    },
  },
  {
    name: 'links',
    run: (s) => {
      if (!wants(s.options, 'links')) return;
      s.result.links = extractLinks(need(s.content), { url: s.input.url, baseUrl: s.baseUrl });
    },
  },
];

/** Turns one page into the v2 outputs. Never throws on bad markup; a bad include/exclude selector is a CoreError. */
export function processHtml(input: ProcessHtmlInput, options: ProcessHtmlOptions = {}): ProcessHtmlResult {
  const state = createHtmlPipelineState(input, options);
  for (const step of HTML_PIPELINE_STEPS) step.run(state);
  return state.result;
}

export function createHtmlPipelineState(input: ProcessHtmlInput, options: ProcessHtmlOptions = {}): HtmlPipelineState {
  return {
    input,
    options,
    rawHtml: '',
    metadata: {},
    contentIsWrapper: false,
    result: { rawHtml: '', html: '', markdown: '', links: [], metadata: {} },
  };
}

function usesMainContent(options: ProcessHtmlOptions): boolean {
  return options.onlyMainContent !== false && !options.includeTags?.length;
}

function wants(options: ProcessHtmlOptions, output: HtmlOutput): boolean {
  return !options.outputs || options.outputs.includes(output);
}

/**
 * The extractor's answer, or the whole cleaned page when that answer has no text although the page has some: an
 * empty document is never the right answer for a page with text (e.g. a framework page hidden until hydration).
 * The extractor prunes the document in place, so the whole page is rebuilt from the raw HTML on that rare path.
 * A failure inside the heuristics degrades the same way. The one empty answer kept is the extractor's "no main
 * content" (a page whose HTML holds only chrome: chromeOnlyPage.ts).
 */
function mainContentOrPage(document: Document, s: HtmlPipelineState): Element {
  let content: Element | undefined;
  try {
    content = extractMainContent(document, { url: s.input.url, hints: s.hints });
  } catch {
    content = undefined;
  }
  // a page whose HTML holds only chrome (chromeOnlyPage.ts) has no main content: no fallback to the whole page
  if (content && (hasText(content) || saysNoMainContent(content))) return content;
  const whole = wholeCleanedPage(s);
  return hasText(whole) || !content ? whole : content;
}

/** The page as onlyMainContent:false would give it, from a fresh parse. */
function wholeCleanedPage(s: HtmlPipelineState): Element {
  const document = parseHtml(s.rawHtml);
  if (s.options.excludeTags?.length) applyExcludeTags(document.body, s.options.excludeTags);
  return cleanHtml(document, { baseUrl: s.baseUrl });
}

/** Whether the element's text (textContent) has a non-space character; stops at the first text node that has one,
 *  instead of joining the whole text. */
function hasText(element: Element): boolean {
  let node: Node | null = element.firstChild;
  while (node !== null) {
    const type = node.nodeType;
    if ((type === 3 || type === 4) && /\S/.test((node as CharacterData).data)) return true;
    let next: Node | null = type === 1 ? node.firstChild : null;
    for (let at: Node | null = node; next === null && at !== null && at !== element; at = at.parentNode)
      next = at.nextSibling;
    node = next;
  }
  return false;
}

function removeElements(root: Element, tag: string): void {
  const found: Element[] = [];
  walkElements(root, (element) => {
    if (element.localName !== tag) return WALK_CONTINUE;
    found.push(element);
    return WALK_SKIP_CHILDREN;
  });
  for (const element of found) element.remove();
}

function need<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('html pipeline: a step ran before the step it depends on');
  return value;
}
