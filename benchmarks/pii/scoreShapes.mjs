// One scorer for the hand-written check sets (newShapes.mjs, weakSpotShapes.mjs, personShapes.mjs): rows of
// { text, pii, keep }, redacted with a length-keeping style (`mask`). A `pii` value counts as found when none of its
// letters or digits stays readable at its place; a `keep` word counts as kept when it is unchanged at its place.

const ALNUM = /[\p{L}\p{N}]/u;

/** Found / kept counts and the misses of `rows`, each redacted by `redact(text) → Promise<string>`. */
export async function scoreShapeRows(rows, redact) {
  let found = 0;
  let total = 0;
  let kept = 0;
  let keepTotal = 0;
  const misses = [];
  for (const s of rows) {
    const out = await redact(s.text);
    for (const v of s.pii) {
      total++;
      const at = s.text.indexOf(v);
      let readable = false;
      for (let k = at; k < at + v.length; k++) if (ALNUM.test(s.text[k]) && out[k] === s.text[k]) readable = true;
      if (!readable) found++;
      else misses.push(`missed ${v} :: ${out}`);
    }
    for (const w of s.keep) {
      keepTotal++;
      const at = s.text.indexOf(w);
      if (out.slice(at, at + w.length) === w) kept++;
      else misses.push(`lost ${w} :: ${out}`);
    }
  }
  return { found, total, kept, keepTotal, misses };
}

/** `scoreShapeRows` for each group of a { group: rows } object. */
export async function scoreShapeGroups(groups, redact) {
  const out = {};
  for (const [group, rows] of Object.entries(groups)) out[group] = await scoreShapeRows(rows, redact);
  return out;
}

/** Prints one line per group ("group: recall f/t, kept k/n"), and the misses with `--misses`. */
export function printShapeGroups(result) {
  for (const [g, v] of Object.entries(result)) {
    console.log(`${g}: recall ${v.found}/${v.total}, kept ${v.kept}/${v.keepTotal}`);
    if (process.argv.includes('--misses')) for (const m of v.misses) console.log('   ', m);
  }
}
