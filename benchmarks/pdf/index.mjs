// Full PDF benchmark: speed (ours vs raw MuPDF vs pdf.js), OCR throughput, and layout quality vs docling.
// Run: node benchmarks/pdf/index.mjs   (build @scrape/core and @scrape/scraper first). One run, all 11 PDFs.
import { loadCorpus } from './corpus.mjs';
import { GOAL_VS_MUPDF, GOAL_VS_PDFJS, measureSpeed } from './speed.mjs';
import { measureOcr } from './ocr.mjs';
import { qualityTable, scoreDocument } from './quality.mjs';

const ROUNDS = Number(process.env.PDF_BENCH_ROUNDS ?? 5);
const corpus = loadCorpus();
const totalPages = corpus.reduce((n, d) => n + Object.keys(d.truth?.pages ?? {}).length, 0);
console.log(
  `PDF benchmark: ${corpus.length} PDFs, ${totalPages} pages (docling test data), ${ROUNDS} rounds per contender\n`,
);

const speed = await measureSpeed(corpus, { rounds: ROUNDS });
console.log('contender                          pages   wall ms  pages/s    CPU ms  pages/CPU-s');
for (const r of speed.rows)
  console.log(
    `${r.name.padEnd(32)} ${String(r.pages).padStart(7)} ${r.ms.toFixed(0).padStart(9)} ${r.pagesPerSecond.toFixed(1).padStart(8)} ${r.cpuMs.toFixed(0).padStart(9)} ${r.pagesPerCpuSecond.toFixed(1).padStart(12)}`,
  );
const verdict = (v, goal) => (v >= goal ? 'met' : 'NOT met');
console.log(
  `\nours / raw MuPDF (medians of per-round ratios) = ${speed.vsMupdf.toFixed(2)}x wall, ${speed.cpuVsMupdf.toFixed(2)}x CPU (goal >= ${GOAL_VS_MUPDF}x: ${verdict(speed.vsMupdf, GOAL_VS_MUPDF)})`,
);
console.log(
  `ours / pdf.js     = ${speed.vsPdfjs.toFixed(2)}x wall, ${speed.cpuVsPdfjs.toFixed(2)}x CPU (goal >= ${GOAL_VS_PDFJS}x: ${verdict(speed.vsPdfjs, GOAL_VS_PDFJS)})`,
);

const ocr = await measureOcr(corpus);
console.log(
  `\nOCR (mode "ocr", tesseract.js ${ocr.workers} workers, 200-600 dpi by page and glyph size): ${ocr.pages} pages in ${(ocr.ms / 1000).toFixed(1)} s = ${ocr.pagesPerSecond.toFixed(2)} pages/s, mean block confidence ${ocr.meanConfidence.toFixed(2)}`,
);

const scores = [];
for (const doc of corpus) if (doc.truth) scores.push(await scoreDocument(doc));
console.log(
  '\nLayout quality vs docling labels (R = recall, P = precision; order = concordant pairs of docling body order):',
);
console.log(qualityTable(scores).text);
