// What running parsePdf in the scraper's worker threads costs against calling it in process, and how fast a page
// stuck inside MuPDF is stopped. The docling PDFs come from ../pdf/corpus.mjs (shared data, never copied).
import * as mupdf from 'mupdf';
import { parsePdf } from '@scrape/core';
// The scraper's built pool (run `pnpm --filter @scrape/scraper build` first); the benchmarks package does not depend on it.
import { createPdfWorkerPool } from '../../packages/scraper/dist/pdf/createPdfWorkerPool.js';

const FAR = () => Date.now() + 120_000;
const OPTIONS = { mode: 'fast', blocks: true, pageMarkers: true };

/** Median ms per document in process and through a warm one-thread pool, documents interleaved, `rounds` times. */
export async function measureOverhead(docs, { rounds = 3 } = {}) {
  const pool = createPdfWorkerPool({ workers: 1 });
  try {
    let t = performance.now();
    await pool.parse(docs[0].bytes, OPTIONS, { deadline: FAR() });
    const coldMs = performance.now() - t;
    const inProcess = [];
    const threaded = [];
    for (let r = 0; r < rounds; r++) {
      for (const doc of docs) {
        t = performance.now();
        await parsePdf(doc.bytes, OPTIONS);
        inProcess.push(performance.now() - t);
        t = performance.now();
        await pool.parse(doc.bytes, OPTIONS, { deadline: FAR() });
        threaded.push(performance.now() - t);
      }
    }
    const sum = (a) => a.reduce((x, y) => x + y, 0);
    return {
      coldMs,
      inProcessMs: sum(inProcess) / inProcess.length,
      threadedMs: sum(threaded) / threaded.length,
      ratio: sum(threaded) / sum(inProcess),
    };
  } finally {
    await pool.close();
  }
}

/** One page drawing `runs` tiny text runs: seconds inside a single toStructuredText call. */
export function stuckPagePdf(runs = 2_000_000) {
  const doc = new mupdf.PDFDocument();
  const font = doc.addSimpleFont(new mupdf.Font('Helvetica'));
  const ops = ['BT /F1 2 Tf 5 195 Td'];
  for (let i = 0; i < runs; i++) ops.push(i % 120 === 119 ? '-238 -2.2 Td (ab) Tj' : '2 0 Td (ab) Tj');
  ops.push('ET');
  doc.insertPage(-1, doc.addPage([0, 0, 300, 200], 0, { Font: { F1: font } }, ops.join('\n')));
  return doc.saveToBuffer('compress').asUint8Array().slice();
}

/** How long after a `budgetMs` deadline the pool answers for a stuck page, and whether the event loop stayed free. */
export async function measureStuckStop(budgetMs = 500) {
  const pool = createPdfWorkerPool({ workers: 1 });
  try {
    const bytes = stuckPagePdf();
    let maxTick = 0;
    let last = performance.now();
    const ticker = setInterval(() => {
      const now = performance.now();
      maxTick = Math.max(maxTick, now - last);
      last = now;
    }, 10);
    const started = performance.now();
    const error = await pool.parse(bytes, { mode: 'fast' }, { deadline: Date.now() + budgetMs }).then(
      () => null,
      (e) => e,
    );
    const answeredMs = performance.now() - started;
    clearInterval(ticker);
    return {
      code: error?.details?.code ?? null,
      answeredMs,
      lateMs: answeredMs - budgetMs,
      maxEventLoopGapMs: maxTick,
    };
  } finally {
    await pool.close();
  }
}
