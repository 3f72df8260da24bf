// The text step of buildBlocks.ts, for the rows no table took: lines of running text → paragraphs, list items,
// captions and code. Each line either goes on with the open block (joined across the line break) or starts a new one
// (startsNewBlock: a marker, a caption, a size or style change, a paragraph gap, an indent, a short last line).
import { joinLine } from './joinLines.js';
import {
  blockFrom,
  CAPTION,
  type LayoutBlock,
  type LayoutKind,
  type Line,
  SENTENCE_END,
  SIZE_STEP,
} from './layoutLines.js';

/** Vertical gap beyond the usual line gap, in line heights, that starts a new paragraph. */
const PARAGRAPH_GAP = 0.45;
/** First-line indent, in ems, that starts a new paragraph. */
const INDENT_EM = 0.9;
/** A line ending this short of the column's right edge (share of the width) after a full stop ends a paragraph. */
const SHORT_LINE = 0.12;

// The text after the marker starts with a non-space (or is one blank at the end), so the blank run before it has one
// way to match: `\s*(.*)$` let the two share a run of blanks and rescanned it from each (quadratic).
const BULLET = /^([•◦▪▫●○■□►▸‣⁃∙·*\-–—✓✔➢➤☐☑☒\ufffd\ue000-\uf8ff])\s*(\S.*|)$/u;
const NUMBERED = /^(\(?(\d{1,3}|[a-z]|[ivx]{1,4})[.)])\s+(\S.*|[^\S\n\r\u2028\u2029])$/;

/** The marker typed on a keyboard, which prose also uses (a product, a footnote star); typographic bullets are kept. */
const TYPED_BULLET = /^\*$/;
/** The marker of a list's first item. */
const FIRST_MARKER = /^(?:1|a|i)$/;

/** The block being built from consecutive lines. */
interface OpenBlock {
  kind: LayoutKind;
  lines: Line[];
  text: string;
  marker?: string;
  /** Where the item's text starts (after its marker): a continued line of a list item is indented to here. */
  textX0: number;
}

/** The extent of the lines and their usual gap, against which indents, short lines and paragraph gaps are read. */
interface TextFrame {
  left: number;
  right: number;
  width: number;
  usualGap: number;
  bodySize: number;
}

function textFrame(lines: Line[], bodySize: number): TextFrame {
  const left = Math.min(...lines.map((l) => l.x0));
  const right = Math.max(...lines.map((l) => l.x1));
  const width = Math.max(1, right - left);
  const gaps: number[] = [];
  for (let i = 1; i < lines.length; i++) {
    const g = lines[i].y0 - lines[i - 1].y1;
    if (g >= 0) gaps.push(g);
  }
  gaps.sort((a, b) => a - b);
  const usualGap = gaps.length ? gaps[Math.floor(gaps.length / 2)] : 0;
  return { left, right, width, usualGap, bodySize };
}

interface ListMarkers {
  bullet: RegExpExecArray | null;
  numbered: RegExpExecArray | null;
}

/** The line's bullet or number, unless it is prose wrapped at what only looks like a marker. */
function listMarkers(line: Line, prev: Line | undefined, cur: OpenBlock | null, frame: TextFrame): ListMarkers {
  const em = line.size || frame.bodySize;
  let bullet = BULLET.exec(line.text);
  let numbered = bullet ? null : NUMBERED.exec(line.text);
  // A line that goes on from a full-width paragraph line at the same indent is prose wrapped there when what
  // looks like a marker is a typed `*` after an unfinished sentence ("… the area is 4 * 3"), or a number past
  // a list's first ("… as follows. 2. The next …"): a list starts at its first item.
  if ((bullet || numbered) && cur?.kind === 'paragraph' && prev && prev.x1 >= frame.right - SHORT_LINE * frame.width) {
    const aligned = Math.abs(line.x0 - prev.x0) < em * 0.5;
    if (aligned && bullet && TYPED_BULLET.test(bullet[1]) && !SENTENCE_END.test(prev.text)) bullet = null;
    if (aligned && numbered && !FIRST_MARKER.test(numbered[2])) numbered = null;
  }
  return { bullet, numbered };
}

/** Whether `line` starts a new block after `prev`, the last line of `cur` (a paragraph, list item or caption). */
function startsNewBlock(
  line: Line,
  prev: Line,
  cur: OpenBlock,
  { bullet, numbered }: ListMarkers,
  isCaption: boolean,
  frame: TextFrame,
): boolean {
  const { left, right, width, usualGap } = frame;
  const em = line.size || frame.bodySize;
  const h = Math.max(1, Math.min(prev.y1 - prev.y0, line.y1 - line.y0));
  const gap = line.y0 - prev.y1;
  if (bullet || (numbered && line.x0 <= cur.textX0 + em * 0.5 && cur.kind !== 'paragraph')) return true;
  if (numbered && cur.kind === 'paragraph' && SENTENCE_END.test(prev.text)) return true;
  if (isCaption) return true;
  if (Math.abs(line.size - prev.size) > SIZE_STEP || line.bold !== prev.bold) return true;
  // A short all-italic line (a run-in heading) against upright text, or the reverse.
  if (line.italic !== prev.italic && (line.italic ? line : prev).x1 < right - SHORT_LINE * width) return true;
  if (gap > usualGap + PARAGRAPH_GAP * h && gap > 0.3 * h) return true;
  if (gap < -h) return true; // went back up: a different flow
  if (cur.kind === 'list_item') return line.x0 < cur.lines[0].x0 + em * 0.3 && prev.x1 < right - SHORT_LINE * width;
  if (line.x0 > left + INDENT_EM * em && prev.x0 <= left + 0.5 * em && cur.lines.length > 0 && prev.x1 < right - em)
    return true;
  return prev.x1 < right - SHORT_LINE * width && SENTENCE_END.test(prev.text);
}

/** A new block opened by `line`: a list item after its marker, a caption or a paragraph. */
function openBlock(line: Line, { bullet, numbered }: ListMarkers, isCaption: boolean, bodySize: number): OpenBlock {
  const em = line.size || bodySize;
  if (bullet) {
    const textX0 = line.segs[0].textX0 ?? line.x0 + em;
    return { kind: 'list_item', lines: [line], text: bullet[2] || '', marker: '-', textX0 };
  }
  if (numbered && !looksLikeHeadingNumber(numbered[1], line, bodySize))
    return { kind: 'list_item', lines: [line], text: numbered[3], marker: numbered[1], textX0: line.x0 + em };
  return { kind: isCaption ? 'caption' : 'paragraph', lines: [line], text: line.text, textX0: line.x0 };
}

/** Lines of running text → paragraphs, list items, captions and code. */
export function textBlocks(lines: Line[], bodySize: number): LayoutBlock[] {
  const blocks: LayoutBlock[] = [];
  if (lines.length === 0) return blocks;
  const frame = textFrame(lines, bodySize);
  let cur: OpenBlock | null = null;
  const flush = () => {
    if (!cur) return;
    const b = blockFrom(cur.kind, cur.lines, cur.text, cur.kind === 'paragraph' ? 0.8 : 0.7);
    if (cur.marker) b.marker = cur.marker;
    blocks.push(b);
    cur = null;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const prev: Line | undefined = lines[i - 1];
    const em = line.size || bodySize;
    const markers = listMarkers(line, prev, cur, frame);
    const isCaption = CAPTION.test(line.text);
    if (line.mono) {
      // Monospaced lines are code: a line close under the code before goes on with it, keeping its indent.
      const indent = ' '.repeat(Math.max(0, Math.round((line.x0 - frame.left) / (em * 0.6))));
      if (cur && cur.kind === 'code' && prev && line.y0 - prev.y1 <= frame.usualGap + em * 1.2) {
        cur.lines.push(line);
        cur.text += `\n${indent}${line.segs.map((s) => s.text).join(' ')}`;
        continue;
      }
      flush();
      cur = { kind: 'code', lines: [line], text: indent + line.segs.map((s) => s.text).join(' '), textX0: line.x0 };
      continue;
    }
    const startNew = !cur || cur.kind === 'code' || !prev || startsNewBlock(line, prev, cur, markers, isCaption, frame);
    if (startNew) {
      flush();
      cur = openBlock(line, markers, isCaption, bodySize);
    } else if (cur) {
      const last = cur.lines[cur.lines.length - 1];
      cur.text = cur.text ? joinLine(cur.text, line.text, last.trailingSpace) : line.text;
      cur.lines.push(line);
    }
  }
  flush();
  return blocks;
}

/** "1 Introduction" in a bigger or bold font is a numbered heading, not a list item. */
function looksLikeHeadingNumber(marker: string, line: Line, bodySize: number): boolean {
  return /^\(?\d/.test(marker) && (line.bold || line.size > bodySize * 1.05) && line.text.length < 120;
}
