// CI smoke for benchmarks/pii: the same code paths as index.mjs on a sample. Fails when redaction is broken
// (recall or retention far below the full run's figures, markdown structure damaged, or a collapse in speed),
// not when it is a little worse or the machine is slow.
import { redactPII } from '@scrape/core';
import { buildRealMarkdown, evaluatePii, loadPiiSet, printPiiTable, timePerTenKb } from './evaluate.mjs';
import { evaluatePiiThroughPipeline } from './throughPipeline.mjs';

/** Every SAMPLE_STEP-th sentence: ~150 of 754, a few seconds. */
const SAMPLE_STEP = 5;
/** Floors well under the full run (F2 0.96, PERSON 0.94, STREET_ADDRESS 0.95, retention 0.995). */
const FLOORS = {
  f2: 0.9,
  retention: 0.97,
  PERSON: 0.85,
  STREET_ADDRESS: 0.85,
  CREDIT_CARD: 0.99,
  EMAIL_ADDRESS: 0.99,
  PHONE_NUMBER: 0.95,
};
/** A quadratic blow-up or a hang shows as hundreds of ms per 10 KB; the goal is ≤ 5 on an idle box. */
const MAX_MS_PER_10KB = 150;

const failures = [];
const rows = loadPiiSet();
if (!rows) {
  console.log('pii smoke: presidio-synth-dev.json absent; quality part skipped.');
} else {
  const sample = rows.filter((_, i) => i % SAMPLE_STEP === 0);
  const r = await evaluatePii(sample, 'accurate');
  printPiiTable(`pii smoke (accurate, ${sample.length} sentences)`, r);
  if (r.f2 < FLOORS.f2) failures.push(`F2 ${r.f2.toFixed(3)} < ${FLOORS.f2}`);
  if (r.retention < FLOORS.retention) failures.push(`retention ${r.retention.toFixed(3)} < ${FLOORS.retention}`);
  for (const type of ['PERSON', 'STREET_ADDRESS', 'CREDIT_CARD', 'EMAIL_ADDRESS', 'PHONE_NUMBER']) {
    const t = r.perType[type];
    if (t && t.hit / t.n < FLOORS[type]) failures.push(`${type} recall ${(t.hit / t.n).toFixed(3)} < ${FLOORS[type]}`);
  }
  // Through the HTML → markdown pipeline (line breaks as <br>): must score as on raw text, not lose address lines.
  const p = await evaluatePiiThroughPipeline(sample, 'accurate');
  console.log(
    `through the pipeline: F2 ${p.f2.toFixed(3)}, recall ${p.recall.toFixed(3)} (raw ${r.recall.toFixed(3)})`,
  );
  if (p.recall < r.recall - 0.02)
    failures.push(`pipeline recall ${p.recall.toFixed(3)} well under raw ${r.recall.toFixed(3)}`);
}

// Markdown structure: a table keeps its pipes, a link its syntax, in every style.
const table =
  '| Name | Contact |\n|---|---|\n| Mary Jones | mary@example.org, +1-903-140-4508 |\n\nSee [Mary Jones](https://example.com/x).';
for (const replaceStyle of ['tag', 'mask', 'remove']) {
  const { text } = await redactPII(table, { replaceStyle });
  const pipes = (s) =>
    s
      .split('\n')
      .map((l) => (l.match(/\|/g) ?? []).length)
      .join(',');
  if (pipes(text) !== pipes(table)) failures.push(`${replaceStyle}: table pipes changed`);
  if (text.includes('mary@example.org') || text.includes('Mary Jones'))
    failures.push(`${replaceStyle}: PII left in the table or link`);
  if (!text.includes('](https://example.com/x)')) failures.push(`${replaceStyle}: link destination damaged`);
}

const docs = buildRealMarkdown(12, 120 * 1024);
if (docs && docs.length) {
  const { msPer10Kb, cpuMsPer10Kb } = await timePerTenKb(docs, 'accurate', 1);
  console.log(
    `\naccurate: ${msPer10Kb.toFixed(2)} ms (${cpuMsPer10Kb.toFixed(2)} CPU ms) per 10 KB on ${docs.length} real pages`,
  );
  if (cpuMsPer10Kb > MAX_MS_PER_10KB)
    failures.push(`accurate ${cpuMsPer10Kb.toFixed(1)} CPU ms/10KB > ${MAX_MS_PER_10KB}`);
}

if (failures.length) {
  console.error(`\nFAILED:\n${failures.join('\n')}`);
  process.exit(1);
}
console.log('\npii smoke ok');
