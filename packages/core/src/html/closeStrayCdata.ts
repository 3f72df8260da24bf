// In HTML content a browser reads `<![CDATA[` as a bogus comment that ends at the first `>`; only inside SVG and
// MathML is it a real CDATA section running to `]]>`. htmlparser2 (under linkedom) runs it to `]]>` everywhere, so a
// stray `<![CDATA[` in a page's body (some forum skins print one) swallows the whole rest of the page. This rewrites
// such openers into the comment a browser would see, before parsing. Raw-text elements and foreign content keep theirs.

const OPENER = '<![CDATA[';
/** Elements whose contents the parser reads as text (a CDATA opener there is just text) or as foreign content. */
const SHIELDING_TAGS = ['script', 'style', 'textarea', 'title', 'xmp', 'svg', 'math'];

/** Returns the markup unchanged unless it has a CDATA opener outside raw text and foreign content. */
export function closeStrayCdata(html: string): string {
  let at = html.indexOf(OPENER);
  if (at === -1) return html;
  const lower = html.toLowerCase();
  const out: string[] = [];
  let copied = 0;
  for (; at !== -1; at = html.indexOf(OPENER, at + OPENER.length)) {
    if (isShielded(lower, at)) continue;
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

/** Inside an element of SHIELDING_TAGS: its last start tag before `at` comes after its last end tag. */
function isShielded(lower: string, at: number): boolean {
  for (const tag of SHIELDING_TAGS) {
    const open = lastTagStart(lower, `<${tag}`, at);
    if (open !== -1 && open > lower.lastIndexOf(`</${tag}`, at)) return true;
  }
  return false;
}

/** The last `<tag` before `at` that is a whole tag name (`<s` must not match `<span`). */
function lastTagStart(lower: string, prefix: string, at: number): number {
  for (let i = lower.lastIndexOf(prefix, at); i !== -1; i = i === 0 ? -1 : lower.lastIndexOf(prefix, i - 1)) {
    const next = lower.charCodeAt(i + prefix.length);
    // whitespace, '>' or '/' ends the tag name
    if (next === 32 || next === 9 || next === 10 || next === 12 || next === 13 || next === 62 || next === 47) return i;
  }
  return -1;
}
