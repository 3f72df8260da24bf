// Full run: worker-thread overhead on every docling PDF (3 rounds) and the stuck-page stop. Prints a table.
import { loadCorpus } from '../pdf/corpus.mjs';
import { measureOverhead, measureStuckStop } from './measure.mjs';

const docs = loadCorpus();
const o = await measureOverhead(docs, { rounds: 3 });
const s = await measureStuckStop(500);
console.log('| measure | value |\n|---|---|');
console.log(`| documents | ${docs.length} × 3 rounds (fast, blocks, pageMarkers) |`);
console.log(`| in process, mean per document | ${o.inProcessMs.toFixed(1)} ms |`);
console.log(`| worker thread (warm), mean per document | ${o.threadedMs.toFixed(1)} ms |`);
console.log(`| worker / in process | ${o.ratio.toFixed(2)}x |`);
console.log(`| cold thread, first document | ${o.coldMs.toFixed(0)} ms |`);
console.log(`| stuck page, 500 ms budget: answered after | ${s.answeredMs.toFixed(0)} ms (${s.code}) |`);
console.log(`| longest event-loop gap meanwhile | ${s.maxEventLoopGapMs.toFixed(0)} ms |`);
