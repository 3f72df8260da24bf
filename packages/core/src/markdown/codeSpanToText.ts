import type { InlineScan } from './inlineScan.js';

/** A backtick run: a code span up to the next run of the same length becomes its code; unclosed, it is text. */
export function codeSpanToText(scan: InlineScan, i: number): void {
  const text = scan.text;
  let run = 1;
  while (text[i + run] === '`') run++;
  const fence = '`'.repeat(run);
  let close = text.indexOf(fence, i + run);
  while (close !== -1 && text[close + run] === '`') {
    let end = close;
    while (text[end] === '`') end++;
    close = text.indexOf(fence, end);
  }
  if (close !== -1) {
    let code = text.slice(i + run, close).replace(/\n/g, ' ');
    if (code.length > 1 && code[0] === ' ' && code[code.length - 1] === ' ' && code.trim() !== '')
      code = code.slice(1, -1);
    scan.emit = code;
    scan.skip = close + run - i;
  } else {
    scan.emit = fence;
    scan.skip = run;
  }
}
