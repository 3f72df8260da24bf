import type { InlineScan } from './inlineScan.js';

const AUTOLINK = /^<((?:https?|ftp):[^\s<>]*|mailto:[^\s<>]*|[^\s<>@]+@[^\s<>@]+)>/i;
/** An autolink longer than this is not looked for (the regex runs on a bounded slice). */
const MAX_AUTOLINK_SCAN = 2048;

/** `<url>` and `<address@host>`: the URL or address without its brackets (and without `mailto:`). */
export function autolinkToText(scan: InlineScan, i: number): void {
  const a = AUTOLINK.exec(scan.text.slice(i, i + MAX_AUTOLINK_SCAN));
  if (a) {
    scan.emit = a[1].replace(/^mailto:/i, '');
    scan.skip = a[0].length;
  }
}
