// The text a reader sees in markdown, for the detectors: an address written with `<br>` reaches us as lines ending in
// a backslash (a hard break), and a leading `>` or `1.` comes escaped; read raw, a backslash glued to the street line
// cuts the address block there. Each character of the view remembers where it came from, so findings map back.

export interface PlainTextView {
  /** The markdown with hard-break backslashes, `<br>` tags, blockquote markers and escape backslashes removed. */
  text: string;
  /** For each view character, the offset in the markdown where its source starts (the backslash of an escape). */
  sourceStart: Int32Array;
  /** For each view character, the offset in the markdown just after its source. */
  sourceEnd: Int32Array;
  /** False when the view is the markdown itself (no mapping needed). */
  changed: boolean;
  /**
   * Markdown offsets of the dropped line-break syntax (hard-break backslashes, `<br>`, `>` markers): never replaced.
   */
  syntaxOffsets: number[];
}

/** CommonMark's escapable characters: ASCII punctuation. */
const ESCAPABLE = new Set('!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~');
/** `<br>`, `<br/>`, `<br />` in any case, as an HTML-in-markdown line break. */
const BR_RE = /^<br\s*\/?>/i;

/** Builds the view in one pass; a markdown with no backslash, `<br` or line-leading `>` is its own view. */
export function plainTextView(markdown: string): PlainTextView {
  const n = markdown.length;
  if (!/\\|<br|(?:^|\n)[ \t]{0,3}>/i.test(markdown)) {
    return {
      text: markdown,
      sourceStart: new Int32Array(0),
      sourceEnd: new Int32Array(0),
      changed: false,
      syntaxOffsets: [],
    };
  }
  // The view is built from runs of unchanged text; `runStart` is where the current run began in the markdown.
  let text = '';
  let runStart = 0;
  const starts = new Int32Array(n + 1);
  const ends = new Int32Array(n + 1);
  let len = 0;
  /** Ends the unchanged run at `at` (the markdown offset of dropped or replaced syntax). */
  const cut = (at: number): void => {
    text += markdown.slice(runStart, at);
  };
  const emit = (ch: string, from: number, to: number): void => {
    if (ch !== markdown[from] || to !== from + 1) {
      cut(from);
      text += ch;
      runStart = to;
    }
    starts[len] = from;
    ends[len] = to;
    len++;
  };
  const syntaxOffsets: number[] = [];
  let lineStart = true;
  for (let i = 0; i < n; i++) {
    const c = markdown[i];
    if (lineStart) {
      lineStart = false;
      // Blockquote markers (`>`, `> >`) at a line start are syntax, not text.
      const j = quoteMarkersEnd(markdown, i);
      if (j > i) {
        pushRange(syntaxOffsets, i, j);
        cut(i);
        runStart = j;
        i = j - 1;
        continue;
      }
    }
    // A backslash before a line break is a hard break; before ASCII punctuation, an escape.
    const escaped = c === '\\' && i + 1 < n ? markdown[i + 1] : '';
    if (escaped === '\n') {
      emit('\n', i, i + 2);
      syntaxOffsets.push(i);
      i++;
      lineStart = true;
      continue;
    }
    if (ESCAPABLE.has(escaped)) {
      emit(escaped, i, i + 2);
      i++;
      continue;
    }
    const br = c === '<' ? brLength(markdown, i) : 0;
    if (br > 0) {
      emit('\n', i, i + br);
      pushRange(syntaxOffsets, i, i + br);
      i += br - 1;
      continue;
    }
    emit(c, i, i + 1);
    if (c === '\n') lineStart = true;
  }
  cut(n);
  starts[len] = n;
  ends[len] = n;
  return {
    text,
    sourceStart: starts.subarray(0, len + 1),
    sourceEnd: ends.subarray(0, len + 1),
    changed: true,
    syntaxOffsets,
  };
}

/** Adds the offsets `from`..`to - 1` to `offsets`. */
function pushRange(offsets: number[], from: number, to: number): void {
  for (let k = from; k < to; k++) offsets.push(k);
}

/** Where the blockquote markers (up to three spaces, then `>`, `> >`, …) at line start `i` end; `i` when none. */
function quoteMarkersEnd(markdown: string, i: number): number {
  const n = markdown.length;
  let j = i;
  while (j < n && j - i < 3 && markdown[j] === ' ') j++;
  if (markdown[j] !== '>') return i;
  while (markdown[j] === '>') {
    j++;
    if (markdown[j] === ' ') j++;
    while (markdown[j] === ' ' && markdown[j + 1] === '>') j++;
  }
  return j;
}

/** The length of a `<br>` tag at `i` (the `<` is there), or 0. */
function brLength(markdown: string, i: number): number {
  if (markdown[i + 1] !== 'b' && markdown[i + 1] !== 'B') return 0;
  const m = BR_RE.exec(markdown.slice(i, i + 8));
  return m ? m[0].length : 0;
}

/** Maps a `[start, end)` range of the view to the markdown range that holds it. */
export function mapToSource(view: PlainTextView, start: number, end: number): [number, number] {
  if (!view.changed) return [start, end];
  if (end <= start) return [view.sourceStart[start], view.sourceStart[start]];
  return [view.sourceStart[start], view.sourceEnd[end - 1]];
}
