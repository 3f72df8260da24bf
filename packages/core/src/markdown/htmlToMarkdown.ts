import { parseHTML } from 'linkedom';
import { Conversion } from './conversion.js';
import { walkTree } from './walkTree.js';

export interface HtmlToMarkdownOptions {
  /**
   * Keep links with no text and no image as `[](url)` (default true: the converter is faithful to the tree it is
   * given; dropping empty elements is the cleaner's decision). False drops them.
   */
  keepEmptyLinks?: boolean;
}

function toRoot(input: string | Node): Node {
  if (typeof input !== 'string') {
    if (input.nodeType === 9) return (input as Document).documentElement ?? input;
    return input;
  }
  // linkedom parses a fragment without <html>/<body> into an odd tree; give it a document to live in.
  const html = /<html[\s>]/i.test(input) ? input : `<!DOCTYPE html><html><head></head><body>${input}</body></html>`;
  const { document } = parseHTML(html);
  return document.documentElement ?? document;
}

/**
 * Converts a parsed HTML tree (a linkedom Document, Element or DocumentFragment; or an HTML string, parsed here)
 * into CommonMark with GFM tables, strikethrough and task lists. The walk is iterative, so nesting depth never
 * touches the call stack, and each node is visited once.
 */
export function htmlToMarkdown(input: string | Node, options: HtmlToMarkdownOptions = {}): string {
  const c = new Conversion({ keepEmptyLinks: options.keepEmptyLinks ?? true });
  walkTree(c, toRoot(input));
  c.flush();
  return c.blocks.toString();
}
