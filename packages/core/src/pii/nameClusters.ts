// Round 23 person veto (issue 26): a word spelled as no listed name is. "Kubectl", "Rsync", "Npm", "Gcc" open a
// sentence before a verb as a person would ("Kubectl will print the status"), yet no name among the ~300,000 of
// the lists opens or ends with "rs", "ctl", "gc" or has no vowel: the lists themselves say which consonant
// clusters a name may open or end with, in every language they cover (Māori "Ng-", Polish "-cz", Zulu "Ndl-").
// Built on first use only (a few hundred milliseconds), since only a lone word in no list opening a sentence
// asks.
import type { Gazetteers } from './loadGazetteers.js';

/** Vowels, accented and macron forms included; "y" counts as one ("Lynn", "Yusuf"). */
const VOWEL = /[aeiouyàáâãäåæèéêëìíîïòóôõöøùúûüýÿāēīōūǎěǐǒǔąęőűœ]/u;
/** A name as the clusters read it: letters only (hyphens and apostrophes split names into such parts). */
const LETTERS = /^\p{L}+$/u;

interface Clusters {
  heads: ReadonlySet<string>;
  tails: ReadonlySet<string>;
}
const built = new WeakMap<Gazetteers, Clusters>();

/** The word's opening and closing consonant clusters, or undefined when it has no vowel. */
function clustersOf(lower: string): [string, string] | undefined {
  let h = 0;
  while (h < lower.length && !VOWEL.test(lower[h])) h++;
  if (h === lower.length) return undefined;
  let t = lower.length;
  while (t > h && !VOWEL.test(lower[t - 1])) t--;
  return [lower.slice(0, h), lower.slice(t)];
}

function buildClusters(g: Gazetteers): Clusters {
  const heads = new Set<string>();
  const tails = new Set<string>();
  for (const list of [g.firstNames, g.lastNames, g.extraNames])
    for (const name of list) {
      if (!LETTERS.test(name)) continue;
      const c = clustersOf(name);
      if (!c) continue;
      heads.add(c[0]);
      tails.add(c[1]);
    }
  return { heads, tails };
}

/** `lower` (a lowercased word of letters) has no vowel, or opens or ends with a cluster no listed name has. */
export function spelledAsNoName(lower: string, g: Gazetteers): boolean {
  if (!LETTERS.test(lower)) return false;
  let c = built.get(g);
  if (!c) {
    c = buildClusters(g);
    built.set(g, c);
  }
  const own = clustersOf(lower);
  return own === undefined || !c.heads.has(own[0]) || !c.tails.has(own[1]);
}
