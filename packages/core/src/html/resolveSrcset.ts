// Responsive images name several files for one picture; the cleaned page keeps only the largest.
import { trimTrailing } from '../text/trailingRun.js';

export interface ImageCandidate {
  url: string;
  /** Width descriptor (`640w`). */
  width?: number;
  /** Density descriptor (`2x`); a candidate with no descriptor counts as 1x. */
  density?: number;
}

/** Parses a srcset value (HTML spec algorithm, minus error reporting): URLs may contain commas, descriptors follow. */
export function parseSrcset(srcset: string): ImageCandidate[] {
  const candidates: ImageCandidate[] = [];
  const length = srcset.length;
  let pos = 0;
  while (pos < length) {
    while (pos < length && (isSpace(srcset.charCodeAt(pos)) || srcset[pos] === ',')) pos++;
    if (pos >= length) break;
    const urlStart = pos;
    while (pos < length && !isSpace(srcset.charCodeAt(pos))) pos++;
    let url = srcset.slice(urlStart, pos);
    let descriptorText = '';
    if (url.endsWith(',')) {
      url = trimTrailing(url, ',');
    } else {
      const descEnd = descriptorsEnd(srcset, pos);
      descriptorText = srcset.slice(pos, descEnd);
      pos = descEnd + 1;
    }
    if (url) candidates.push(withDescriptors(url, descriptorText));
  }
  return candidates;
}

/** Where a candidate's descriptors starting at `pos` end: the next comma outside parentheses, or the end. */
function descriptorsEnd(srcset: string, pos: number): number {
  let inParens = false;
  for (; pos < srcset.length; pos++) {
    const ch = srcset[pos];
    if (ch === '(') inParens = true;
    else if (ch === ')') inParens = false;
    else if (ch === ',' && !inParens) break;
  }
  return pos;
}

/** The candidate for `url` with its width (`640w`) and density (`2x`) descriptors; other descriptors are ignored. */
function withDescriptors(url: string, descriptorText: string): ImageCandidate {
  const candidate: ImageCandidate = { url };
  for (const descriptor of descriptorText.trim().split(/\s+/)) {
    const match = /^(\d+(?:\.\d+)?)([wx])$/i.exec(descriptor);
    if (!match) continue;
    const value = Number(match[1]);
    if (match[2]?.toLowerCase() === 'w') candidate.width = value;
    else candidate.density = value;
  }
  return candidate;
}

/**
 * The largest candidate: width descriptors beat density ones (a plain `src` is the small fallback), the biggest
 * width or density wins, and ties go to the earliest candidate.
 */
export function pickLargestCandidate(candidates: readonly ImageCandidate[]): ImageCandidate | undefined {
  let best: ImageCandidate | undefined;
  for (const candidate of candidates) {
    if (!best || isLarger(candidate, best)) best = candidate;
  }
  return best;
}

function isLarger(a: ImageCandidate, b: ImageCandidate): boolean {
  if (a.width !== undefined || b.width !== undefined) {
    if (a.width === undefined) return false;
    if (b.width === undefined) return true;
    return a.width > b.width;
  }
  return (a.density ?? 1) > (b.density ?? 1);
}

/** The largest URL named by a srcset value, or undefined when it names none. */
export function resolveSrcset(srcset: string): string | undefined {
  return pickLargestCandidate(parseSrcset(srcset))?.url;
}

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0c || code === 0x0d;
}
