// Layout shapes built by construction (benchmarks/pdf/shapes.mjs): share of present/absent/order/table checks passed
// by parsePdf's markdown, on development seeds and held-out seeds. Run: node benchmarks/pdf/shapesBench.mjs [--show]
import { parsePdf } from '@scrape/core';
import { buildShapes, DEV_SEEDS, HELD_OUT_SEEDS, scoreShapes } from './shapes.mjs';

export async function measureShapes(seeds) {
  return scoreShapes(buildShapes(seeds), async (pdf) => (await parsePdf(pdf, {})).markdown);
}

export function shapesTable(rows) {
  const shapes = Object.keys(rows[0][1].perShape);
  let text = `| seeds | ${shapes.join(' | ')} | all |\n|---|${shapes.map(() => '---:').join('|')}|---:|\n`;
  for (const [name, r] of rows) {
    const cell = (s) => `${s.passed}/${s.total}`;
    text += `| ${name} | ${shapes.map((s) => cell(r.perShape[s])).join(' | ')} | ${(r.passed / r.total).toFixed(3)} |\n`;
  }
  return text;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dev = await measureShapes(DEV_SEEDS);
  const held = await measureShapes(HELD_OUT_SEEDS);
  console.log(
    shapesTable([
      ['development', dev],
      ['held out', held],
    ]),
  );
  if (process.argv.includes('--show'))
    for (const f of [...dev.failures, ...held.failures]) console.log('FAIL', f.doc, JSON.stringify(f.check));
}
