// The image-text generator of heldOutTests.mjs on seeds outside both splits (default 100–123), `auto` through the
// worker pool; prints the score and each failing check. Development material: tune here, never on the splits.
// Run (build the packages first): node benchmarks/pdf/imageTextSeeds.mjs [first] [count]
import { buildTests, scoreTests } from './heldOutTests.mjs';

const { createPdfWorkerPool } = await import('../../packages/scraper/dist/pdf/createPdfWorkerPool.js');
const { createTesseractOcr } = await import('../../packages/scraper/dist/ocr/createTesseractOcr.js');
const first = Number(process.argv[2] ?? 100);
const count = Number(process.argv[3] ?? 24);
const seeds = Array.from({ length: count }, (_, i) => first + i);
const docs = buildTests(seeds).filter((d) => d.cause === 'image-text');
let ocr;
const pool = createPdfWorkerPool({ workers: 1, ocr: () => (ocr ??= createTesseractOcr({ workers: 2 })) });
try {
  const parse = async (pdf) => (await pool.parse(pdf, { mode: 'auto' }, { deadline: Date.now() + 300_000 })).markdown;
  const score = await scoreTests(docs, parse);
  for (const f of score.failures)
    console.log(`FAIL ${f.doc} ${JSON.stringify(f.check)}${f.error ? ` (${f.error})` : ''}`);
  console.log(`image-text seeds ${first}-${first + count - 1}, auto: ${score.passed}/${score.total}`);
} finally {
  await pool.close();
  await ocr?.close();
}
