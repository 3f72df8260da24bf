// CI smoke: a few documents through the pool and the stuck-page stop; fails when the pool breaks or stops stopping.
import { loadCorpus } from '../pdf/corpus.mjs';
import { measureOverhead, measureStuckStop } from './measure.mjs';

/** Loose bounds: they catch a broken pool, not noise on a shared machine (measured ~1.0x and ~150 ms late). */
const MAX_RATIO = 2.5;
const MAX_LATE_MS = 1500;
const MAX_LOOP_GAP_MS = 400;

const docs = loadCorpus().filter((d) => ['2305.03393v1-pg9', 'multi_page'].includes(d.name));
const o = await measureOverhead(docs, { rounds: 1 });
console.log(
  `pool ${o.threadedMs.toFixed(1)} ms/doc vs in process ${o.inProcessMs.toFixed(1)} ms/doc (${o.ratio.toFixed(2)}x), cold ${o.coldMs.toFixed(0)} ms`,
);
const s = await measureStuckStop(500);
console.log(
  `stuck page: ${s.code} after ${s.answeredMs.toFixed(0)} ms (budget 500), event-loop gap ${s.maxEventLoopGapMs.toFixed(0)} ms`,
);
const failures = [];
if (!(o.ratio <= MAX_RATIO)) failures.push(`pool/in-process ${o.ratio.toFixed(2)}x > ${MAX_RATIO}x`);
if (s.code !== 'PDF_TIMEOUT') failures.push(`stuck page gave ${s.code}, not PDF_TIMEOUT`);
if (!(s.lateMs <= MAX_LATE_MS)) failures.push(`stuck page answered ${s.lateMs.toFixed(0)} ms late`);
if (!(s.maxEventLoopGapMs <= MAX_LOOP_GAP_MS)) failures.push(`event loop blocked ${s.maxEventLoopGapMs.toFixed(0)} ms`);
if (failures.length) {
  console.error(`pdf-worker smoke FAILED: ${failures.join('; ')}`);
  process.exit(1);
}
