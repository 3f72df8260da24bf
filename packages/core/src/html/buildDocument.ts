// linkedom's tree, built straight from htmlparser2's tokenizer. linkedom parses through htmlparser2's Parser, which
// turns each token into strings and a per-tag attribute object for its callbacks, keeps its open-element stack with
// Array#unshift, and linkedom then walks those objects again to link nodes. This builder takes the tokenizer's
// positions itself and writes linkedom's node list (each node's next/prev links, an element's end marker after its
// subtree) in document order, with the Parser's rules for implied end tags, void elements, foreign content and stray
// end tags and linkedom's rules for SVG and doctypes, so the tree is the one linkedom's parseHTML gives (a test
// compares them node by node; benchmarks/core-html/sameTree.mjs does on whole corpora).
import { DOMParser } from 'linkedom';
import { FastTokenizer } from './fastTokenizer.js';
import { END, NEXT, PREV, VALUE } from './linkedomLinks.js';

/** A linkedom node as the builder sees it: its public fields plus linkedom's private symbol-keyed links. */
type LinkedNode = Record<symbol, unknown> & { parentNode: LinkedNode | null; localName: string };
type LinkedDocument = LinkedNode & {
  createElement(name: string): LinkedNode;
  createElementNS(namespace: string, name: string): LinkedNode;
  createTextNode(text: string): LinkedNode;
  createComment(text: string): LinkedNode;
  createAttribute(name: string): LinkedNode & { ownerElement: LinkedNode | null };
  doctype: unknown;
};

const SVG_NAMESPACE = 'http://www.w3.org/2000/svg';

/** htmlparser2's void elements: never on the stack, closed right after their start tag. */
const VOID = new Set([
  ...['area', 'base', 'basefont', 'br', 'col', 'command', 'embed', 'frame', 'hr', 'img', 'input', 'isindex'],
  ...['keygen', 'link', 'meta', 'param', 'source', 'track', 'wbr'],
]);
const P = new Set(['p']);
const FORM_CONTROLS = new Set(['input', 'option', 'optgroup', 'select', 'button', 'datalist', 'textarea']);
const TABLE_SECTIONS = new Set(['thead', 'tbody']);
const DD_DT = new Set(['dd', 'dt']);
const RT_RP = new Set(['rt', 'rp']);
/** Start tags that close an open form control on top (htmlparser2's rule). */
const FORM_OPENERS = ['select', 'input', 'output', 'button', 'datalist', 'textarea'];
/** Start tags that close an open <p> on top (htmlparser2's rule). */
const P_CLOSERS = [
  ...['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'address', 'article', 'aside', 'blockquote', 'details', 'div', 'dl'],
  ...['fieldset', 'figcaption', 'figure', 'footer', 'form', 'header', 'hr', 'main', 'nav', 'ol', 'pre', 'section'],
  ...['table', 'ul'],
];
/** htmlparser2's implied end tags: a start tag closes open elements of these names while they are on top. */
const IMPLIED_CLOSE = new Map<string, Set<string>>([
  ['tr', new Set(['tr', 'th', 'td'])],
  ['th', new Set(['th'])],
  ['td', new Set(['thead', 'th', 'td'])],
  ['body', new Set(['head', 'link', 'script'])],
  ['li', new Set(['li'])],
  ['option', new Set(['option'])],
  ['optgroup', new Set(['optgroup', 'option'])],
  ['dd', DD_DT],
  ['dt', DD_DT],
  ['rt', RT_RP],
  ['rp', RT_RP],
  ['tbody', TABLE_SECTIONS],
  ['tfoot', TABLE_SECTIONS],
  ...FORM_OPENERS.map((n): [string, Set<string>] => [n, FORM_CONTROLS]),
  ...P_CLOSERS.map((n): [string, Set<string>] => [n, P]),
]);
/** Where htmlparser2 honours `/>` (foreign content) and where it stops doing so again. */
const FOREIGN = new Set(['math', 'svg']);
const HTML_INTEGRATION = new Set([
  ...['mi', 'mo', 'mn', 'ms', 'mtext', 'annotation-xml', 'foreignobject', 'desc', 'title'],
]);
/** Attribute names a plain object does not keep as written (array indices go first; `__proto__` is not a key): a
 *  name opening with an ASCII digit, or `__proto__`. */
function isOddAttributeName(name: string): boolean {
  const first = name.charCodeAt(0);
  return (first >= 48 && first <= 57) || name === '__proto__';
}
/** How many spellings of tag names are remembered across pages (hostile pages cannot grow it further). */
const NAMES_LIMIT = 4096;
/** Tag names as written → lower case, shared by every page: each element then holds one shared string instead of
 *  its own copy, the lower-casing is done once per spelling, and later name tests compare the same string. */
const TAG_NAMES = new Map<string, string>();

/** A copy of a name that does not point into the page it was cut from (kept for good, it must not keep the page). */
function ownCopy(name: string): string {
  return Array.from(name).join('');
}

function tagNameOf(raw: string): string {
  const known = TAG_NAMES.get(raw);
  if (known !== undefined) return known;
  const name = raw.toLowerCase();
  if (TAG_NAMES.size >= NAMES_LIMIT) return name;
  const shared = ownCopy(name);
  TAG_NAMES.set(ownCopy(raw), shared);
  return shared;
}

/** Above this many attributes on one tag, duplicates are found with a set instead of a scan. */
const SCAN_LIMIT = 16;

class TreeBuilder {
  readonly document: LinkedDocument;
  private readonly html: string;
  /** The last node written to the document's list; the next one links after it. */
  private last: LinkedNode;
  private parent: LinkedNode;
  /** Open elements, innermost last (htmlparser2's stack of names, as the elements themselves). */
  private readonly open: LinkedNode[] = [];
  /** Whether `/>` closes an element here, innermost last (htmlparser2's foreign-context stack). */
  private readonly foreign: boolean[] = [false];
  private svgRoot: LinkedNode | null = null;
  private tagName = '';
  private inTag = false;
  private attributeName = '';
  private attributeValue = '';
  /** The open tag's attributes so far: the first `count` entries of `names` and `values`. The arrays are reused
   *  from tag to tag and never truncated (an array set to length 0 drops its storage, and the next push allocates
   *  it again: two short-lived arrays per element, young garbage collected while the live tree is copied). */
  private readonly names: string[] = [];
  private readonly values: string[] = [];
  private count = 0;
  private seen: Set<string> | null = null;
  /** The depth of the deepest element so far (a child of the document is 1). */
  maxDepth = 0;

  constructor(document: LinkedDocument, html: string) {
    this.document = document;
    this.html = html;
    this.last = document;
    this.parent = document;
  }

  private link(node: LinkedNode): void {
    this.last[NEXT] = node;
    node[PREV] = this.last;
    this.last = node;
  }

  private appendText(text: string): void {
    const node = this.document.createTextNode(text);
    node.parentNode = this.parent;
    this.link(node);
  }

  ontext(start: number, end: number): void {
    this.appendText(this.html.slice(start, end));
  }

  ontextentity(codePoint: number): void {
    this.appendText(String.fromCodePoint(codePoint));
  }

  onopentagname(start: number, end: number): void {
    this.startTag(tagNameOf(this.html.slice(start, end)));
  }

  private startTag(name: string): void {
    const closes = IMPLIED_CLOSE.get(name);
    if (closes) {
      while (this.open.length > 0 && closes.has((this.open[this.open.length - 1] as LinkedNode).localName)) {
        this.closeInnermost();
      }
    }
    if (!VOID.has(name)) {
      if (FOREIGN.has(name)) this.foreign.push(true);
      else if (HTML_INTEGRATION.has(name)) this.foreign.push(false);
    }
    this.tagName = name;
    this.inTag = true;
  }

  onattribname(start: number, end: number): void {
    this.attributeName = this.html.slice(start, end);
  }

  onattribdata(start: number, end: number): void {
    this.attributeValue += this.html.slice(start, end);
  }

  onattribentity(codePoint: number): void {
    this.attributeValue += String.fromCodePoint(codePoint);
  }

  onattribend(): void {
    const name = this.attributeName;
    const value = this.attributeValue;
    this.attributeValue = '';
    if (!this.inTag || this.isDuplicate(name)) return;
    this.names[this.count] = name;
    this.values[this.count] = value;
    this.count++;
  }

  /** The first of repeated attribute names wins, as in htmlparser2's attribute object. */
  private isDuplicate(name: string): boolean {
    const { names, count } = this;
    if (count < SCAN_LIMIT) {
      for (let i = 0; i < count; i++) if (names[i] === name) return true;
      return false;
    }
    if (!this.seen) this.seen = new Set(names.slice(0, count));
    if (this.seen.has(name)) return true;
    this.seen.add(name);
    return false;
  }

  onopentagend(): void {
    this.endStartTag();
  }

  /** The start tag is complete: the element goes in with its attributes (a void one is closed at once). */
  private endStartTag(): void {
    const name = this.tagName;
    const { document } = this;
    let element: LinkedNode;
    if (this.svgRoot) {
      element = document.createElementNS(SVG_NAMESPACE, name);
      (element as { ownerSVGElement?: LinkedNode }).ownerSVGElement = this.svgRoot;
    } else if (name === 'svg') {
      element = document.createElementNS(SVG_NAMESPACE, name);
      this.svgRoot = element;
    } else element = document.createElement(name);
    element.parentNode = this.parent;
    this.link(element);
    this.writeAttributes(element);
    if (this.open.length >= this.maxDepth) this.maxDepth = this.open.length + 1;
    this.tagName = '';
    this.inTag = false;
    if (VOID.has(name)) this.closeElement(element);
    else {
      this.open.push(element);
      this.parent = element;
    }
  }

  private writeAttributes(element: LinkedNode): void {
    const { names, values, document } = this;
    let odd = false;
    for (let i = 0; i < this.count && !odd; i++) odd = isOddAttributeName(names[i] as string);
    const order = odd ? this.keyOrder() : null;
    const count = order ? order.length : this.count;
    for (let k = 0; k < count; k++) {
      const i = order ? (order[k] as number) : k;
      const attribute = document.createAttribute(names[i] as string);
      attribute[VALUE] = values[i];
      attribute.ownerElement = element;
      this.link(attribute);
    }
    this.count = 0;
    this.seen = null;
  }

  /** The order linkedom saw attributes in: the keys of a plain object holding them, as htmlparser2 builds it. */
  private keyOrder(): number[] {
    const holder: Record<string, number> = {};
    for (let i = 0; i < this.count; i++) holder[this.names[i] as string] = i;
    return Object.keys(holder).map((key) => holder[key] as number);
  }

  private closeElement(element: LinkedNode): void {
    if (element === this.svgRoot) this.svgRoot = null;
    this.link(element[END] as LinkedNode);
    this.parent = element.parentNode as LinkedNode;
  }

  private closeInnermost(): void {
    const element = this.open.pop() as LinkedNode;
    this.closeElement(element);
  }

  onclosetag(start: number, end: number): void {
    const name = tagNameOf(this.html.slice(start, end));
    if (FOREIGN.has(name) || HTML_INTEGRATION.has(name)) this.foreign.pop();
    if (VOID.has(name)) {
      // `</br>` is a <br>; other void end tags are dropped.
      if (name === 'br') {
        this.tagName = 'br';
        this.endStartTag();
      }
      return;
    }
    const { open } = this;
    let at = open.length - 1;
    while (at >= 0 && (open[at] as LinkedNode).localName !== name) at--;
    if (at >= 0) {
      while (open.length > at) this.closeInnermost();
    } else if (name === 'p') {
      // A stray `</p>` is an empty <p>.
      this.startTag('p');
      this.endStartTag();
      this.closeInnermost();
    }
  }

  onselfclosingtag(): void {
    if (!this.foreign[this.foreign.length - 1]) {
      this.endStartTag();
      return;
    }
    const element = this.open.length;
    this.endStartTag();
    if (this.open.length > element) this.closeInnermost();
  }

  ondeclaration(start: number, end: number): void {
    const value = this.html.slice(start, end);
    const space = value.search(/\s|\//);
    const name = (space < 0 ? value : value.slice(0, space)).toLowerCase();
    if (name !== 'doctype') return;
    // linkedom's setter links the doctype right after the document; when nothing came before it, it is the last node.
    const { document } = this;
    const first = document[NEXT];
    document.doctype = value.slice(name.length).trim();
    if (this.last === document && document[NEXT] !== first) this.last = document[NEXT] as LinkedNode;
  }

  onprocessinginstruction(): void {
    // linkedom keeps only the doctype; `<?xml …?>` and the like leave no node.
  }

  oncomment(start: number, end: number, offset: number): void {
    this.appendComment(this.html.slice(start, end - offset));
  }

  oncdata(start: number, end: number, offset: number): void {
    this.appendComment(`[CDATA[${this.html.slice(start, end - offset)}]]`);
  }

  private appendComment(text: string): void {
    const node = this.document.createComment(text);
    node.parentNode = this.parent;
    this.link(node);
  }

  onend(): void {
    while (this.open.length > 0) this.closeInnermost();
    this.link(this.document[END] as LinkedNode);
  }
}

/** What the parse saw on the way, for steps that would otherwise walk the tree to learn it. */
export interface BuildFacts {
  /** The depth of the deepest element the parse made (a child of the document is 1; later moves not counted). */
  depth: number;
}

/** Parses HTML into a linkedom document, as linkedom's parseHTML(html).document would; `facts`, when given, is
 *  filled in. */
export function buildDocument(html: string, facts?: BuildFacts): Document {
  const document = new DOMParser().parseFromString('', 'text/html') as unknown as LinkedDocument;
  if (facts) facts.depth = 0;
  if (!html) return document as unknown as Document;
  const builder = new TreeBuilder(document, html);
  const tokenizer = new FastTokenizer(builder);
  tokenizer.write(html);
  tokenizer.end();
  if (facts) facts.depth = builder.maxDepth;
  return document as unknown as Document;
}
