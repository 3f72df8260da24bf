// Full PII benchmark: recall per gold type, ordinary-word retention and F2 on the 754 labelled presidio synthetic
// sentences for every mode, then speed (ms per 10 KB of markdown) and the share of words each mode redacts on real
// pages (WCXB dev HTML turned into markdown by core's pipeline). Run: node benchmarks/pii/index.mjs
import {
  buildRealMarkdown,
  evaluatePii,
  loadPiiSet,
  printPiiTable,
  redactedWordShare,
  timePerTenKb,
} from './evaluate.mjs';
import { evaluatePiiThroughPipeline, isHeldOut } from './throughPipeline.mjs';
import { evaluateNewShapes } from './newShapes.mjs';
import { redactPII } from '@scrape/core';

/** Real-page markdown used for speed: enough pages for a stable median on a shared 2-core box. */
const SPEED_PAGES = 80;
const SPEED_BYTES = 600 * 1024;
const MODES = ['fast', 'accurate', 'aggressive'];

const rows = loadPiiSet();
if (!rows) {
  console.log('benchmarks/pii: ../shared/data/pii/presidio-synth-dev.json is absent; skipping the quality part.');
} else {
  const summary = [];
  for (const mode of MODES) {
    const r = await evaluatePii(rows, mode);
    if (mode === 'accurate')
      printPiiTable(
        `quality, mode ${mode} (${rows.length} sentences; recall = no letter or digit of the gold span readable)`,
        r,
      );
    summary.push({ mode, ...r });
  }
  // Organisations are off by default; their recall when asked for (every entity type on) is reported on its own.
  const all = await evaluatePii(rows, 'accurate', [
    'PERSON',
    'EMAIL',
    'PHONE',
    'LOCATION',
    'ADDRESS',
    'ORGANIZATION',
    'FINANCIAL',
    'SECRET',
    'ID',
    'IP',
    'URL_CREDENTIALS',
    'DATE_OF_BIRTH',
  ]);
  const org = all.perType.ORGANIZATION;
  console.log(
    `\nORGANIZATION when asked for (accurate, every entity type on): recall ${(org.hit / org.n).toFixed(3)} of ${org.n}; retention then ${all.retention.toFixed(3)}`,
  );
  console.log('\n| mode | recall (counted types) | PERSON | STREET_ADDRESS | GPE | retention | F2 |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const s of summary) {
    const rec = (t) => (s.perType[t] ? (s.perType[t].hit / s.perType[t].n).toFixed(3) : '-');
    console.log(
      `| ${s.mode} | ${s.recall.toFixed(3)} | ${rec('PERSON')} | ${rec('STREET_ADDRESS')} | ${rec('GPE')} | ${s.retention.toFixed(3)} | ${s.f2.toFixed(3)} |`,
    );
  }
  // As a user meets it: the sentence served as HTML (line breaks as <br>), through core's pipeline, then redacted;
  // on the tuned templates and on the held-out ones (every fourth template, never tuned on).
  console.log('\naccurate, raw text vs through the HTML → markdown pipeline, tuned vs held-out templates');
  console.log('| part | input | sentences | recall | PERSON | STREET_ADDRESS | GPE | retention | F2 |');
  console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const [part, subset] of [
    ['tuned', rows.filter((r) => !isHeldOut(r))],
    ['held-out', rows.filter(isHeldOut)],
  ]) {
    for (const [input, r] of [
      ['raw', await evaluatePii(subset, 'accurate')],
      ['pipeline', await evaluatePiiThroughPipeline(subset, 'accurate')],
    ]) {
      const rec = (t) => (r.perType[t] ? (r.perType[t].hit / r.perType[t].n).toFixed(3) : '-');
      console.log(
        `| ${part} | ${input} | ${subset.length} | ${r.recall.toFixed(3)} | ${rec('PERSON')} | ${rec('STREET_ADDRESS')} | ${rec('GPE')} | ${r.retention.toFixed(3)} | ${r.f2.toFixed(3)} |`,
      );
    }
  }
}

// Sentences written for this project in shapes the labelled set lacks (pii/newShapes.mjs).
const shapes = await evaluateNewShapes(async (t) => (await redactPII(t, { replaceStyle: 'mask' })).text);
console.log(
  `\nnew-shape sentences (accurate): values found ${shapes.found}/${shapes.total}, words kept ${shapes.kept}/${shapes.keepTotal}`,
);
for (const m of shapes.misses) console.log(`  ${m.split('\n')[0]}`);

const { loadavg } = await import('node:os');
const docs = buildRealMarkdown(SPEED_PAGES, SPEED_BYTES);
console.log(
  `\nload average while measuring: ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} (2 cores shared)`,
);
if (!docs || docs.length === 0) {
  console.log('\nbenchmarks/pii: ../shared/data/wcxb-dev/html is absent; skipping the speed part.');
} else {
  const totalKb = docs.reduce((s, d) => s + Buffer.byteLength(d), 0) / 1024;
  console.log(
    `\nspeed on ${docs.length} real pages (${totalKb.toFixed(0)} KB of markdown), median of 5 passes after a warm-up`,
  );
  console.log(
    '| mode | ms per 10 KB (wall) | CPU ms per 10 KB | share of words redacted on real pages | entities found |',
  );
  console.log('|---|---:|---:|---:|---|');
  for (const mode of MODES) {
    const t = await timePerTenKb(docs, mode, 5);
    const w = await redactedWordShare(docs, mode);
    const found = Object.entries(w.byType)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ');
    console.log(
      `| ${mode} | ${t.msPer10Kb.toFixed(2)} | ${t.cpuMsPer10Kb.toFixed(2)} | ${(w.share * 100).toFixed(2)}% | ${found} |`,
    );
  }
}
