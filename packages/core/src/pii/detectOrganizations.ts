// ORGANIZATION (only when asked for): capitalised names ending in a company suffix ("Shepherd Ltd.", "Aunt Bertha
// Inc"), law-firm style "Davis, Reynolds and Williamson", and names after "work for / works at / employed by".
import type { Gazetteers } from './loadGazetteers.js';
import { isCommonWord, lineBefore } from './nameSignals.js';
import type { PiiCandidate, PiiMode } from './piiTypes.js';
import type { Token } from './tokenizeText.js';

const COMPANY_SUFFIXES = /^(?:inc|incorporated|llc|llp|ltd|limited|plc|corp|corporation|co|company|gmbh|ag|kg|sa|sas|sarl|srl|spa|bv|nv|ab|as|asa|oy|oyj|aps|pty|kk|group|holdings|partners|associates|foundation|institute|university|bank|insurance)$/i;
const ORG_INTRO = /\b(?:work(?:s|ed|ing)? (?:for|at)|employed (?:by|at)|employer(?: is)?:?|join(?:ed|ing)? (?:the )?|company:?|at the|founded|acquired by|partnered with)\s*$/i;
const MAX_ORG_WORDS = 5;

export function detectOrganizations(text: string, tokens: Token[], g: Gazetteers, mode: PiiMode): PiiCandidate[] {
  const out: PiiCandidate[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.kind !== 'word' || !(t.cap || t.allCaps)) continue;
    const run: Token[] = [t];
    let j = i + 1;
    while (j < tokens.length && run.length < MAX_ORG_WORDS) {
      const n = tokens[j];
      if (n.kind === 'word' && (n.cap || n.allCaps) && n.gapBefore === ' ') run.push(n);
      else if (n.text === '&' || n.lower === 'and' || n.text === ',') {
        const m = tokens[j + 1];
        if (!m || !m.cap || n.lineStart) break;
        run.push(n);
      } else break;
      j++;
    }
    while (run.length && run[run.length - 1].kind !== 'word') run.pop();
    let end = -1;
    for (let k = run.length - 1; k >= 1; k--) if (COMPANY_SUFFIXES.test(run[k].text)) { end = k; break; }
    const firmStyle = run.length >= 4 && run.some((r) => r.text === ',') && run.some((r) => r.lower === 'and' || r.text === '&');
    const intro = ORG_INTRO.test(lineBefore(text, t.start, 32));
    if (end >= 1 || firmStyle) {
      const last = end >= 1 ? run[end] : run[run.length - 1];
      const stop = text[last.end] === '.' && /^(?:inc|ltd|corp|co)$/i.test(last.text) ? last.end + 1 : last.end;
      out.push({ type: 'ORGANIZATION', start: t.start, end: stop, score: 0.8 });
      i = last.index;
    } else if (intro && run.every((r) => r.kind !== 'word' || !isCommonWord(r.lower, g) || mode === 'aggressive')) {
      const last = run[run.length - 1];
      out.push({ type: 'ORGANIZATION', start: t.start, end: last.end, score: 0.6 });
      i = last.index;
    }
  }
  return out;
}
