// PERSON: runs of capitalised words scored by name lists, initials, surname shapes and the words around them. Each
// stage is its own module and says where it runs; this file is their order (issue 27): per capitalised token,
// stage 1 gathers, classes and splits the run (personRunClasses.ts) and stage 2 judges each piece
// (judgePersonRun.ts: cues, score, vetoes); stage 3 finds lowercase names (lowercasePersons.ts); stage 4 spreads
// the names found to their repeats and to lists of people (propagatePersons.ts).
import { judgeRun } from './judgePersonRun.js';
import type { Gazetteers } from './loadGazetteers.js';
import { detectLowercaseNames } from './lowercasePersons.js';
import { isNameWord } from './nameSignals.js';
import { inFixedPhrase, thingNamed } from './personClauses.js';
import type { WordLists } from './personContext.js';
import { organizationsInText } from './personOrganizations.js';
import { gatherRun, greetedMonth, introducedRun, splitRun } from './personRunClasses.js';
import type { PiiCandidate, PiiMode } from './piiTypes.js';
import { propagate } from './propagatePersons.js';
import type { Token } from './tokenizeText.js';

export function detectPersons(text: string, tokens: Token[], g: Gazetteers, mode: PiiMode): PiiCandidate[] {
  const out: PiiCandidate[] = [];
  const aggressive = mode === 'aggressive';
  // (words this text shows as companies: "Quillon Ltd" anywhere makes "Quillon said" a company's statement)
  const lists: WordLists = { g, orgs: organizationsInText(tokens, g) };
  let i = 0;
  while (i < tokens.length) {
    const t = tokens[i];
    if (!(t.kind === 'word' && t.cap)) {
      i++;
      continue;
    }
    const { run, end } = gatherRun(tokens, i);
    greetedMonth(tokens, run, g, out);
    const introduced = introducedRun(text, tokens, run, g);
    if (introduced) {
      const last = run[run.length - 1];
      // ("a café named Brew Lab", "Pro Bono": a thing's name, a borrowed phrase; see judgeRun)
      const thing =
        (introduced === 'name intro' && thingNamed(tokens, t) && !run.some((w) => isNameWord(w.lower, g))) ||
        inFixedPhrase(tokens, t, last);
      if (!thing) out.push({ type: 'PERSON', start: t.start, end: last.end, score: 0.85 });
    } else {
      for (const sub of splitRun(run, tokens, g)) judgeRun(text, tokens, sub, lists, aggressive, out);
    }
    i = end;
  }
  detectLowercaseNames(text, tokens, g, out);
  out.push(...propagate(tokens, lists, out));
  return out;
}
