// Shared measurement for benchmarks/pii: recall per gold entity type and ordinary-word retention on the labelled
// presidio synthetic sentences, and speed (ms per 10 KB of markdown) on real pages turned into markdown by core.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { processHtml, redactPII } from '@scrape/core';
import { scoreRow, someIn, summarize } from './scoreMasked.mjs';

const here = dirname(fileURLToPath(import.meta.url));
export const DATA_DIR = join(here, '..', '..', '..', 'shared', 'data');
export const PII_FILE = join(DATA_DIR, 'pii', 'presidio-synth-dev.json');
export const WCXB_DIR = join(DATA_DIR, 'wcxb-dev', 'html');

/**
 * Gold types → our entity. Types that map to null are reported but not counted in the summary: TITLE, AGE, NRP
 * (nationality/religion/politics) and DOMAIN_NAME are not personal data under our entity list; ORGANIZATION is
 * off by default; DATE_TIME counts only when it is a birth date (DATE_OF_BIRTH, decided from the words before it).
 */
export const GOLD_TO_OURS = {
  PERSON: 'PERSON',
  STREET_ADDRESS: 'ADDRESS',
  ZIP_CODE: 'ADDRESS',
  GPE: 'LOCATION',
  CREDIT_CARD: 'FINANCIAL',
  IBAN_CODE: 'FINANCIAL',
  PHONE_NUMBER: 'PHONE',
  EMAIL_ADDRESS: 'EMAIL',
  US_SSN: 'ID',
  US_DRIVER_LICENSE: 'ID',
  IP_ADDRESS: 'IP',
  DATE_OF_BIRTH: 'DATE_OF_BIRTH',
  DATE_TIME: null,
  ORGANIZATION: null,
  TITLE: null,
  AGE: null,
  NRP: null,
  DOMAIN_NAME: null,
};
const BIRTH_CONTEXT = /\b(?:born|birth|birthday|dob)\b[^.\n]{0,20}$/i;

export function loadPiiSet() {
  if (!existsSync(PII_FILE)) return undefined;
  return JSON.parse(readFileSync(PII_FILE, 'utf8'));
}

function goldType(row, span) {
  if (
    span.entity_type === 'DATE_TIME' &&
    BIRTH_CONTEXT.test(row.full_text.slice(Math.max(0, span.start_position - 40), span.start_position))
  )
    return 'DATE_OF_BIRTH';
  return span.entity_type;
}

const ALNUM = /[\p{L}\p{N}]/u;
const WORD_RE = /[\p{L}\p{N}_]+/gu;

/**
 * Runs redactPII with style `mask` (output has the input's length, so positions line up) and scores the output:
 * a gold span is recalled when none of its letters or digits is readable in the output; an ordinary word (a `\w+`
 * run touching no gold span) is retained when it is unchanged in the output.
 */
export async function evaluatePii(rows, mode = 'accurate', entities = undefined) {
  const perType = {};
  let words = 0;
  let kept = 0;
  const misses = [];
  const overs = [];
  for (const row of rows) {
    const text = row.full_text;
    const { text: out } = await redactPII(text, { mode, replaceStyle: 'mask', ...(entities ? { entities } : {}) });
    if (out.length !== text.length) throw new Error(`mask changed the length of: ${text.slice(0, 60)}`);
    const counts = scoreRow(row, perType, {
      typeOf: (s) => goldType(row, s),
      spanReadable: (start, end) => someIn(start, end, (k) => ALNUM.test(text[k]) && out[k] === text[k]),
      wordKept: (index, word) => out.slice(index, index + word.length) === word,
      onMiss: (type, s) => misses.push({ type, value: s.entity_value, text }),
      onOver: (word) => overs.push({ word, text }),
    });
    words += counts.words;
    kept += counts.kept;
  }
  const summary = summarize(perType, words, kept, (type) => GOLD_TO_OURS[type]);
  return { perType, ...summary, words, misses, overs };
}

export function printPiiTable(title, result) {
  console.log(`\n${title}`);
  console.log('| gold type | ours | spans | recall | in summary |');
  console.log('|---|---|---:|---:|---|');
  const types = Object.keys(result.perType).sort((a, b) => result.perType[b].n - result.perType[a].n);
  for (const t of types) {
    const r = result.perType[t];
    const ours = GOLD_TO_OURS[t] ?? '-';
    console.log(`| ${t} | ${ours} | ${r.n} | ${(r.hit / r.n).toFixed(3)} | ${GOLD_TO_OURS[t] ? 'yes' : 'no'} |`);
  }
  console.log(
    `\nsummary over ${result.counted} counted spans: recall ${result.recall.toFixed(3)}, ordinary-word retention ${result.retention.toFixed(3)} (over-redaction ${(1 - result.retention).toFixed(3)} of ${result.words} words), F2 ${result.f2.toFixed(3)}`,
  );
}

/** Markdown of real pages (WCXB dev HTML through core's pipeline), concatenated to about `targetBytes`. */
export function buildRealMarkdown(maxPages, targetBytes) {
  if (!existsSync(WCXB_DIR)) return undefined;
  const files = readdirSync(WCXB_DIR)
    .filter((f) => f.endsWith('.html.gz'))
    .sort()
    .slice(0, maxPages);
  const docs = [];
  let bytes = 0;
  for (const f of files) {
    const body = gunzipSync(readFileSync(join(WCXB_DIR, f))).toString('utf8');
    try {
      const { markdown } = processHtml({ body, url: `https://example.com/${f}` }, { outputs: ['markdown'] });
      if (markdown.length < 500) continue;
      docs.push(markdown);
      bytes += Buffer.byteLength(markdown);
    } catch {
      // A page the pipeline refuses is not a PII measurement.
    }
    if (bytes >= targetBytes) break;
  }
  return docs;
}

/** Median ms per 10 KB of markdown for one mode over `docs` (after one warm-up pass). */
export async function timePerTenKb(docs, mode, rounds = 3) {
  const totalBytes = docs.reduce((s, d) => s + Buffer.byteLength(d), 0);
  for (const d of docs.slice(0, 3)) await redactPII(d, { mode });
  // Wall time and this process's CPU time: on a shared box the wall clock also counts other processes' turns.
  const perRound = [];
  for (let r = 0; r < rounds; r++) {
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    for (const d of docs) await redactPII(d, { mode });
    const c = process.cpuUsage(c0);
    perRound.push({ wall: performance.now() - t0, cpu: (c.user + c.system) / 1000 });
  }
  const median = (xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const wall = median(perRound.map((p) => p.wall));
  const cpu = median(perRound.map((p) => p.cpu));
  return { msPer10Kb: (wall / totalBytes) * 10240, cpuMsPer10Kb: (cpu / totalBytes) * 10240, totalBytes };
}

/** Share of \w+ words a mode redacts on real pages (no labels: an upper bound on over-redaction there). */
export async function redactedWordShare(docs, mode) {
  let words = 0;
  let changed = 0;
  const byType = {};
  for (const d of docs) {
    const { text, entities } = await redactPII(d, { mode, replaceStyle: 'mask' });
    for (const m of d.matchAll(WORD_RE)) {
      words++;
      if (text.slice(m.index, m.index + m[0].length) !== m[0]) changed++;
    }
    for (const e of entities) byType[e.type] = (byType[e.type] ?? 0) + 1;
  }
  return { share: words ? changed / words : 0, words, byType };
}
