// Pool throughput at concurrency 1 against 4 on the same pages, interleaved rounds (goal from issue 27: 4 at least as
// fast as 1 on a 2-core machine). Each round renders `total` pages through a fresh pool of each size, in alternating
// order; reports renders/s per size (median and spread over rounds), the ratio 4 / 1 per round, and the CPU seconds
// Chromium spent per render (a figure that holds up on a loaded machine, where throughput does not).
// Usage: node benchmarks/browser/concurrency.mjs [rounds=5] [total=16]   (after `pnpm --filter @scrape/browser build`)
import { measureThroughput, startSite } from './measure.mjs';

const median = (v) => {
  const s = [...v].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const spread = (v) => ({ median: median(v), min: Math.min(...v), max: Math.max(...v) });

/** Rounds of size 1 and 4 in alternating order; returns per-size renders/s and the per-round ratio. */
export async function measureConcurrency({ base, rounds, total, log = () => {} }) {
  const perSecond = { 1: [], 4: [] };
  const cpu = { 1: [], 4: [] };
  const ratios = [];
  const failures = [];
  for (let round = 0; round < rounds; round++) {
    const sizes = round % 2 ? [4, 1] : [1, 4];
    const row = {};
    for (const size of sizes) {
      const r = await measureThroughput({ base, size, total, expect: 'Paragraph 59', bare: false });
      row[size] = r.perSecond;
      perSecond[size].push(r.perSecond);
      cpu[size].push(r.chromiumCpuPerRender);
      failures.push(...r.failures);
    }
    ratios.push(row[4] / row[1]);
    log(
      `  round ${round + 1}/${rounds}: 1 → ${row[1].toFixed(2)}/s, 4 → ${row[4].toFixed(2)}/s, 4/1 ${(row[4] / row[1]).toFixed(2)}`,
    );
  }
  const cpuPerRender = { one: spread(cpu[1]), four: spread(cpu[4]) };
  return {
    rounds,
    total,
    one: spread(perSecond[1]),
    four: spread(perSecond[4]),
    ratio: spread(ratios),
    cpuPerRender,
    failures,
  };
}

export function printConcurrency(r) {
  const f = (s, d = 2) => `${s.median.toFixed(d)} (${s.min.toFixed(d)}–${s.max.toFixed(d)})`;
  console.log(`\npool throughput, ${r.total} renders per run, ${r.rounds} interleaved rounds; median (min–max)`);
  console.log(`  concurrency 1: ${f(r.one)} renders/s, Chromium CPU ${f(r.cpuPerRender.one)} s per render`);
  console.log(`  concurrency 4: ${f(r.four)} renders/s, Chromium CPU ${f(r.cpuPerRender.four)} s per render`);
  console.log(`  4 / 1:         ${f(r.ratio)}   goal ≥ 1`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rounds = Number(process.argv[2] ?? 5);
  const total = Number(process.argv[3] ?? 16);
  const site = await startSite();
  try {
    const result = await measureConcurrency({ base: site.base, rounds, total, log: console.log });
    printConcurrency(result);
    if (result.failures.length) {
      console.error(`FAILED:\n${result.failures.slice(0, 10).join('\n')}`);
      process.exitCode = 1;
    }
  } finally {
    await site.close();
  }
}
