// The hand-written person check sets as a user meets them: each sentence served as HTML, turned into markdown by
// core's pipeline, then redacted (throughPipeline.mjs). `pii` values become PERSON spans; retention counts every
// other word, so it is stricter than the sets' own `keep` lists (a city redacted as a place counts as lost here).
// Run: node benchmarks/pii/shapesThroughPipeline.mjs
import { PERSON_CHECK_SHAPES } from './personCheckShapes.mjs';
import { PERSON_AFTER_SHAPES, PERSON_FRESH_SHAPES } from './personFreshShapes.mjs';
import { PERSON_ROUND8_AFTER, PERSON_ROUND8_SHAPES } from './personRound8Shapes.mjs';
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
import { PERSON_SHAPES } from './personShapes.mjs';
import { evaluatePiiThroughPipeline } from './throughPipeline.mjs';

/** Shape rows as labelled rows: each `pii` value at its first place in the text is a PERSON span. */
export function shapeRowsAsLabelled(groups) {
  return Object.values(groups)
    .flat()
    .map((s) => ({
      full_text: s.text,
      spans: s.pii.map((v) => {
        const at = s.text.indexOf(v);
        return { entity_type: 'PERSON', entity_value: v, start_position: at, end_position: at + v.length };
      }),
    }));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const sets = [
    ['personShapes', PERSON_SHAPES],
    ['personCheckShapes', PERSON_CHECK_SHAPES],
    ['personFreshShapes', PERSON_FRESH_SHAPES],
    ['personFreshShapes --after', PERSON_AFTER_SHAPES],
    ['personRound8Shapes', PERSON_ROUND8_SHAPES],
    ['personRound8Shapes --after', PERSON_ROUND8_AFTER],
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
    // (round 17's person families only: its other families hold postcodes, phones, streets and places)
    ['round17Shapes persons', { pairPlace: ROUND17_SHAPES.pairPlace, modalBare: ROUND17_SHAPES.modalBare }],
    ['round17Shapes --check persons', { pairPlace: ROUND17_CHECK.pairPlace, modalBare: ROUND17_CHECK.modalBare }],
    ['round19Shapes', ROUND19_SHAPES],
    ['round19Shapes --check', ROUND19_CHECK],
  ];
  console.log('| check set | sentences | PERSON recall | retention (all other words) | unaligned |');
  console.log('|---|---:|---:|---:|---:|');
  for (const [name, groups] of sets) {
    const rows = shapeRowsAsLabelled(groups);
    const r = await evaluatePiiThroughPipeline(rows, 'accurate');
    const p = r.perType.PERSON;
    console.log(
      `| ${name} | ${rows.length} | ${p.hit}/${p.n} = ${(p.hit / p.n).toFixed(3)} | ${r.retention.toFixed(3)} | ${r.unaligned} |`,
    );
  }
}
