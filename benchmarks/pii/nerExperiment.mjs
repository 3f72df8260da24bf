// Dev experiment (issue 26): small named-entity models that ship their weights in the npm package, against the
// rules, on the labelled set and both halves of the new-shape set. Not a dependency of the project: install the
// models in a scratch directory and pass it, e.g.
//   npm install --prefix /tmp/pii-ner compromise@14 wink-nlp@2 wink-eng-lite-web-model@1
//   node benchmarks/pii/nerExperiment.mjs /tmp/pii-ner
// Scored like evaluatePii (a gold span is recalled when none of its letters or digits is readable; retention over
// words outside gold spans). "rules+X" masks the model's spans on top of the rules' output.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { redactPII } from '@scrape/core';
import { buildRealMarkdown, loadPiiSet } from './evaluate.mjs';
import { heldOutShapes } from './heldOutShapes.mjs';

const dir = process.argv[2];
if (!dir) {
  console.log('nerExperiment: pass the directory the models were installed in; skipping.');
  process.exit(0);
}
const req = createRequire(join(dir, 'node_modules', 'x.js'));
const nlp = req('compromise');
const winkNLP = req('wink-nlp');
const wink = winkNLP(req('wink-eng-lite-web-model'));

/** [start, end, kind] spans; kind PERSON or PLACE. */
function compromiseSpans(text) {
  const doc = nlp(text);
  const out = [];
  for (const [sel, kind] of [
    ['#Person', 'PERSON'],
    ['#Place', 'PLACE'],
  ]) {
    for (const m of doc.match(sel).json({ offset: true })) {
      const o = m.offset;
      // compromise offsets cover the match with its trailing punctuation trimmed by `text`.
      out.push([o.start, o.start + m.text.length, kind]);
    }
  }
  return out;
}
function winkSpans(text) {
  const doc = wink.readDoc(text);
  const out = [];
  const its = wink.its;
  const tokens = doc.tokens().out(its.value);
  // Token offsets by scanning the text (wink keeps tokens in order).
  const starts = [];
  let at = 0;
  for (const t of tokens) {
    const k = text.indexOf(t, at);
    starts.push(k < 0 ? at : k);
    at = k < 0 ? at : k + t.length;
  }
  doc.entities().each((e) => {
    const type = e.out(its.type);
    if (type !== 'PERSON' && type !== 'GPE' && type !== 'LOC' && type !== 'NORP') return;
    const span = e.out(its.span);
    const s = starts[span[0]];
    const eEnd = starts[span[1]] + tokens[span[1]].length;
    out.push([s, eEnd, type === 'PERSON' ? 'PERSON' : 'PLACE']);
  });
  return out;
}

const ALNUM = /[\p{L}\p{N}]/u;
const WORD_RE = /[\p{L}\p{N}_]+/gu;
const maskSpans = (text, spans) => {
  const a = [...text];
  if (a.length !== text.length) return text; // astral characters: leave (rare in these sets)
  for (const [s, e] of spans) for (let k = s; k < e; k++) if (ALNUM.test(a[k])) a[k] = '*';
  return a.join('');
};

/** Whether some letter or digit of the gold span s is still readable (unchanged) in the redacted text. */
function spanReadable(text, out, s) {
  for (let k = s.start_position; k < s.end_position; k++) if (ALNUM.test(text[k]) && out[k] === text[k]) return true;
  return false;
}

/** Ordinary words (touching no gold span) of the text: how many, and how many the redaction left as they were. */
function ordinaryWords(text, out, inGold) {
  let words = 0;
  let kept = 0;
  for (const m of text.matchAll(WORD_RE)) {
    if (inGold.subarray(m.index, m.index + m[0].length).includes(1)) continue;
    words++;
    if (out.slice(m.index, m.index + m[0].length) === m[0]) kept++;
  }
  return { words, kept };
}

async function score(rows, redact) {
  const per = {};
  let words = 0;
  let kept = 0;
  for (const row of rows) {
    const out = await redact(row.full_text);
    const inGold = new Uint8Array(row.full_text.length);
    for (const s of row.spans) {
      inGold.fill(1, s.start_position, s.end_position);
      const r = (per[s.entity_type] ??= { n: 0, hit: 0 });
      r.n++;
      if (!spanReadable(row.full_text, out, s)) r.hit++;
    }
    const counts = ordinaryWords(row.full_text, out, inGold);
    words += counts.words;
    kept += counts.kept;
  }
  const rec = (t) => (per[t] ? per[t].hit / per[t].n : NaN);
  return { person: rec('PERSON'), gpe: rec('GPE'), retention: kept / words };
}

const rules = async (t) => (await redactPII(t, { mode: 'accurate', replaceStyle: 'mask' })).text;
const systems = {
  rules,
  compromise: async (t) => maskSpans(t, compromiseSpans(t)),
  wink: async (t) => maskSpans(t, winkSpans(t)),
  'rules+compromise (PERSON)': async (t) =>
    maskSpans(
      await rules(t),
      compromiseSpans(t).filter((s) => s[2] === 'PERSON'),
    ),
  'rules+wink (PERSON)': async (t) =>
    maskSpans(
      await rules(t),
      winkSpans(t).filter((s) => s[2] === 'PERSON'),
    ),
};
const sets = [
  ['dev (presidio)', loadPiiSet() ?? []],
  ['new shapes, dev half', heldOutShapes('dev')],
  ['new shapes, frozen half', heldOutShapes('frozen')],
];
console.log('| set | system | PERSON recall | GPE recall | ordinary-word retention |');
console.log('|---|---|---:|---:|---:|');
for (const [name, rows] of sets) {
  for (const [sys, fn] of Object.entries(systems)) {
    const r = await score(rows, fn);
    console.log(`| ${name} | ${sys} | ${r.person.toFixed(3)} | ${r.gpe.toFixed(3)} | ${r.retention.toFixed(3)} |`);
  }
}
// Cost per 10 KB of real markdown, the three interleaved in one run (CPU time of this process).
const docs = buildRealMarkdown(40, 300 * 1024);
if (docs) {
  const bytes = docs.reduce((s, d) => s + Buffer.byteLength(d), 0);
  const cost = { rules: [], compromise: [], wink: [] };
  const run = {
    rules: async (d) => redactPII(d, { mode: 'accurate' }),
    compromise: async (d) => compromiseSpans(d),
    wink: async (d) => winkSpans(d),
  };
  for (const f of Object.values(run)) await f(docs[0]);
  for (let round = 0; round < 3; round++) {
    for (const [k, f] of Object.entries(run)) {
      const c0 = process.cpuUsage();
      for (const d of docs) await f(d);
      const c = process.cpuUsage(c0);
      cost[k].push(((c.user + c.system) / 1000 / bytes) * 10240);
    }
  }
  const med = (xs) => xs.sort((a, b) => a - b)[1];
  console.log(
    `\nCPU ms per 10 KB (median of 3 interleaved rounds, ${(bytes / 1024).toFixed(0)} KB): ` +
      Object.entries(cost)
        .map(([k, v]) => `${k} ${med(v).toFixed(2)}`)
        .join(', '),
  );
}
