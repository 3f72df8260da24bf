// Round-3 measurement (issue 26): the labelled development set, the dev half and the frozen half of the new-shape
// sentences (heldOutShapes.mjs), raw and through the HTML → markdown pipeline, plus cost per 10 KB of real markdown.
// Misses are printed for the dev half only (`--misses`); the frozen half is never read beyond its aggregates.
// `--no-frozen` leaves the frozen half out (for tuning rounds; score it once, at the end).
// Run: node benchmarks/pii/heldOut.mjs [--misses] [--no-speed] [--no-frozen]
import { buildRealMarkdown, evaluatePii, loadPiiSet, timePerTenKb } from './evaluate.mjs';
import { heldOutShapes } from './heldOutShapes.mjs';
import { evaluatePiiThroughPipeline } from './throughPipeline.mjs';

const showMisses = process.argv.includes('--misses');
const sets = [
  ['dev (presidio)', loadPiiSet() ?? []],
  ['new shapes, dev half', heldOutShapes('dev')],
  ['new shapes, frozen half', heldOutShapes('frozen')],
].filter(([name]) => !(process.argv.includes('--no-frozen') && name.includes('frozen')));
const rec = (r, t) => (r.perType[t] ? (r.perType[t].hit / r.perType[t].n).toFixed(3) : '-');
console.log('| set | input | sentences | F2 | recall | PERSON | STREET | ZIP | GPE | PHONE | retention |');
console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const [name, rows] of sets) {
  for (const [input, fn] of [
    ['raw', evaluatePii],
    ['pipeline', evaluatePiiThroughPipeline],
  ]) {
    const r = await fn(rows, 'accurate');
    console.log(
      `| ${name} | ${input} | ${rows.length} | ${r.f2.toFixed(3)} | ${r.recall.toFixed(3)} | ${rec(r, 'PERSON')} | ${rec(r, 'STREET_ADDRESS')} | ${rec(r, 'ZIP_CODE')} | ${rec(r, 'GPE')} | ${rec(r, 'PHONE_NUMBER')} | ${r.retention.toFixed(3)} |`,
    );
    if (showMisses && name.includes('dev half') && input === 'raw') {
      for (const m of r.misses) console.log(`  MISS ${m.type} ${JSON.stringify(m.value)} :: ${JSON.stringify(m.text)}`);
      for (const o of r.overs) console.log(`  OVER ${JSON.stringify(o.word)} :: ${JSON.stringify(o.text)}`);
    }
  }
}
if (!process.argv.includes('--no-speed')) {
  const docs = buildRealMarkdown(80, 600 * 1024);
  if (docs) {
    const t = await timePerTenKb(docs, 'accurate', 5);
    console.log(
      `\ncost, accurate: ${t.cpuMsPer10Kb.toFixed(2)} CPU ms per 10 KB (${t.msPer10Kb.toFixed(2)} wall) over ${(t.totalBytes / 1024).toFixed(0)} KB`,
    );
  }
}
