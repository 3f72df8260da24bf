// Canonical forms of HTML for the CommonMark round trip. Both sides (the spec's HTML and commonmark.js's rendering of
// our markdown) go through the same function, so a rule can never favour one side.
//
// Always applied ("strict"):
//  - both strings are parsed by the same HTML parser (linkedom, the one the converter reads): attribute order and
//    quoting, entity forms (&quot; vs "), self-closing syntax and tag-soup repair stop mattering;
//  - comments, doctypes and processing instructions are dropped;
//  - outside <pre>, runs of HTML whitespace collapse to one space, and whitespace at the edges of block elements and
//    between blocks is dropped (HTML renders none of it);
//  - inside <pre>, one final newline is ignored (a fenced block always ends its code with one);
//  - URLs (href, src) are compared percent-decoded (a URL and its percent-encoded form name the same resource).
//
// Added for the headline ("semantic") rate — the structure markdown can express, nothing more:
//  - elements markdown has no syntax for (div, span, custom tags, <ins>, <textarea>...) are unwrapped: their content
//    stays, the tag goes; script, style, and other never-rendered elements go with their content;
//  - <i>≡<em>, <b>≡<strong>, <s>/<strike>≡<del> (markdown has one emphasis, one strong, one strikethrough);
//  - only attributes markdown can carry survive: a[href,title], img[src,alt,title], ol[start≠1],
//    pre language (from class="language-x" on <pre> or <code>), input[type=checkbox,checked];
//  - <pre> compares as its text and language (a fenced block always renders <pre><code>);
//  - inline content sitting directly in <body> or <blockquote> next to nothing but inline content compares as one
//    paragraph (CSS gives it an anonymous block box; markdown writes it as a paragraph);
//  - <a> without href is unwrapped (it is not a link);
//  - empty paragraphs are dropped.
import { parseHTML } from 'linkedom';

const VOID = new Set(['br', 'hr', 'img', 'input']);
const DROP = new Set([
  'script',
  'style',
  'textarea',
  'template',
  'head',
  'title',
  'iframe',
  'noscript',
  'select',
  'svg',
]);
const BLOCK = new Set([
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'ul',
  'ol',
  'li',
  'pre',
  'hr',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'td',
  'th',
  'div',
  'body',
  'html',
  'section',
  'article',
  'dl',
  'dt',
  'dd',
  'figure',
  'caption',
]);
const MARKDOWN = new Set([
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'ul',
  'ol',
  'li',
  'pre',
  'code',
  'em',
  'strong',
  'del',
  'a',
  'img',
  'br',
  'hr',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'input',
]);
const ALIAS = { i: 'em', b: 'strong', s: 'del', strike: 'del' };
const ANONYMOUS_PARAGRAPH_HOSTS = new Set(['body', 'blockquote']);

function decodeUrl(url) {
  try {
    return decodeURI(url);
  } catch {
    return url;
  }
}

function languageOf(el) {
  const code = [...el.childNodes].find((n) => n.nodeType === 1 && n.localName === 'code');
  const cls = `${code?.getAttribute('class') ?? ''} ${el.getAttribute('class') ?? ''}`;
  const m = /(?:^|\s)lang(?:uage)?-(\S+)/.exec(cls);
  return m ? m[1] : '';
}

/** The attributes markdown can express, for an element kept in the semantic comparison. */
function semanticAttrs(node, tag) {
  const attrs = [];
  const pick = (name) => {
    const v = node.getAttribute(name);
    if (v !== null) attrs.push([name, v]);
  };
  if (tag === 'a') ['href', 'title'].forEach(pick);
  if (tag === 'img') {
    ['src', 'title'].forEach(pick);
    attrs.push(['alt', node.getAttribute('alt') ?? '']);
  }
  if (tag === 'ol') {
    const start = node.getAttribute('start');
    if (start !== null && parseInt(start, 10) !== 1) attrs.push(['start', String(parseInt(start, 10))]);
  }
  if (tag === 'input') {
    pick('type');
    if (node.hasAttribute('checked')) attrs.push(['checked', '']);
  }
  return attrs;
}

/** The trees of `node`'s children, unwrapped elements spliced in. */
function childTrees(node, semantic, pre) {
  const children = [];
  for (const child of node.childNodes) {
    const t = toTree(child, semantic, pre);
    if (t === null) continue;
    if (Array.isArray(t)) children.push(...t);
    else children.push(t);
  }
  return children;
}

/** A tree of {tag, attrs, children} | string, canonicalised. */
function toTree(node, semantic, inPre) {
  if (node.nodeType === 3) return node.data;
  if (node.nodeType !== 1) return null;
  let tag = node.localName;
  if (DROP.has(tag)) return null;
  if (semantic) tag = ALIAS[tag] ?? tag;
  const keep = !semantic || (MARKDOWN.has(tag) && !(tag === 'a' && !node.hasAttribute('href')));
  let attrs = [];
  if (!semantic) attrs = node.attributes ? [...node.attributes].map((a) => [a.name, a.value]) : [];
  else if (keep) attrs = semanticAttrs(node, tag);
  attrs = attrs
    .map(([k, v]) => [k, k === 'href' || k === 'src' ? decodeUrl(v) : v])
    .sort((a, b) => (a[0] < b[0] ? -1 : 1));
  if (semantic && tag === 'pre') {
    const text = node.textContent.replace(/\n$/, '');
    const language = languageOf(node);
    return { tag: 'pre', attrs: language ? [['lang', language]] : [], children: [text], pre: true };
  }
  const pre = inPre || tag === 'pre';
  const children = childTrees(node, semantic, pre);
  if (!keep) return BLOCK.has(tag) ? [BOUNDARY, ...children, BOUNDARY] : children;
  return { tag, attrs, children, pre };
}

/** Where an unwrapped block element (a div) stood: no markup, but still a block boundary. */
const BOUNDARY = { tag: '#boundary', attrs: [], children: [] };
const isBlock = (t) => typeof t !== 'string' && (t === BOUNDARY || BLOCK.has(t.tag));

function wrapAnonymousParagraphs(tree) {
  if (typeof tree === 'string') return tree;
  tree.children = tree.children.map(wrapAnonymousParagraphs);
  if (!ANONYMOUS_PARAGRAPH_HOSTS.has(tree.tag)) return tree;
  const out = [];
  let run = [];
  const flushRun = () => {
    if (run.some((t) => typeof t !== 'string' || t.trim() !== '')) out.push({ tag: 'p', attrs: [], children: run });
    run = [];
  };
  for (const child of tree.children) {
    if (isBlock(child)) {
      flushRun();
      out.push(child);
    } else run.push(child);
  }
  flushRun();
  tree.children = out;
  return tree;
}

const escapeText = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function serialize(tree, out) {
  if (typeof tree === 'string') {
    out.push({ text: tree });
    return;
  }
  if (tree === BOUNDARY) {
    out.push({ open: '#boundary', markup: '', block: true });
    return;
  }
  const attrs = tree.attrs.map(([k, v]) => ` ${k}="${escapeText(v).replace(/"/g, '&quot;')}"`).join('');
  out.push({ open: tree.tag, markup: `<${tree.tag}${attrs}>`, block: BLOCK.has(tree.tag), pre: tree.pre });
  for (const c of tree.children) serialize(c, out);
  if (!VOID.has(tree.tag))
    out.push({ close: tree.tag, markup: `</${tree.tag}>`, block: BLOCK.has(tree.tag), pre: tree.pre });
}

/**
 * Whitespace as HTML renders it: outside <pre>, runs collapse to one space across inline tags, and a space at the
 * start or end of a line (next to a block boundary or a <br>) disappears.
 */
function render(tokens) {
  let s = '';
  let atLineStart = true;
  let lastSpace = false;
  const endsLine = (i) => {
    for (let j = i + 1; j < tokens.length; j++) {
      const t = tokens[j];
      if (t.text !== undefined) {
        if (t.pre || t.text.replace(/[ \t\n\r\f]+/g, '') !== '') return false;
        continue;
      }
      if (t.block || t.open === 'br') return true;
      if (t.open === 'img' || t.open === 'input') return false;
    }
    return true;
  };
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.text === undefined) {
      s += t.markup;
      if (t.block || t.open === 'br') {
        atLineStart = true;
        lastSpace = false;
      } else if (t.open === 'img' || t.open === 'input') {
        atLineStart = false;
        lastSpace = false;
      }
      continue;
    }
    if (t.pre) {
      s += escapeText(t.text);
      atLineStart = false;
      lastSpace = false;
      continue;
    }
    let text = t.text.replace(/[ \t\n\r\f]+/g, ' ');
    if (atLineStart || lastSpace) text = text.replace(/^ /, '');
    if (text === '') continue;
    if (text.endsWith(' ') && endsLine(i)) text = text.slice(0, -1);
    if (text === '') continue;
    s += escapeText(text);
    atLineStart = false;
    lastSpace = text.endsWith(' ');
  }
  return s;
}

function markPre(tokens) {
  let depth = 0;
  for (const t of tokens) {
    if (t.open === 'pre') depth++;
    if (t.close === 'pre') depth--;
    if (t.text !== undefined) t.pre = depth > 0;
  }
  return tokens;
}

function mergeText(tokens) {
  const out = [];
  for (const t of tokens) {
    const last = out[out.length - 1];
    if (t.text !== undefined && last && last.text !== undefined) last.text += t.text;
    else out.push({ ...t });
  }
  return out;
}

function dropEmptyParagraphs(s) {
  let prev;
  do {
    prev = s;
    s = s.replace(/<p> ?<\/p>/g, '');
  } while (s !== prev);
  return s;
}

/** `semantic` false: the strict form; true: the markdown-expressible form (see the header). */
export function canonicalHtml(html, { semantic = true } = {}) {
  const { document } = parseHTML(`<!DOCTYPE html><html><head></head><body>${html}</body></html>`);
  let tree = toTree(document.body, semantic, false);
  if (Array.isArray(tree)) tree = { tag: 'body', attrs: [], children: tree };
  if (semantic) tree = wrapAnonymousParagraphs(tree);
  const tokens = [];
  serialize(tree, tokens);
  let s = render(mergeText(markPre(tokens)));
  // Inside <pre>, one trailing newline is not content.
  s = s.replace(/\n(<\/code>)?<\/pre>/g, '$1</pre>');
  return semantic ? dropEmptyParagraphs(s) : s;
}
