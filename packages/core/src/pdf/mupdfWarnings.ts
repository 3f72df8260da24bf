// MuPDF prints repair warnings to the console; they are counted instead (a repaired page is reported as partial).
import * as mupdf from 'mupdf';

let count = 0;
let muted = 0;
mupdf.setLog({ error: () => void (muted || count++), warning: () => void (muted || count++) });

/** Warnings and errors MuPDF has logged so far (outside `unlogged`). */
export const mupdfWarnings = (): number => count;

/** Runs `fn` without counting MuPDF's warnings: measurements of our own (glyph boxes) are no repair of the file. */
export function unlogged<T>(fn: () => T): T {
  muted++;
  try {
    return fn();
  } finally {
    muted--;
  }
}
