// CI smoke: same code paths on a small sample; fails when parsing, the speed ratio or quality collapses.
import { loadCorpus } from './corpus.mjs';
import { measureSpeed } from './speed.mjs';
import { measureOcr } from './ocr.mjs';
import { qualityTable, scoreDocument } from './quality.mjs';
import { measureShapes } from './shapesBench.mjs';

/** Floors far below the measured figures: they catch breakage, not noise on a shared CI machine. */
const MIN_VS_MUPDF = 0.3;
const MIN_HEADING_RECALL = 0.4;
const MIN_ORDER = 0.8;

const corpus = loadCorpus();
const sample = corpus.filter((d) => ['2305.03393v1-pg9', 'multi_page', 'normal_4pages'].includes(d.name));
const failures = [];

// The ratio is taken per round, in which ours and raw MuPDF take turns on each document, and the median of the
// rounds is kept: load on the shared CI machine hits both in a round and cancels. CPU time, which other processes
// disturb less than wall time. The gate is a collapse check; the printed median is the figure to quote.
// Six untimed passes first: our layout is JavaScript that V8 is still optimising over the first passes, while MuPDF's
// wasm is compiled once, so with one warm-up pass the early rounds timed a process warming up (two 20-round runs:
// first seven rounds' medians 0.77 and 0.73, later rounds' 0.85 and 0.79). A parsing worker runs warm.
const SPEED_WARMUPS = 6;
const SPEED_ROUNDS = 9;
const speed = await measureSpeed(sample, { rounds: SPEED_ROUNDS, warmups: SPEED_WARMUPS });
for (const r of speed.rows) console.log(`${r.name.padEnd(32)} ${r.pagesPerSecond.toFixed(1)} pages/s`);
const [lo, hi] = speed.cpuVsMupdfRange;
const rounds =
  `median of ${speed.rounds} interleaved rounds after ${SPEED_WARMUPS} untimed passes, ` +
  `rounds ${lo.toFixed(2)}-${hi.toFixed(2)}`;
console.log(
  `ours / raw MuPDF ${speed.cpuVsMupdf.toFixed(2)}x CPU (${rounds}; wall ${speed.vsMupdf.toFixed(2)}x), ` +
    `ours / pdf.js ${speed.cpuVsPdfjs.toFixed(2)}x CPU`,
);
if (!(speed.cpuVsMupdf >= MIN_VS_MUPDF))
  failures.push(`speed vs raw MuPDF ${speed.cpuVsMupdf.toFixed(2)}x < ${MIN_VS_MUPDF}x`);

const ocr = await measureOcr(sample.slice(0, 1), { maxPagesPerDoc: 1 });
console.log(
  `OCR: ${ocr.pages} page(s) at ${ocr.pagesPerSecond.toFixed(2)} pages/s, ${ocr.chars} chars, ` +
    `confidence ${ocr.meanConfidence.toFixed(2)}`,
);
if (ocr.pages !== 1 || ocr.chars < 500 || ocr.meanConfidence < 0.5) failures.push('OCR produced too little text');

const scores = [];
for (const doc of sample) scores.push(await scoreDocument(doc));
const { text, total } = qualityTable(scores);
console.log(text);
const headingRecall = total.headingsFound / total.headings;
const order = total.orderAgree / total.orderPairs;
if (!(headingRecall >= MIN_HEADING_RECALL))
  failures.push(`heading recall ${headingRecall.toFixed(2)} < ${MIN_HEADING_RECALL}`);
if (!(order >= MIN_ORDER)) failures.push(`reading order ${order.toFixed(2)} < ${MIN_ORDER}`);

// Layout shapes built by construction (letters, changing columns, two-level tables): far below the measured share.
const shapes = await measureShapes([1]);
console.log(`layout shapes: ${shapes.passed}/${shapes.total} checks`);
if (shapes.passed / shapes.total < 0.7) failures.push(`layout shapes ${shapes.passed}/${shapes.total} < 0.7`);

if (failures.length) {
  console.error(`pdf smoke FAILED: ${failures.join('; ')}`);
  process.exit(1);
}
console.log('pdf smoke ok');
