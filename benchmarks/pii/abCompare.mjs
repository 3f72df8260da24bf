// A/B of two builds of @scrape/core's redactPII in ONE process: the hand-written check sets (person recall and kept
// words), the redacted word share and the CPU cost per 10 KB on real pages, timed INTERLEAVED (A, B, A, B, ...;
// medians), so machine load falls on both alike. The baseline is a copy of an older build's dist folder placed
// inside packages/core (so its imports resolve), e.g. `cp -r packages/core/dist packages/core/dist-base`.
// Run: node benchmarks/pii/abCompare.mjs packages/core/dist-base [rounds]
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { redactPII as redactNew } from '@scrape/core';
import { buildRealMarkdown } from './evaluate.mjs';
import { NEW_SHAPES } from './newShapes.mjs';
import { PERSON_CHECK_SHAPES, totals } from './personCheckShapes.mjs';
import { PERSON_AFTER_SHAPES, PERSON_FRESH_SHAPES } from './personFreshShapes.mjs';
import { PERSON_ROUND8_AFTER, PERSON_ROUND8_SHAPES, PERSON_ROUND8_THIRD } from './personRound8Shapes.mjs';
import { PERSON_ROUND10_AFTER, PERSON_ROUND10_SHAPES } from './personRound10Shapes.mjs';
import { PERSON_ROUND11_AFTER, PERSON_ROUND11_SHAPES } from './personRound11Shapes.mjs';
import { PERSON_ROUND12_SHAPES } from './personRound12Shapes.mjs';
import { PERSON_ROUND13_AFTER, PERSON_ROUND13_SHAPES } from './personRound13Shapes.mjs';
import { PERSON_ROUND14_SHAPES } from './personRound14Shapes.mjs';
import { PERSON_ROUND15_CHECK, PERSON_ROUND15_SHAPES } from './personRound15Shapes.mjs';
import { PERSON_ROUND16_CHECK, PERSON_ROUND16_SHAPES } from './personRound16Shapes.mjs';
import { PERSON_ROUND9_AFTER, PERSON_ROUND9_SHAPES } from './personRound9Shapes.mjs';
import { ROUND17_CHECK, ROUND17_SHAPES } from './round17Shapes.mjs';
import { ROUND19_CHECK, ROUND19_SHAPES } from './round19Shapes.mjs';
import { ROUND20_CHECK, ROUND20_SHAPES } from './round20Shapes.mjs';
import { PERSON_SHAPES } from './personShapes.mjs';
import { scoreShapeGroups, scoreShapeRows } from './scoreShapes.mjs';
import { WEAK_SPOT_SHAPES } from './weakSpotShapes.mjs';

const baseDir = process.argv[2];
if (!baseDir) throw new Error('usage: abCompare.mjs <baseline dist folder> [rounds]');
const rounds = Number(process.argv[3] ?? 7);
const { redactPII: redactBase } = await import(pathToFileURL(resolve(baseDir, 'index.js')).href);
const builds = [
  ['base', redactBase],
  ['new', redactNew],
];

const sets = [
  ['personCheckShapes', PERSON_CHECK_SHAPES],
  ['personFreshShapes', PERSON_FRESH_SHAPES],
  ['personFreshShapes --after', PERSON_AFTER_SHAPES],
  ['personRound8Shapes', PERSON_ROUND8_SHAPES],
  ['personRound8Shapes --after', PERSON_ROUND8_AFTER],
  ['personRound8Shapes --third', PERSON_ROUND8_THIRD],
  ['personShapes', PERSON_SHAPES],
  ['personRound9Shapes', PERSON_ROUND9_SHAPES],
  ['personRound9Shapes --after', PERSON_ROUND9_AFTER],
  ['personRound10Shapes', PERSON_ROUND10_SHAPES],
  ['personRound10Shapes --after', PERSON_ROUND10_AFTER],
  ['personRound11Shapes', PERSON_ROUND11_SHAPES],
  ['personRound11Shapes --after', PERSON_ROUND11_AFTER],
  ['personRound12Shapes', PERSON_ROUND12_SHAPES],
  ['personRound13Shapes', PERSON_ROUND13_SHAPES],
  ['personRound13Shapes --after', PERSON_ROUND13_AFTER],
  ['personRound14Shapes', PERSON_ROUND14_SHAPES],
  ['personRound15Shapes', PERSON_ROUND15_SHAPES],
  ['personRound15Shapes --check', PERSON_ROUND15_CHECK],
  ['personRound16Shapes', PERSON_ROUND16_SHAPES],
  ['personRound16Shapes --check', PERSON_ROUND16_CHECK],
  ['round17Shapes', ROUND17_SHAPES],
  ['round17Shapes --check', ROUND17_CHECK],
  ['round19Shapes', ROUND19_SHAPES],
  ['round19Shapes --check', ROUND19_CHECK],
  ['round20Shapes', ROUND20_SHAPES],
  ['round20Shapes --check', ROUND20_CHECK],
  ['weakSpotShapes', WEAK_SPOT_SHAPES],
  ['newShapes', { all: NEW_SHAPES }],
];
console.log('| check set | build | recall | kept |');
console.log('|---|---|---:|---:|');
for (const [name, groups] of sets) {
  for (const [b, redact] of builds) {
    const r = await scoreShapeGroups(
      groups,
      async (t) => (await redact(t, { mode: 'accurate', replaceStyle: 'mask' })).text,
    );
    const s = totals(r);
    console.log(
      `| ${name} | ${b} | ${s.found}/${s.total} = ${s.recall.toFixed(3)} | ${s.kept}/${s.keepTotal} = ${s.retention.toFixed(3)} |`,
    );
  }
}
void scoreShapeRows;

const docs = buildRealMarkdown(80, 600 * 1024);
if (docs) {
  const bytes = docs.reduce((s, d) => s + Buffer.byteLength(d), 0);
  const wordRe = /\w+/g;
  for (const [b, redact] of builds) {
    let words = 0;
    let changed = 0;
    for (const d of docs) {
      const { text } = await redact(d, { mode: 'accurate', replaceStyle: 'mask' });
      for (const m of d.matchAll(wordRe)) {
        words++;
        if (text.slice(m.index, m.index + m[0].length) !== m[0]) changed++;
      }
    }
    console.log(`real pages, ${b}: redacted word share ${(changed / words).toFixed(4)} (${changed}/${words})`);
  }
  const cpu = { base: [], new: [] };
  for (let r = 0; r < rounds; r++) {
    for (const [b, redact] of r % 2 ? [...builds].reverse() : builds) {
      const c0 = process.cpuUsage();
      for (const d of docs) await redact(d, { mode: 'accurate' });
      const c = process.cpuUsage(c0);
      cpu[b].push(((c.user + c.system) / 1000 / bytes) * 10240);
    }
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const ratios = cpu.new.map((v, k) => v / cpu.base[k]);
  console.log(
    `cost, accurate, ${rounds} interleaved rounds over ${(bytes / 1024).toFixed(0)} KB: base ${median(cpu.base).toFixed(2)}, ` +
      `new ${median(cpu.new).toFixed(2)} CPU ms per 10 KB; median per-round ratio new/base ${median(ratios).toFixed(3)}`,
  );
}
