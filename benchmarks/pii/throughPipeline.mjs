// The PII measurement as a user meets it: each labelled sentence is served as HTML (its line breaks as `<br>`),
// turned into markdown by core's pipeline, and only then redacted. Gold spans are found in the markdown by aligning
// letters and digits (the markdown adds only escapes, markers and breaks), so recall and retention mean the same
// as in evaluatePii. Also the held-out split: templates never used for tuning.
import { processHtml, redactPII } from '@scrape/core';
import { GOLD_TO_OURS } from './evaluate.mjs';

/** Every fourth template (by id) is held out: rules are never tuned on these sentences, only measured. */
export function isHeldOut(row) {
  return (row.template_id / 2) % 4 === 3;
}

const ALNUM = /[\p{L}\p{N}]/u;
const WORD_RE = /[\p{L}\p{N}_]+/gu;
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
    const inGold = new Uint8Array(row.full_text.length);
    for (const s of row.spans) {
      inGold.fill(1, s.start_position, s.end_position);
      const type = s.entity_type;
      const rec = (perType[type] ??= { n: 0, hit: 0 });
      rec.n++;
      let seen = false;
      for (let k = s.start_position; k < s.end_position; k++)
        if (readable(k)) {
          seen = true;
          break;
        }
      if (!seen) rec.hit++;
      else misses.push({ type, value: s.entity_value, markdown });
    }
    for (const m of row.full_text.matchAll(WORD_RE)) {
      let touches = false;
      for (let k = m.index; k < m.index + m[0].length; k++)
        if (inGold[k]) {
          touches = true;
          break;
        }
      if (touches) continue;
      words++;
      let ok = true;
      for (let k = m.index; k < m.index + m[0].length; k++)
        if (!readable(k)) {
          ok = false;
          break;
        }
      if (ok) kept++;
      else overs.push({ word: m[0], markdown });
    }
  }
  let n = 0;
  let hit = 0;
  for (const [type, r] of Object.entries(perType))
    if (GOLD_TO_OURS[type]) {
      n += r.n;
      hit += r.hit;
    }
  const recall = n ? hit / n : 1;
  const retention = words ? kept / words : 1;
  const f2 = (5 * retention * recall) / (4 * retention + recall || 1);
  return { perType, recall, retention, f2, counted: n, words, unaligned, misses, overs };
}
