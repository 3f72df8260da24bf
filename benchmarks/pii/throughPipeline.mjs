// The PII measurement as a user meets it: each labelled sentence is served as HTML (its line breaks as `<br>`),
// turned into markdown by core's pipeline, and only then redacted. Gold spans are found in the markdown by aligning
// letters and digits (the markdown adds only escapes, markers and breaks), so recall and retention mean the same
// as in evaluatePii. Also the held-out split: templates never used for tuning.
import { processHtml, redactPII } from '@scrape/core';
import { GOLD_TO_OURS } from './evaluate.mjs';
import { scoreRow, someIn, summarize } from './scoreMasked.mjs';

/** Every fourth template (by id) is held out: rules are never tuned on these sentences, only measured. */
export function isHeldOut(row) {
  return (row.template_id / 2) % 4 === 3;
}

const ALNUM = /[\p{L}\p{N}]/u;
const escapeHtml = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The sentence as a page: paragraphs at blank lines, `<br>` at single line breaks. */
export function sentenceAsHtml(text) {
  const paras = text.split(/\n\s*\n/).map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`);
  return `<!doctype html><html><head><title>t</title></head><body><main>${paras.join('\n')}</main></body></html>`;
}

/** Maps each letter/digit of `source` to its offset in `target` when both hold the same letters in the same order. */
function alignAlnum(source, target) {
  const map = new Int32Array(source.length).fill(-1);
  let j = 0;
  for (let i = 0; i < source.length; i++) {
    if (!ALNUM.test(source[i])) continue;
    while (j < target.length && target[j] !== source[i]) {
      if (ALNUM.test(target[j])) return undefined;
      j++;
    }
    if (j >= target.length) return undefined;
    map[i] = j++;
  }
  return map;
}

export async function evaluatePiiThroughPipeline(rows, mode = 'accurate') {
  const perType = {};
  let words = 0;
  let kept = 0;
  let unaligned = 0;
  const misses = [];
  const overs = [];
  for (const row of rows) {
    const { markdown } = processHtml(
      { body: sentenceAsHtml(row.full_text), url: 'https://example.com/p' },
      { onlyMainContent: false, outputs: ['markdown'] },
    );
    const map = alignAlnum(row.full_text, markdown);
    if (!map) {
      unaligned++;
      continue;
    }
    const { text: out } = await redactPII(markdown, { mode, replaceStyle: 'mask' });
    const readable = (k) => map[k] >= 0 && out[map[k]] === markdown[map[k]];
    const counts = scoreRow(row, perType, {
      typeOf: (s) => s.entity_type,
      spanReadable: (start, end) => someIn(start, end, readable),
      wordKept: (index, word) => !someIn(index, index + word.length, (k) => !readable(k)),
      onMiss: (type, s) => misses.push({ type, value: s.entity_value, markdown }),
      onOver: (word) => overs.push({ word, markdown }),
    });
    words += counts.words;
    kept += counts.kept;
  }
  const summary = summarize(perType, words, kept, (type) => GOLD_TO_OURS[type]);
  return { perType, ...summary, words, unaligned, misses, overs };
}
