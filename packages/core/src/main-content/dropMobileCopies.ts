// Responsive pages often ship a block twice: once for wide screens and once, in another place of the layout, for phones
// (a product's buy box above the gallery on mobile, a feature list as a slider). The phone copy carries the grid
// framework's "hidden on large screens" class (Bootstrap's d-lg-none / hidden-lg, Tailwind's lg:hidden, Foundation's
// hide-for-large, Elementor's elementor-hidden-desktop, ...) or a class naming the component's phone layout
// ("card--mobile", "title-mobile"). Such a block whose text already stands elsewhere in the content is a copy a reader
// of the page at desktop width never sees: it goes. A phone-only block with text of its own stays (it may be the only
// place a text is written).
import type { NodeStats } from './measureTree.js';
import { forEachTextPiece } from './textPieces.js';
import type { TraceSink } from './traceEvents.js';
import { COPY_MIN_CHARS, COPY_MIN_SHARE } from './tunables.js';

/** Utility classes that hide an element from tablet/desktop widths up (shown on phones only). */
const MOBILE_ONLY = new RegExp(
  String.raw`(?:^|\s)(?:(?:vc_)?hidden-lg|visible-xs|d-(?:md|lg|xl)-none|(?:md|lg|xl):hidden` +
    String.raw`|hide-for-(?:medium|large)(?:-up)?|show-for-small-only|elementor-hidden-desktop|hidden-desktop` +
    String.raw`|hide-desktop|desktop-hidden|hide-on-desktop|mobile-only|only-mobile|(?:medium|large)-up-?-hide)` +
    String.raw`(?=\s|$)`,
);
/** ...unless another class shows it again at desktop width ("md:hidden lg:block", "d-md-none d-lg-flex"). */
const SHOWN_ON_DESKTOP = new RegExp(
  String.raw`(?:^|\s)(?:(?:lg|xl|2xl):(?:block|flex|grid|inline|inline-block|inline-flex|table|contents)` +
    String.raw`|d-(?:lg|xl)-(?:block|flex|grid|inline|inline-block|inline-flex|table)|visible-(?:md|lg))` +
    String.raw`(?=\s|$)`,
);
/** A class naming the phone layout of a component ("card--mobile", "price-mobile", "titleMobile"), not a setting or
 *  a hiding rule for phones ("hidden-mobile", "widget-mobile__width-inherit"). */
const MOBILE_WORD = /(?:^|[_-])mobile$|^mobile[_-]|[a-z]Mobile$/;
const NOT_LAYOUT = /hid|hide|^no[_-]|not[_-]|desktop|width|align|order|size|padding|margin|toggle|menu|nav/i;

function namesMobileLayout(cls: string): boolean {
  if (!cls.includes('obile')) return false;
  for (const t of cls.split(/\s+/))
    if (t.length > 6 && MOBILE_WORD.test(t.includes('Mobile') ? t : t.toLowerCase()) && !NOT_LAYOUT.test(t))
      return true;
  return false;
}
/** Cheap pre-test before the regular expression: every class above contains one of these. */
const MARKERS = ['hid', 'none', 'hide', 'obile', 'visible', 'small'];

/** Whether a class list hides its element at desktop widths. */
export function isMobileOnly(cls: string): boolean {
  if (cls === '' || !MARKERS.some((m) => cls.includes(m))) return false;
  return (MOBILE_ONLY.test(cls) || namesMobileLayout(cls)) && !SHOWN_ON_DESKTOP.test(cls);
}

/** Marks phone-only copies of text found elsewhere in the root as removed (see above). `removed` is extended in
 *  place. */
export function dropMobileCopies(root: NodeStats, removed: Set<NodeStats>, trace?: TraceSink): void {
  const candidates: NodeStats[] = [];
  const stack: NodeStats[] = [root];
  while (stack.length > 0) {
    const s = stack.pop()!;
    if (removed.has(s) || s.text === 0) continue;
    if (s !== root && s.text >= COPY_MIN_CHARS && isMobileOnly(s.cls)) {
      candidates.push(s);
      continue;
    }
    for (let i = 0; i < s.children.length; i++) stack.push(s.children[i]);
  }
  if (candidates.length === 0) return;
  // the text pieces of everything else the root keeps
  const skip = new Set<NodeStats>(candidates);
  const elsewhere = new Set<string>();
  for (const s of removed) skip.add(s);
  forEachTextPiece(root, (t) => elsewhere.add(squeeze(t)), skip);
  for (const s of candidates) {
    const pieces = new Map<string, number>();
    forEachTextPiece(
      s,
      (t) => {
        const q = squeeze(t);
        pieces.set(q, q.length);
      },
      removed,
    );
    let total = 0;
    let found = 0;
    for (const [t, n] of pieces) {
      total += n;
      if (elsewhere.has(t)) found += n;
    }
    if (total === 0 || found < COPY_MIN_SHARE * total) continue;
    removed.add(s);
    trace?.push(
      `drop ${s.el.localName}.${s.cls.trim().split(/\s+/).slice(0, 2).join('.')} ` +
        `text=${s.text}: a phone-only copy of text shown elsewhere`,
    );
  }
}

/** A piece's text for comparison: spaces removed, lower case. */
function squeeze(text: string): string {
  return text.replace(/\s+/g, '').toLowerCase();
}
