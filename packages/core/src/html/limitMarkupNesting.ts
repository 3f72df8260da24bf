// htmlparser2 keeps its open-element stack with Array#unshift, so parsing N nested elements costs O(N²):
// 100,000 nested <div>s take seconds and a few million never finish. This guard runs before the parser and
// drops opening/closing tags nested deeper than a limit (their text stays), so parse time stays linear.
// It is a tokenizer-light estimate, tuned to never fire on real pages: the exact depth cap is flattenDeepElements.

/** Far above any real page (the WCXB pages peak near 100) and far below where the parser's stack gets quadratic. */
export const MARKUP_NESTING_LIMIT = 4096;

/** Contents are text, not markup, up to the matching close tag. */
const RAW_TEXT_TAGS = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'iframe', 'noembed', 'noframes']);
/** Never hold children. */
const VOID_TAGS = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'keygen', 'link', 'meta', 'param', 'source', 'track', 'wbr']);
/** The parser closes these implicitly when a sibling opens, so counting them would overestimate depth. */
const IMPLICITLY_CLOSED_TAGS = new Set(['p', 'li', 'dt', 'dd', 'option', 'optgroup', 'tr', 'td', 'th', 'thead', 'tbody', 'tfoot', 'rt', 'rp']);

const TAG_OR_COMMENT = /<(?:(!--)|(\/?)([a-zA-Z][^\s/>]*))/g;

/** Returns the markup unchanged unless it nests deeper than `limit`; then the too-deep tags are removed. */
export function limitMarkupNesting(html: string, limit: number = MARKUP_NESTING_LIMIT): string {
  if (!mayNestBeyond(html, limit)) return html;
  return dropTagsBeyond(html, limit) ?? html;
}

/** A page with fewer tags than the limit cannot nest beyond it; most pages stop here after one indexOf loop. */
function mayNestBeyond(html: string, limit: number): boolean {
  let tags = 0;
  for (let i = html.indexOf('<'); i !== -1; i = html.indexOf('<', i + 1)) if (++tags > limit) return true;
  return false;
}

/** Walks the tags tracking an estimated depth; returns the markup minus every tag opened or closed beyond the limit. */
function dropTagsBeyond(html: string, limit: number): string | undefined {
  const out: string[] = [];
  let copiedUpTo = 0;
  let depth = 0;
  let dropped = false;
  TAG_OR_COMMENT.lastIndex = 0;
  for (let m = TAG_OR_COMMENT.exec(html); m; m = TAG_OR_COMMENT.exec(html)) {
    if (m[1]) {
      const end = html.indexOf('-->', m.index + 4);
      if (end === -1) break;
      TAG_OR_COMMENT.lastIndex = end + 3;
      continue;
    }
    const closing = m[2] === '/';
    const name = (m[3] ?? '').toLowerCase();
    const tagEnd = html.indexOf('>', m.index);
    if (tagEnd === -1) break;
    if (!closing && RAW_TEXT_TAGS.has(name)) {
      const close = indexOfCloseTag(html, name, tagEnd + 1);
      TAG_OR_COMMENT.lastIndex = close === -1 ? html.length : close;
      continue;
    }
    if (VOID_TAGS.has(name) || IMPLICITLY_CLOSED_TAGS.has(name)) continue;
    const tooDeep = closing ? depth > limit : depth + 1 > limit;
    depth = closing ? Math.max(0, depth - 1) : depth + 1;
    if (!tooDeep) continue;
    dropped = true;
    out.push(html.slice(copiedUpTo, m.index));
    copiedUpTo = tagEnd + 1;
    TAG_OR_COMMENT.lastIndex = tagEnd + 1;
  }
  if (!dropped) return undefined;
  out.push(html.slice(copiedUpTo));
  return out.join('');
}

function indexOfCloseTag(html: string, name: string, from: number): number {
  const close = new RegExp(`</${name}[\\s/>]`, 'ig');
  close.lastIndex = from;
  return close.exec(html)?.index ?? -1;
}
