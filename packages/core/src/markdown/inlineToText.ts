import { autolinkToText } from './autolinkToText.js';
import { codeSpanToText } from './codeSpanToText.js';
import { emphasisRunToText } from './emphasisRunToText.js';
import { entityToText } from './entityToText.js';
import { escapeToText } from './escapeToText.js';
import { InlineScan } from './inlineScan.js';
import { imageOpenToText, linkCloseToText, linkOpenToText } from './linkBracketToText.js';

const SPECIAL = /[\\`![\]*_~&<]/g;

/** One step per special character: it sets what replaces the character and how much input it consumed. */
function stepAt(scan: InlineScan, i: number, ch: string): void {
  switch (ch) {
    case '\\':
      escapeToText(scan, i);
      return;
    case '`':
      codeSpanToText(scan, i);
      return;
    case '!':
      imageOpenToText(scan, i);
      return;
    case '[':
      linkOpenToText(scan);
      return;
    case ']':
      linkCloseToText(scan, i);
      return;
    case '*':
    case '_':
    case '~':
      emphasisRunToText(scan, i, ch);
      return;
    case '&':
      entityToText(scan, i);
      return;
    case '<':
      autolinkToText(scan, i);
      return;
  }
}

/**
 * Inline syntax out of a run of lines: images dropped, links to their text, code spans to their code, escapes.
 * Text between special characters is copied as is; each special character is handed to its step.
 */
export function inlineToText(text: string): string {
  const scan = new InlineScan(text);
  let copied = 0;
  SPECIAL.lastIndex = 0;
  for (let m = SPECIAL.exec(text); m !== null; m = SPECIAL.exec(text)) {
    const i = m.index;
    if (i < copied) {
      SPECIAL.lastIndex = copied;
      continue;
    }
    scan.out += text.slice(copied, i);
    copied = i;
    const ch = text[i];
    scan.skip = 1;
    scan.emit = ch;
    stepAt(scan, i, ch);
    scan.out += scan.emit;
    copied = i + scan.skip;
    SPECIAL.lastIndex = copied;
  }
  return scan.out + text.slice(copied);
}
