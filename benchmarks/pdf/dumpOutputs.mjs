// Every output parsePdf gives for the PDFs the benchmarks use (docling corpus, generated shapes and held-out-style
// tests), one JSON line per document and option set: compare two dumps byte for byte after a speed change.
// Run: node benchmarks/pdf/dumpOutputs.mjs > before.jsonl
import { parsePdf } from '@scrape/core';
import { loadCorpus } from './corpus.mjs';
import { buildShapes, DEV_SEEDS, HELD_OUT_SEEDS } from './shapes.mjs';
import * as heldOut from './heldOutTests.mjs';

const docs = [
  ...loadCorpus().map((d) => ({ name: d.name, pdf: d.bytes })),
  ...buildShapes([...DEV_SEEDS, ...HELD_OUT_SEEDS]).map((d, i) => ({ name: `shape-${i}`, pdf: d.pdf })),
  ...heldOut
    .buildTests([...heldOut.DEV_SEEDS, ...heldOut.HELD_OUT_SEEDS])
    .map((d, i) => ({ name: `test-${i}`, pdf: d.pdf })),
];
const OPTIONS = [
  { mode: 'fast', blocks: true, pageMarkers: true, pages: true },
  { mode: 'auto', blocks: true, pages: true },
];
for (const doc of docs)
  for (const options of OPTIONS) {
    let out;
    try {
      out = await parsePdf(doc.pdf, options);
    } catch (err) {
      out = { error: String(err?.message ?? err), code: err?.details?.code };
    }
    process.stdout.write(`${JSON.stringify({ name: doc.name, mode: options.mode, out })}\n`);
  }
