// The scoring the PII measurements share (evaluate.mjs, throughPipeline.mjs, nerExperiment.mjs): a gold span is
// recalled when none of its letters or digits is readable in the masked output; an ordinary word (a `\w+` run
// touching no gold span) is retained when it is still readable. Each caller says what "readable" means for its output.

const WORD_RE = /[\p{L}\p{N}_]+/gu;

/**
 * Scores one row into `perType` ({n, hit} per gold type) and returns its ordinary words and the kept ones.
 * `spanReadable(start, end)`: some letter or digit of the span can be read; `wordKept(index, word)`: the word can.
 * `typeOf(span)` names the span's type; `onMiss(type, span)` and `onOver(word)` hear what was not masked / masked.
 */
export function scoreRow(row, perType, { typeOf, spanReadable, wordKept, onMiss = () => {}, onOver = () => {} }) {
  const inGold = new Uint8Array(row.full_text.length);
  for (const s of row.spans) {
    inGold.fill(1, s.start_position, s.end_position);
    const type = typeOf(s);
    perType[type] ??= { n: 0, hit: 0 };
    const rec = perType[type];
    rec.n++;
    if (!spanReadable(s.start_position, s.end_position)) rec.hit++;
    else onMiss(type, s);
  }
  let words = 0;
  let kept = 0;
  for (const m of row.full_text.matchAll(WORD_RE)) {
    if (inGold.subarray(m.index, m.index + m[0].length).includes(1)) continue;
    words++;
    if (wordKept(m.index, m[0])) kept++;
    else onOver(m[0]);
  }
  return { words, kept };
}

/** Whether `test(k)` holds for some k in [start, end). */
export function someIn(start, end, test) {
  for (let k = start; k < end; k++) if (test(k)) return true;
  return false;
}

/** Recall over the types `counted(type)` accepts, ordinary-word retention, and F2 (recall weighted 4:1). */
export function summarize(perType, words, kept, counted) {
  let n = 0;
  let hit = 0;
  for (const [type, r] of Object.entries(perType)) {
    if (counted(type)) {
      n += r.n;
      hit += r.hit;
    }
  }
  const recall = n ? hit / n : 1;
  const retention = words ? kept / words : 1;
  const f2 = (5 * retention * recall) / (4 * retention + recall || 1);
  return { recall, retention, f2, counted: n };
}
