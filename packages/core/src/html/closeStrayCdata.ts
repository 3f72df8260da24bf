// In HTML content a browser reads `<![CDATA[` as a bogus comment that ends at the first `>`; only inside SVG and
// MathML is it a real CDATA section running to `]]>`. htmlparser2 (under linkedom) runs it to `]]>` everywhere, so a
// stray `<![CDATA[` in a page's body (some forum skins print one) swallows the whole rest of the page. This rewrites
// such openers into the comment a browser would see, before parsing. Raw-text elements and foreign content keep theirs.

const OPENER = '<![CDATA[';
const OPENER_REST = OPENER.slice(3);
/** Elements whose contents the parser reads as text (a CDATA opener there is just text) or as foreign content. */
const SHIELDING_TAGS = ['script', 'style', 'textarea', 'title', 'xmp', 'svg', 'math'];

/** Start and end tags of SHIELDING_TAGS, found case-insensitively in one forward pass. */
const SHIELDING_TAG_SOURCE = `<(\\/?)(${SHIELDING_TAGS.join('|')})`;
/** The one character whose lower case is longer than itself (U+0130 -> i + U+0307). */
const LENGTH_CHANGING_LOWER = '\u0130';

/** Returns the markup unchanged unless it has a CDATA opener outside raw text and foreign content. */
export function closeStrayCdata(html: string): string {
  let at = nextOpener(html, 0);
  if (at === -1) return html;
  // Positions were always read on html.toLowerCase(); the one-pass tracker reads them on html itself, which is the
  // same string unless a U+0130 shifts them: those rare pages keep the original backward search, so no output moves.
  const shielded = html.includes(LENGTH_CHANGING_LOWER) ? backwardSearch(html.toLowerCase()) : forwardTracker(html);
  const out: string[] = [];
  let copied = 0;
  for (; at !== -1; at = nextOpener(html, at + OPENER.length)) {
    if (shielded(at)) continue;
    const end = html.indexOf('>', at + OPENER.length);
    // Unclosed at the end of the input: a browser makes the rest a comment too, as the parser already does.
    if (end === -1) break;
    out.push(html.slice(copied, at), '<!--', html.slice(at + 2, end), '-->');
    copied = end + 1;
    at = end + 1 - OPENER.length;
  }
  if (copied === 0) return html;
  out.push(html.slice(copied));
  return out.join('');
}

/**
 * `html.indexOf(OPENER, from)`, found through its first three characters: V8 finds the short `<![` about twice as
 * fast as the whole opener on the two-byte strings most pages are (a typographic quote makes one), and this search
 * runs over every page.
 */
function nextOpener(html: string, from: number): number {
  let at = html.indexOf('<![', from);
  while (at !== -1 && !html.startsWith(OPENER_REST, at + 3)) at = html.indexOf('<![', at + 1);
  return at;
}

/**
 * "Is position `at` inside a shielding element" for increasing `at`: one regex pass over the page replaces a
 * lower-cased copy and fourteen backward searches per opener (pages often carry dozens of `//<![CDATA[` scripts).
 */
function forwardTracker(html: string): (at: number) => boolean {
  const lastStart = new Map<string, number>();
  const lastEnd = new Map<string, number>();
  const pattern = new RegExp(SHIELDING_TAG_SOURCE, 'gi');
  let pending = pattern.exec(html);
  return (at) => {
    for (; pending !== null && pending.index < at; pending = pattern.exec(html)) {
      const tag = (pending[2] as string).toLowerCase();
      if (pending[1]) lastEnd.set(tag, pending.index);
      else if (endsTagName(html.charCodeAt(pending.index + 1 + tag.length))) lastStart.set(tag, pending.index);
    }
    for (const [tag, start] of lastStart) if (start > (lastEnd.get(tag) ?? -1)) return true;
    return false;
  };
}

/** The original test on the lower-cased page: the last start tag before `at` comes after the last end tag. */
function backwardSearch(lower: string): (at: number) => boolean {
  return (at) => {
    for (const tag of SHIELDING_TAGS) {
      const open = lastTagStart(lower, `<${tag}`, at);
      if (open !== -1 && open > lower.lastIndexOf(`</${tag}`, at)) return true;
    }
    return false;
  };
}

/** The last `<tag` before `at` that is a whole tag name (`<s` must not match `<span`). */
function lastTagStart(lower: string, prefix: string, at: number): number {
  for (let i = lower.lastIndexOf(prefix, at); i !== -1; i = i === 0 ? -1 : lower.lastIndexOf(prefix, i - 1)) {
    if (endsTagName(lower.charCodeAt(i + prefix.length))) return i;
  }
  return -1;
}

/** Whitespace, '>' or '/' ends a tag name. */
function endsTagName(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 12 || code === 13 || code === 62 || code === 47;
}
