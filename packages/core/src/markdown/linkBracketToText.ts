import type { InlineScan } from './inlineScan.js';
import { linkDestinationEnd } from './linkDestinationEnd.js';

/** `![`: opens an image, whose text goes if it turns out to be one. */
export function imageOpenToText(scan: InlineScan, i: number): void {
  if (scan.text[i + 1] !== '[') return;
  scan.opens.push({ at: scan.out.length, image: true });
  scan.emit = '';
  scan.skip = 2;
}

/** `[`: opens a link (or a bracket that stays unmatched). */
export function linkOpenToText(scan: InlineScan): void {
  scan.opens.push({ at: scan.out.length, image: false });
  scan.emit = '';
}

/** `]`: with `(destination)` after it, a link keeps its text and an image loses it; the destination goes. */
export function linkCloseToText(scan: InlineScan, i: number): void {
  if (scan.opens.length === 0) return;
  const open = scan.opens.pop()!;
  const text = scan.text;
  const end = text[i + 1] === '(' ? linkDestinationEnd(text, i + 2) : -1;
  scan.emit = '';
  if (end !== -1) {
    if (open.image) scan.out = scan.out.slice(0, open.at);
    scan.skip = end - i;
  }
}
