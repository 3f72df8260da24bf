// htmlparser2 keeps its open-element stack with Array#unshift, so parsing N nested elements costs O(N²):
// 100,000 nested <div>s take seconds and a few million never finish. This guard runs before the parser and
// drops the tags that would open (or close) elements nested deeper than a limit; their text stays. It replays
// the parser's own stack rules (void elements, raw-text elements, implied closes, stray end tags) closely enough
// that hiding depth from it (stray </x>, <div/>, iframes) does not work. The exact depth cap is flattenDeepElements.

/** Below the ~20,000 levels where the parser's stack turns quadratic, far above any real page (WCXB peaks near 100). */
export const MARKUP_NESTING_LIMIT = 16_384;
/**
 * How far down the stack an end tag looks for its element; a deeper match is treated as stray (overestimating is safe).
 */
const END_TAG_SEARCH_DEPTH = 256;

/** Contents are text up to the matching end tag (htmlparser2's special tags). */
const RAW_TEXT_TAGS = new Set(['script', 'style', 'title', 'textarea', 'xmp']);
const VOID_TAGS = new Set([
  'area',
  'base',
  'basefont',
  'br',
  'col',
  'command',
  'embed',
  'frame',
  'hr',
  'img',
  'input',
  'isindex',
  'keygen',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
]);
/** In SVG and MathML `<x/>` closes itself; in HTML it does not. */
const FOREIGN_TAGS = new Set(['svg', 'math']);

const P = new Set(['p']);
const FORM = new Set(['input', 'option', 'optgroup', 'select', 'button', 'datalist', 'textarea']);
/** Opening the key closes the current element while it is one of the values (the parser's implied end tags). */
const OPEN_IMPLIES_CLOSE = new Map<string, Set<string>>([
  ['tr', new Set(['tr', 'th', 'td'])],
  ['th', new Set(['th'])],
  ['td', new Set(['thead', 'th', 'td'])],
  ['li', new Set(['li'])],
  ['option', new Set(['option'])],
  ['optgroup', new Set(['optgroup', 'option'])],
  ['dd', new Set(['dd', 'dt'])],
  ['dt', new Set(['dd', 'dt'])],
  ['rt', new Set(['rt', 'rp'])],
  ['rp', new Set(['rt', 'rp'])],
  ['tbody', new Set(['thead', 'tbody'])],
  ['tfoot', new Set(['thead', 'tbody'])],
  ...['select', 'input', 'output', 'button', 'datalist', 'textarea'].map((t) => [t, FORM] as [string, Set<string>]),
  ...[
    'p',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'address',
    'article',
    'aside',
    'blockquote',
    'details',
    'div',
    'dl',
    'fieldset',
    'figcaption',
    'figure',
    'footer',
    'form',
    'header',
    'hr',
    'main',
    'nav',
    'ol',
    'pre',
    'section',
    'table',
    'ul',
  ].map((t) => [t, P] as [string, Set<string>]),
]);

const TAG_OR_COMMENT = /<(?:(!--)|(\/?)([a-zA-Z][^\s/>]*))/g;

/** Returns the markup unchanged unless it nests deeper than `limit`; then the too-deep tags are removed. */
export function limitMarkupNesting(html: string, limit: number = MARKUP_NESTING_LIMIT): string {
  if (!hasMoreTagsThan(html, limit)) return html;
  return dropTagsBeyond(html, limit) ?? html;
}

/** A page with fewer tags than the limit cannot nest beyond it; most pages stop here after one indexOf loop. */
function hasMoreTagsThan(html: string, limit: number): boolean {
  let tags = 0;
  for (let i = html.indexOf('<'); i !== -1; i = html.indexOf('<', i + 1)) if (++tags > limit) return true;
  return false;
}

/**
 * Replays the parser's stack over the tags; returns the markup minus every tag beyond the limit (undefined if none).
 */
function dropTagsBeyond(html: string, limit: number): string | undefined {
  const out: string[] = [];
  const open: OpenElements = { stack: [], foreign: 0 };
  const stack = open.stack;
  let copiedUpTo = 0;
  const drop = (from: number, to: number) => {
    out.push(html.slice(copiedUpTo, from));
    copiedUpTo = to;
  };
  TAG_OR_COMMENT.lastIndex = 0;
  for (let m = TAG_OR_COMMENT.exec(html); m; m = TAG_OR_COMMENT.exec(html)) {
    if (m[1]) {
      // A comment: skipped whole (an unclosed one runs to the end of the markup).
      const end = html.indexOf('-->', m.index + 4);
      if (end === -1) break;
      TAG_OR_COMMENT.lastIndex = end + 3;
      continue;
    }
    const tagEnd = html.indexOf('>', m.index);
    if (tagEnd === -1) break;
    const name = (m[3] ?? '').toLowerCase();
    if (m[2] === '/') {
      // An end tag is dropped with the element it closes (void elements have none).
      if (!VOID_TAGS.has(name) && closeElement(open, name) >= limit) drop(m.index, tagEnd + 1);
      continue;
    }
    closeImplied(stack, name);
    if (RAW_TEXT_TAGS.has(name)) {
      TAG_OR_COMMENT.lastIndex = rawTextEnd(html, name, tagEnd + 1);
      continue;
    }
    if (!opensElement(open, name, html, tagEnd)) continue;
    if (stack.length >= limit) {
      drop(m.index, tagEnd + 1);
      // Still tracked, so that its end tag is recognised (and dropped) later.
    }
    stack.push(name);
    if (FOREIGN_TAGS.has(name)) open.foreign++;
    TAG_OR_COMMENT.lastIndex = tagEnd + 1;
  }
  if (out.length === 0) return undefined;
  out.push(html.slice(copiedUpTo));
  return out.join('');
}

/** The parser's open elements while tags are replayed; `foreign`: how many of them are <svg> or <math>. */
interface OpenElements {
  stack: string[];
  foreign: number;
}

/** A start tag that closes open elements first (a <p> closes an open <p>): those are popped, as the parser does. */
function closeImplied(stack: string[], name: string): void {
  const implied = OPEN_IMPLIES_CLOSE.get(name);
  if (implied) while (stack.length > 0 && implied.has(stack[stack.length - 1] as string)) stack.pop();
}

/**
 * An end tag closes its element and every element opened inside it, when that element is open within the last
 * END_TAG_SEARCH_DEPTH (otherwise the parser ignores it). Returns the closed element's depth, or -1 when ignored.
 */
function closeElement(open: OpenElements, name: string): number {
  const { stack } = open;
  const floor = Math.max(0, stack.length - END_TAG_SEARCH_DEPTH);
  let at = stack.length - 1;
  while (at >= floor && stack[at] !== name) at--;
  if (at < floor) return -1;
  while (stack.length > at) if (FOREIGN_TAGS.has(stack.pop() as string)) open.foreign--;
  return at;
}

/** Whether a start tag opens an element: not a void one, nor one self-closed (`<path/>`) inside <svg> or <math>. */
function opensElement(open: OpenElements, name: string, html: string, tagEnd: number): boolean {
  return !VOID_TAGS.has(name) && !(open.foreign > 0 && html.charCodeAt(tagEnd - 1) === 0x2f) /* / */;
}

/** Where the raw text of a <script>, <style>, ... starting at `from` ends: its end tag, or the end of the markup. */
function rawTextEnd(html: string, name: string, from: number): number {
  const close = indexOfEndTag(html, name, from);
  return close === -1 ? html.length : close;
}

function indexOfEndTag(html: string, name: string, from: number): number {
  const close = new RegExp(`</${name}[\\s/>]`, 'ig');
  close.lastIndex = from;
  return close.exec(html)?.index ?? -1;
}
