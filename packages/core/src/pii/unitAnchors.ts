// Anchor stage 1 of the street-address cascade (issue 26, round 19; run by detectAddresses.ts before the street
// anchors, and only at a word of UNIT_ANCHOR_WORDS): a unit designator and its number ("Suite 501", "Apt. 656"), a
// post box ("P.O. Box 149", "PO Box 12") or a military address ("APO AA 42323", "USNV Botolen"). Returns the anchor's
// first and last token, or undefined to let the street anchors try the same token.
import { type AddressScan, type Anchor, isNum, isWord, nextIdx, sameLine } from './addressScan.js';
import { UNIT_RE } from './addressWords.js';
import { lineBefore } from './nameSignals.js';
import type { Token } from './tokenizeText.js';

export function unitAnchor({ text, tokens }: AddressScan, i: number): Anchor | undefined {
  const t = tokens[i];
  if (!isWord(t)) return undefined;
  // Unit designators and post boxes: "Suite 501", "Apt. 656", "P.O. Box 149", "PSC 0413", "Unit 4719 Box 7394".
  if (UNIT_RE.test(t.text)) {
    const k = nextIdx(tokens, i);
    const v = tokens[k];
    if ((isNum(tokens, v) || (v?.text === '#' && isNum(tokens, tokens[k + 1]))) && sameLine(v))
      return [i, v.text === '#' ? k + 1 : k];
  }
  return findPostBoxAnchor(text, tokens, i) ?? findMilitaryAnchor(tokens, i);
}

/** Post boxes: "P.O. Box 149", "PO Box 12", "Postbox 7", and a bare "Box 7394" after a unit or PSC number. */
function findPostBoxAnchor(text: string, tokens: Token[], i: number): Anchor | undefined {
  const t = tokens[i];
  if (/^p$/i.test(t.text) && tokens[i + 1]?.text === '.' && /^o$/i.test(tokens[i + 2]?.text ?? '')) {
    let k = i + 3;
    if (tokens[k]?.text === '.') k++;
    if (/^box$/i.test(tokens[k]?.text ?? '') && isNum(tokens, tokens[k + 1])) return [i, k + 1];
  }
  if (/^(?:po|postbox|box)$/i.test(t.text)) {
    let k = i + 1;
    if (/^box$/i.test(tokens[k]?.text ?? '')) k++;
    if (
      isNum(tokens, tokens[k]) &&
      sameLine(tokens[k]) &&
      (t.lower !== 'box' || /\b(?:p\.?\s?o\.?|psc|unit)\s*\d*\s*,?\s*$/i.test(lineBefore(text, t.start, 20)))
    )
      return [i, k];
  }
  return undefined;
}

/** Military mail: "APO AA 42323", "USNV Botolen". */
function findMilitaryAnchor(tokens: Token[], i: number): Anchor | undefined {
  const t = tokens[i];
  if (
    /^(?:APO|FPO|DPO)$/.test(t.text) &&
    /^(?:AA|AE|AP)$/.test(tokens[i + 1]?.text ?? '') &&
    isNum(tokens, tokens[i + 2])
  )
    return [i, i + 2];
  if (/^(?:USNS|USNV|USS|USCGC)$/.test(t.text) && isWord(tokens[i + 1]) && tokens[i + 1].cap) return [i, i + 1];
  return undefined;
}
