// Streamed server rendering (React 18+ Suspense over HTTP streaming) sends a page in two parts: the layout first, with
// a placeholder <template id="B:0"> (or "P:0") and a loading fallback where content is still coming, then, at the end
// of <body>, the content itself in a hidden <div hidden id="S:0"> plus a tiny script that moves it into place.
// A browser runs the script; a plain HTTP scrape does not, and would see the article hidden after the footer.
// This step does the script's move: the segment's children replace its placeholder, and the fallback goes when
// React's boundary comments (<!--$?--> ... <!--/$-->) still mark it.

/** Segment, boundary and placeholder ids as React writes them ("S:0", "B:1a", "P:f"). */
const SEGMENT_ID = /^S:[0-9a-z]+$/i;
/**
 * The completion calls, when the page still has its scripts: $RC("B:0","S:0") for boundaries, $RS("S:1","P:1") for
 * segments.
 */
const COMPLETION_CALL = /\$R([CS])\(\s*"([BPS]:[0-9a-z]+)"\s*,\s*"([BPS]:[0-9a-z]+)"/gi;
/** Boundary comments: a boundary opens with one of these and closes with "/$". */
const BOUNDARY_OPEN = new Set(['$', '$?', '$!']);
const BOUNDARY_CLOSE = '/$';

/** Whether the raw page can hold streamed segments at all: one text search (React always writes id="S:..."), far
 *  cheaper than walking the DOM. */
export function mayHaveStreamedContent(rawHtml: string): boolean {
  // 'S:' first: an uppercase S is rare in markup, so that search is several times faster than the full one.
  return rawHtml.includes('S:') && rawHtml.includes('id="S:');
}

/** Moves every hidden streamed segment into its placeholder. Returns how many segments were placed. */
export function resolveStreamedContent(document: Document, rawHtml: string): number {
  if (!mayHaveStreamedContent(rawHtml)) return 0;
  const targets = completionTargets(rawHtml);
  let placed = 0;
  for (const segment of Array.from(document.querySelectorAll('[hidden][id^="S:"]'))) {
    const id = segment.getAttribute('id') ?? '';
    if (!SEGMENT_ID.test(id) || segment.parentNode === null) continue;
    const suffix = id.slice(2);
    const target = findPlaceholder(document, targets.get(id) ?? [`P:${suffix}`, `B:${suffix}`]);
    if (target === null || target.contains(segment) || segment.contains(target)) continue;
    segment.remove();
    if (target.getAttribute('id')?.startsWith('B:')) fillBoundary(target, segment);
    else fillPlaceholder(target, segment);
    placed++;
  }
  return placed;
}

/** Placeholder ids each segment goes to, read from the completion scripts when the page kept them. */
function completionTargets(rawHtml: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const m of rawHtml.matchAll(COMPLETION_CALL)) {
    // $RC(boundary, segment) and $RS(segment, placeholder)
    const [segment, target] = m[1].toUpperCase() === 'C' ? [m[3], m[2]] : [m[2], m[3]];
    if (SEGMENT_ID.test(segment)) out.set(segment, [target]);
  }
  return out;
}

function findPlaceholder(document: Document, ids: string[]): Element | null {
  for (const id of ids) {
    const el = document.getElementById(id);
    if (el !== null && el.localName === 'template') return el;
  }
  return null;
}

/** A segment placeholder: the segment's children take the template's place. */
function fillPlaceholder(template: Element, segment: Element): void {
  const parent = template.parentNode!;
  while (segment.firstChild !== null) parent.insertBefore(segment.firstChild, template);
  template.remove();
}

/** The comment closing the boundary a template opens: the first close after it not taken by a nested boundary. */
function boundaryClose(template: Element): Node | null {
  let depth = 0;
  for (let n = template.nextSibling; n !== null; n = n.nextSibling) {
    if (n.nodeType !== 8) continue;
    const data = (n as Comment).data;
    if (data === BOUNDARY_CLOSE) {
      if (depth === 0) return n;
      depth--;
    } else if (BOUNDARY_OPEN.has(data)) depth++;
  }
  return null;
}

/** A boundary: the fallback between the template and the closing comment goes, the segment's children come in. */
function fillBoundary(template: Element, segment: Element): void {
  const parent = template.parentNode!;
  const opening = template.previousSibling;
  const end =
    opening !== null && opening.nodeType === 8 && BOUNDARY_OPEN.has((opening as Comment).data)
      ? boundaryClose(template)
      : null;
  if (end !== null) {
    while (template.nextSibling !== null && template.nextSibling !== end) template.nextSibling.remove();
    while (segment.firstChild !== null) parent.insertBefore(segment.firstChild, end);
    (opening as Comment).data = '$';
  } else {
    // The page lost its comments (saved copies often do): the fallback cannot be told apart, so it stays.
    while (segment.firstChild !== null) parent.insertBefore(segment.firstChild, template);
  }
  template.remove();
}
