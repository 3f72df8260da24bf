// Resolves overlapping findings and writes the replacements, never touching markdown syntax characters.
import type { OffsetSet } from './findMarkdownStructure.js';
import type { PiiCandidate, PiiEntity, PiiReplaceStyle, PiiSpan } from './piiTypes.js';
import { isSpace, trailingRunStart } from '../text/trailingRun.js';

/** When findings overlap, the merged span takes the most specific type (a card inside an "address" stays a card). */
const TYPE_PRIORITY: readonly PiiEntity[] = [
  'SECRET',
  'URL_CREDENTIALS',
  'EMAIL',
  'FINANCIAL',
  'ID',
  'IP',
  'PHONE',
  'DATE_OF_BIRTH',
  'ADDRESS',
  'ORGANIZATION',
  'PERSON',
  'LOCATION',
];
const MASK_CHAR = '█';

/** Unions overlapping or touching-by-overlap candidates into disjoint spans, sorted by start. */
export function mergeCandidates(candidates: PiiCandidate[]): PiiSpan[] {
  const sorted = [...candidates].sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: PiiSpan[] = [];
  for (const c of sorted) {
    const last = merged[merged.length - 1];
    if (last && c.start < last.end) {
      last.end = Math.max(last.end, c.end);
      if (TYPE_PRIORITY.indexOf(c.type) < TYPE_PRIORITY.indexOf(last.type)) last.type = c.type;
    } else {
      merged.push({ type: c.type, start: c.start, end: c.end });
    }
  }
  return merged;
}

/**
 * Replaces each span piece by piece: pieces end at protected offsets (table pipes, link syntax, line breaks), so a
 * table keeps its columns and a link keeps working; surrounding whitespace of a piece stays as it was.
 */
export function applyRedactions(
  text: string,
  spans: PiiSpan[],
  style: PiiReplaceStyle,
  protectedOffsets: OffsetSet,
): string {
  let out = '';
  let pos = 0;
  for (const span of spans) {
    out += text.slice(pos, span.start);
    let pieceStart = span.start;
    for (let k = span.start; k <= span.end; k++) {
      if (k === span.end || protectedOffsets.has(k)) {
        out += replacePiece(text.slice(pieceStart, k), span.type, style);
        if (k < span.end) out += text[k];
        pieceStart = k + 1;
      }
    }
    pos = span.end;
  }
  return out + text.slice(pos);
}

function replacePiece(piece: string, type: PiiEntity, style: PiiReplaceStyle): string {
  const lead = /^\s*/.exec(piece)![0];
  const rest = piece.slice(lead.length);
  const trail = rest.slice(trailingRunStart(rest, isSpace));
  const core = piece.slice(lead.length, piece.length - trail.length);
  if (core === '') return piece;
  const replacement = style === 'tag' ? `[${type}]` : style === 'mask' ? MASK_CHAR.repeat(core.length) : '';
  return lead + replacement + trail;
}
